/**
 * What a process allocated in a window and still held after a full collection at its end, from a
 * sampling heap profile written by heap-survivors-preload.cjs (the inspector's
 * `HeapProfiler.startSampling`, then `collectGarbage`, then `getSamplingProfile`: the profile keeps
 * only the sampled objects still alive). These are the objects a scavenge copies and promotes.
 *
 *   npx tsx bench/src/heap-survivors.ts <dir>/<pid>-<time>-1000ms.json [frames]
 *
 * Prints the live bytes by allocation stack (its innermost `frames` frames, 4 unless given).
 */
import { readFileSync } from 'node:fs';

interface Node {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  id: number;
  children: Node[];
}

const [file, framesArg] = process.argv.slice(2);
if (!file) throw new Error('a sampling heap profile (JSON)');
const depth = Number(framesArg ?? 4);
const profile = JSON.parse(readFileSync(file, 'utf8')) as { head: Node };

/** Frames named from the checkout they ran in (run this from it), a library by its package. */
const checkout = `${process.cwd()}/`;
const frameName = (node: Node) => {
  const url = node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\//, '').replace(checkout, '').replace(/^node:/, '');
  return `${node.callFrame.functionName || '(anonymous)'} ${url}:${node.callFrame.lineNumber + 1}`;
};

const byStack = new Map<string, number>();
let total = 0;
function walk(node: Node, stack: string[]): void {
  const here = [frameName(node), ...stack];
  if (node.selfSize > 0) {
    total += node.selfSize;
    const key = here.slice(0, depth).join('  <  ');
    byStack.set(key, (byStack.get(key) ?? 0) + node.selfSize);
  }
  for (const child of node.children) walk(child, here);
}
for (const child of profile.head.children) walk(child, []);
process.stdout.on('error', () => process.exit(0));
console.log(`${(total / 1e6).toFixed(2)} MB allocated in the window and alive after a full collection at its end`);
for (const [stack, size] of [...byStack].sort((a, b) => b[1] - a[1]).slice(0, 35))
  console.log(`${(size / 1e3).toFixed(0).padStart(7)} KB  ${stack}`);
