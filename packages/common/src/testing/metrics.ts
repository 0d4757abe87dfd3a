/**
 * The values of one metric in a Prometheus text exposition (what GET /metrics answers) whose
 * labels include `labels`: one entry per matching series.
 */
export function metricValues(exposition: string, name: string, labels: Record<string, string> = {}): number[] {
  const values: number[] = [];
  for (const line of exposition.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const series = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => series[key] === value)) values.push(Number(match[3]));
  }
  return values;
}
