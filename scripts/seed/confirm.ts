/**
 * The demo students' addresses are confirmed (issue 25: "existing demo students are confirmed"),
 * as if each had opened the link e-mailed at sign-up: confirm-direct.ts in a child process with
 * auth's environment. Idempotent: a confirmed address is left as it is.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { REPO_ROOT, directAuthEnv } from '../dev-env';

export async function confirmDemoAddresses(emails: string[]): Promise<void> {
  // Waited for without blocking this process, as the campus step is (campus.ts says why).
  try {
    const { stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', 'seed', 'confirm-direct.ts'), ...emails], {
      cwd: REPO_ROOT,
      env: directAuthEnv(),
      encoding: 'utf8',
    });
    process.stderr.write(stderr);
  } catch (err) {
    process.stderr.write(String((err as { stderr?: string }).stderr ?? ''));
    throw new Error('confirming the demo addresses failed (see above)');
  }
}
