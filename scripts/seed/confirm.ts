/**
 * The demo students' addresses are confirmed (issue 25: "existing demo students are confirmed"),
 * as if each had opened the link e-mailed at sign-up: confirm-direct.ts in a child process with
 * auth's environment. Idempotent: a confirmed address is left as it is.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { portsFromEnv } from '@quad/infra-local';
import { REPO_ROOT, serviceEnv } from '../dev-env';

export function confirmDemoAddresses(emails: string[]): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', 'seed', 'confirm-direct.ts'), ...emails], {
    cwd: REPO_ROOT,
    env: { ...serviceEnv('auth', { ports: portsFromEnv(process.env) }), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error('confirming the demo addresses failed (see above)');
}
