/** WCAG relative luminance of a #RRGGBB colour. */
function luminance([r, g, b]: number[]): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
}

const AA_NORMAL_TEXT = 4.5;

/**
 * The colour itself, or a deeper shade of it (same hue, each channel scaled down) on which white
 * text reads at WCAG AA (4.5:1). Profile colours such as '#3B82F6' are a little light for white
 * initials; anything not #RRGGBB (a gradient) is returned as it is.
 */
export function deepenForWhiteText(colour: string): string {
  const match = /^#([0-9a-f]{6})$/i.exec(colour);
  if (!match) return colour;
  let rgb = [0, 2, 4].map((i) => parseInt(match[1]!.slice(i, i + 2), 16));
  for (let step = 0; step < 20 && 1.05 / (luminance(rgb) + 0.05) < AA_NORMAL_TEXT; step++) {
    rgb = rgb.map((channel) => Math.round(channel * 0.94));
  }
  return `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** A gradient's #RRGGBB stops, each deepened as deepenForWhiteText does. */
export function deepenGradientForWhiteText(gradient: string): string {
  return gradient.replace(/#[0-9a-f]{6}\b/gi, (stop) => deepenForWhiteText(stop));
}
