import { signAccessToken } from '../jwt';

/** Signs a token as the auth service would, with the test-only private key. */
export function testToken(claims: { userId: string; collegeId?: string | null; isAdmin?: boolean }, ttlSeconds = 3600) {
  const privateKey = process.env.TEST_JWT_PRIVATE_KEY;
  if (!privateKey) throw new Error('TEST_JWT_PRIVATE_KEY is not set: run tests through the jest global setup');
  return signAccessToken(
    privateKey,
    { sub: claims.userId, college: claims.collegeId ?? null, adm: claims.isAdmin ?? false },
    ttlSeconds,
  ).token;
}

/** Polls until `check` returns a truthy value (events arrive asynchronously); no fixed sleeps. */
export async function waitFor<T>(check: () => Promise<T> | T, { timeoutMs = 10_000, intervalMs = 50 } = {}): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`waitFor timed out after ${timeoutMs} ms${lastError ? `: ${(lastError as Error).message}` : ''}`);
}
