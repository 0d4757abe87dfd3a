// Lint: web styles take their spacing and sizes from the theme (src/app/theme.ts: space(), sizes,
// radii, iconSizes, fontSizes, layout…), not raw `rem`/`px`. What may stay raw is allowed below,
// each with its reason: hairlines (1–3 px borders and outlines), layout measures (a width, height
// or grid track of 6rem/96px or more), motion and effects (keyframe offsets, blurs, gradients,
// glows), media-query breakpoints, and the few lines listed by file.
// Run by `npm run lint`; plain Node, nothing to install.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(web, 'src');
/** The one place lengths are defined. */
const THEME = 'src/app/theme.ts';
const LENGTH = /(?<![\w.#-])(-?\d*\.?\d+)(rem|px)\b/g;
/** Hairlines: borders, outlines, focus offsets, a pixel's nudge. */
const HAIRLINE_PX = 3;

/** A layout measure: a width, height, flex basis or grid track this long or longer. */
const MEASURE_REM = 6;
const MEASURE_PROPERTY = /(width|height|flex|grid-template|minmax|min\(|\$width|\$height)/;
/** Motion and effects: how far an element slides in, blurs, glows; and breakpoints. */
const EFFECT = /(translate[XY]?\(|blur\(|radial-gradient\(|spotlightShadow|@media)/;

/** Raw lengths that stay, by file and the text of the line. */
const ALLOWED = [
  { file: 'src/ui/field.styles.ts', text: 'rem;', why: 'draws the select arrow' },
  { file: 'src/ui/checkbox.tsx', text: 'rem;', why: 'draws the tick' },
  { file: 'src/ui/checkbox.tsx', text: 'border-radius: 5px', why: "the box's own corner, between radii.xs and radii.sm" },
  { file: 'src/app/global-style.ts', text: 'font-size: 16px', why: 'form controls at 16px so that iOS Safari does not zoom into them' },
];

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name)) yield path;
  }
}

const problems = [];
for (const path of sourceFiles(src)) {
  const file = relative(web, path).split('\\').join('/');
  if (file === THEME) continue;
  const lines = readFileSync(path, 'utf8').split('\n');
  lines.forEach((line, index) => {
    const code = line.trim();
    if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return;
    for (const match of line.matchAll(LENGTH)) {
      const [raw, value, unit] = match;
      const length = Math.abs(Number(value));
      if (unit === 'px' && length <= HAIRLINE_PX) continue;
      if ((unit === 'rem' ? length : length / 16) >= MEASURE_REM && MEASURE_PROPERTY.test(line)) continue;
      if (EFFECT.test(line)) continue;
      if (ALLOWED.some((allowed) => allowed.file === file && (!allowed.text || line.includes(allowed.text)))) continue;
      problems.push(`${file}:${index + 1}: raw ${raw} — use the theme (space(), theme.sizes, theme.radii, theme.iconSizes, theme.layout)`);
    }
  });
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} raw rem/px length(s) outside ${THEME} (web/scripts/lint-raw-units.mjs).`);
  process.exit(1);
}
console.log('raw units: every length outside the theme is a hairline or allowed');
