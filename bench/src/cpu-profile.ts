/**
 * Reads a V8 CPU profile (`node --cpu-prof`) and prints where the time went: self time per package
 * (the node_modules package, `node:` internals, or the workspace file's folder), self time of the
 * top functions, and inclusive time (the function and what it called) of the top functions. Idle
 * time is left out of the percentages, so they are shares of the busy CPU. Lines and columns are
 * those of the code as run (tsx's output for TypeScript), a pointer rather than an exact place.
 *
 *   node --import tsx bench/src/cpu-profile.ts <file.cpuprofile> [top functions, default 25] [from-to]
 *
 * `from-to` (seconds since the profile started, e.g. `40-60`) keeps only the samples of that window:
 * a load's steady part without the process's start. Busy milliseconds per second of the whole
 * profile are printed first, to find the window.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The package a script URL belongs to: `ioredis`, `@scope/name`, `node:internal/…`, or `services/forum/src/domain`. */
export function packageOf(url: string): string {
  if (!url) return '(native)';
  if (url.startsWith('node:')) {
    const parts = url.slice(5).split('/');
    return `node:${parts[0] === 'internal' ? parts.slice(0, 2).join('/') : parts[0]}`;
  }
  const path = url.replace(/^file:\/\//, '');
  const modules = path.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [first, second] = path.slice(modules + '/node_modules/'.length).split('/');
    return first!.startsWith('@') ? `${first}/${second}` : first!;
  }
  const workspace = /\/((?:services|packages|bench|scripts)\/[^/]+\/src(?:\/[^/]+)?)\//.exec(path);
  if (workspace) return workspace[1]!;
  return path;
}

function main(): void {
  const [file, topArg, windowArg] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node --import tsx bench/src/cpu-profile.ts <file.cpuprofile> [top]');
    process.exit(2);
  }
  const top = Number(topArg ?? 25);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const nameOf = (node: ProfileNode) => {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const file = url ? `${packageOf(url)}/${url.split('/').pop()}:${lineNumber + 1}:${columnNumber + 1}` : '';
    return `${functionName || '(anonymous)'} ${file}`.trim();
  };
  // Each sample's time since the profile started (ms); the samples outside the window are dropped.
  const at: number[] = [];
  let clock = 0;
  for (const delta of profile.timeDeltas) at.push((clock += delta / 1000));
  const perSecond: number[] = [];
  profile.samples.forEach((id, i) => {
    if (byId.get(id)!.callFrame.functionName === '(idle)') return;
    const second = Math.floor(at[i]! / 1000);
    perSecond[second] = (perSecond[second] ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000;
  });
  console.log(`busy ms per second: ${Array.from(perSecond, (ms, second) => `${second}:${Math.round(ms ?? 0)}`).join(' ')}`);
  const [from, to] = (windowArg ?? '').split('-').map(Number);
  if (windowArg) {
    const keep = profile.samples.map((_, i) => at[i]! >= from! * 1000 && at[i]! < to! * 1000);
    profile.samples = profile.samples.filter((_, i) => keep[i]);
    profile.timeDeltas = profile.timeDeltas.filter((_, i) => keep[i]);
    console.log(`window ${from}-${to} s`);
  }
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));

  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  for (const [id, ms] of selfMs) {
    const { functionName, url } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') {
      idle += ms;
      continue;
    }
    busy += ms;
    const pkg = url ? packageOf(url) : functionName.startsWith('(') ? functionName : '(native)';
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
    const name = nameOf(byId.get(id)!);
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  // Inclusive: each sample counts once for every distinct function on its stack.
  const inclusive = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    if (byId.get(id)!.callFrame.functionName === '(idle)') return;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) seen.add(nameOf(byId.get(at)!));
    for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
  });
  const print = (title: string, entries: Map<string, number>, count: number) => {
    console.log(`\n${title}`);
    for (const [name, ms] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, count)) {
      console.log(`${((100 * ms) / busy).toFixed(1).padStart(6)} %  ${ms.toFixed(0).padStart(7)} ms  ${name}`);
    }
  };
  console.log(`${file}: busy ${(busy / 1000).toFixed(1)} s, idle ${(idle / 1000).toFixed(1)} s`);
  print('self time by package', byPackage, 30);
  print(`self time by function (top ${top})`, byFunction, top);
  print(`inclusive time by function (top ${top})`, inclusive, top);
}

main();
