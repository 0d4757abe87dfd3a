import infraSetup from '@quad/common/src/testing/global-setup';
import { ensureWebBuild, startSystem } from './support/system';

declare global {
  // eslint-disable-next-line no-var
  var __QUAD_E2E_CHILDREN__: import('node:child_process').ChildProcess[] | undefined;
}

/** Infrastructure (shared with the server project when both run), the web build, then the system. */
export default async function globalSetup(): Promise<void> {
  await infraSetup();
  ensureWebBuild();
  const { baseUrl, children } = await startSystem();
  globalThis.__QUAD_E2E_CHILDREN__ = children;
  process.env.E2E_BASE_URL = baseUrl;
  process.stderr.write(`[e2e] system ready at ${baseUrl}\n`);
}
