import infraSetup from '@quad/common/src/testing/global-setup';
import { startOwnNats } from '@quad/common/src/testing/test-servers';
import { ensureWebBuild, startSystem } from './support/system';

declare global {
  // eslint-disable-next-line no-var
  var __QUAD_E2E_CHILDREN__: import('node:child_process').ChildProcess[] | undefined;
  // eslint-disable-next-line no-var
  var __QUAD_E2E_NATS__: import('@quad/common/src/testing/test-servers').TestServer | undefined;
}

/**
 * Infrastructure (shared with the server project when both run), the web build, then the system.
 * The journeys' services get a NATS of their own, as each server test file does
 * (own-nats-environment.ts): on the shared one, every event the server tests published (a file that
 * stores 240 accounts at once, say) queued in each journey service's user directory ahead of the
 * journey's own student, who then waited over 20 s to be known to commerce.
 */
export default async function globalSetup(): Promise<void> {
  await infraSetup();
  ensureWebBuild();
  const nats = await startOwnNats();
  globalThis.__QUAD_E2E_NATS__ = nats;
  const { baseUrl, children } = await startSystem(nats ? { NATS_URL: nats.url } : {});
  globalThis.__QUAD_E2E_CHILDREN__ = children;
  process.env.E2E_BASE_URL = baseUrl;
  process.stderr.write(`[e2e] system ready at ${baseUrl}\n`);
}
