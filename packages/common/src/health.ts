import type { RequestHandler } from 'express';

/**
 * A named dependency check: resolves when the dependency answers. A `required: false` dependency
 * is reported when it fails but does not make the process unready: the process still serves its
 * requests without it (NATS: writes go on through the outbox, events follow when it is back).
 */
export type ReadinessCheck = { name: string; check: () => Promise<unknown>; required?: boolean };

const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (err) => (clearTimeout(timer), reject(err)),
    );
  });
}

export async function runChecks(checks: ReadinessCheck[]) {
  const results = await Promise.all(
    checks.map(async ({ name, check, required }) => {
      try {
        await withTimeout(check(), CHECK_TIMEOUT_MS);
        return [name, { status: 'ok' }] as const;
      } catch (err) {
        return [name, { status: 'error', error: (err as Error).message, ...(required === false ? { required } : {}) }] as const;
      }
    }),
  );
  const components = Object.fromEntries(results);
  const ok = results.every(([, r]) => r.status === 'ok' || ('required' in r && r.required === false));
  const degraded = ok && results.some(([, r]) => r.status !== 'ok');
  return { ok, degraded, components };
}

/**
 * /healthz: the process is up. /readyz: every required dependency answers (503 and which one
 * otherwise); a failing optional one is named and the answer is 200 with status `degraded`.
 */
export const healthz: RequestHandler = (_req, res) => {
  res.json({ status: 'ok' });
};

export function readyz(checks: ReadinessCheck[], isShuttingDown: () => boolean): RequestHandler {
  return async (_req, res) => {
    if (isShuttingDown()) return void res.status(503).json({ status: 'shutting-down', components: {} });
    const { ok, degraded, components } = await runChecks(checks);
    res.status(ok ? 200 : 503).json({ status: ok ? (degraded ? 'degraded' : 'ok') : 'error', components });
  };
}
