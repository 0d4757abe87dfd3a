import type { RequestHandler } from 'express';

/** A named dependency check: resolves when the dependency answers. */
export type ReadinessCheck = { name: string; check: () => Promise<unknown> };

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
    checks.map(async ({ name, check }) => {
      try {
        await withTimeout(check(), CHECK_TIMEOUT_MS);
        return [name, { status: 'ok' }] as const;
      } catch (err) {
        return [name, { status: 'error', error: (err as Error).message }] as const;
      }
    }),
  );
  const components = Object.fromEntries(results);
  const ok = results.every(([, r]) => r.status === 'ok');
  return { ok, components };
}

/** /healthz: the process is up. /readyz: every dependency answers (503 and which one otherwise). */
export const healthz: RequestHandler = (_req, res) => {
  res.json({ status: 'ok' });
};

export function readyz(checks: ReadinessCheck[], isShuttingDown: () => boolean): RequestHandler {
  return async (_req, res) => {
    if (isShuttingDown()) return void res.status(503).json({ status: 'shutting-down', components: {} });
    const { ok, components } = await runChecks(checks);
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'error', components });
  };
}
