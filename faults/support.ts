import { appendFileSync } from 'node:fs';
import { bearer } from '@quad/common/src/testing';

/** One call as a client makes it; a call that gets no answer in `timeoutMs` is status 0. */
export async function call(
  baseUrl: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  timeoutMs = 10_000,
): Promise<{ status: number; body: Record<string, unknown>; ms: number }> {
  const started = Date.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: { ...(token ? bearer(token) : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = { text };
    }
    return { status: response.status, body: parsed, ms: Date.now() - started };
  } catch (err) {
    return { status: 0, body: { message: (err as Error).message }, ms: Date.now() - started };
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a scenario did and found, printed as one line (and appended to FAULTS_SUMMARY_FILE when set). */
export function summary(line: {
  scenario: string;
  injected: string;
  requests: number;
  messages: number;
  lost: number;
  duplicated: number;
  notes?: string;
}): void {
  const text =
    `[faults] ${line.scenario}: injected ${line.injected}; requests ${line.requests}, messages checked ${line.messages}, ` +
    `lost ${line.lost}, duplicated ${line.duplicated}${line.notes ? ` (${line.notes})` : ''}`;
  process.stderr.write(`${text}\n`);
  if (process.env.FAULTS_SUMMARY_FILE) appendFileSync(process.env.FAULTS_SUMMARY_FILE, `${JSON.stringify(line)}\n`);
}

/**
 * A connection-level balancer in front of a service's replicas, as a Kubernetes Service is: each
 * new connection goes to the next replica in turn, and a replica that refuses (killed) is skipped,
 * as its endpoint would be taken out. The gateway's one upstream address for chat points here.
 * `targets` is read at each new connection: add and remove replicas in it as a rollout does.
 */
export async function startBalancer(targets: Array<{ url: string }>): Promise<{ url: string; close(): Promise<void> }> {
  const { createServer, connect } = await import('node:net');
  let turn = 0;
  const open = new Set<import('node:net').Socket>();
  const server = createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.pause();
    const tryTarget = (tries: number) => {
      if (tries >= targets.length) return client.destroy();
      const { hostname, port } = new URL(targets[turn++ % targets.length]!.url);
      const upstream = connect(Number(port), hostname);
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        open.add(upstream);
        // A replica that closes its side (a drained connection) closes the client's the same way,
        // after what it wrote has gone out; only a broken one is cut.
        upstream.on('close', (hadError) => {
          open.delete(upstream);
          if (hadError) client.destroy();
          else client.end();
        });
        client.on('close', () => upstream.destroy());
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
      upstream.once('error', () => {
        if (!connected) tryTarget(tries + 1);
      });
    };
    tryTarget(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** SIGTERMs a process and waits for it to exit; returns how long that took, or -1 when it had to be SIGKILLed after `withinMs`. */
export async function stopWithin(target: { stop(signal?: NodeJS.Signals): Promise<void> } | undefined, withinMs = 30_000): Promise<number> {
  if (!target) return 0;
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), withinMs);
  });
  const stopped = await Promise.race([target.stop('SIGTERM').then(() => false), gaveUp]);
  clearTimeout(timer);
  if (!stopped) return Date.now() - started;
  await target.stop('SIGKILL');
  return -1;
}
