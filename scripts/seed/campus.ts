/**
 * Seed module: the demo campus (named admins and 2,000 generated students), made by
 * campus-direct.ts in a child process that runs with auth's environment (its store and signing
 * settings), since no public API creates students without a password hash each.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { REPO_ROOT, directAuthEnv } from '../dev-env';
import type { SeedContext } from './context';

export const CAMPUS_STUDENTS = 2000;
export const CAMPUS_PASSWORD = 'quad-campus-2026';
export const DEMO_ADMIN_PASSWORD = 'quad-admin-2026';

async function seed(ctx: SeedContext): Promise<void> {
  // A child process, waited for without blocking this one: a seed blocked for the campus step's two
  // minutes missed the gateway closing its idle keep-alive connection (65 s) and sent the next
  // request on it ("other side closed", seen in the container run).
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', 'seed', 'campus-direct.ts')], {
      cwd: REPO_ROOT,
      env: directAuthEnv(),
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    }));
  } catch (err) {
    process.stderr.write(String((err as { stderr?: string }).stderr ?? ''));
    throw new Error('the campus seed failed (see above)');
  }
  const { graceSecret } = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { graceSecret?: string };
  ctx.logins.push({ label: 'Admin Grace Hopper (2FA)', email: 'grace.hopper@quad.app', password: DEMO_ADMIN_PASSWORD });
  ctx.logins.push({ label: '  her authenticator secret', password: graceSecret ?? '(unknown)' });
  ctx.logins.push({ label: 'Admin Alan Turing (sets up 2FA)', email: 'alan.turing@quad.app', password: DEMO_ADMIN_PASSWORD });
  ctx.logins.push({ label: `${CAMPUS_STUDENTS.toLocaleString('en-US')} generated students`, email: 'e.g. aiden.adams.1@mit.edu', password: CAMPUS_PASSWORD });
}

export const campusSeed = { name: 'campus', seed };
