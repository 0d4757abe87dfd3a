/**
 * Seed module: the demo campus (named admins and 2,000 generated students), made by
 * campus-direct.ts in a child process that runs with auth's environment (its store and signing
 * settings), since no public API creates students without a password hash each.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { portsFromEnv } from '@quad/infra-local';
import { REPO_ROOT, serviceEnv } from '../dev-env';
import type { SeedContext } from './context';

export const CAMPUS_STUDENTS = 2000;
export const CAMPUS_PASSWORD = 'quad-campus-2026';
export const DEMO_ADMIN_PASSWORD = 'quad-admin-2026';

async function seed(ctx: SeedContext): Promise<void> {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', 'seed', 'campus-direct.ts')], {
    cwd: REPO_ROOT,
    env: { ...serviceEnv('auth', { ports: portsFromEnv(process.env) }), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error('the campus seed failed (see above)');
  const { graceSecret } = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as { graceSecret?: string };
  ctx.logins.push({ label: 'Admin Grace Hopper (2FA)', email: 'grace.hopper@quad.app', password: DEMO_ADMIN_PASSWORD });
  ctx.logins.push({ label: '  her authenticator secret', password: graceSecret ?? '(unknown)' });
  ctx.logins.push({ label: 'Admin Alan Turing (sets up 2FA)', email: 'alan.turing@quad.app', password: DEMO_ADMIN_PASSWORD });
  ctx.logins.push({ label: `${CAMPUS_STUDENTS.toLocaleString('en-US')} generated students`, email: 'e.g. aiden.adams.1@mit.edu', password: CAMPUS_PASSWORD });
}

export const campusSeed = { name: 'campus', seed };
