/**
 * The demo campus, made directly in auth's store through auth's own repository (so every
 * student's auth.user.registered event goes out as a sign-up's would): two named admins, one
 * with its authenticator set up, and 2,000 generated students across the colleges with one
 * shared password hash. Run by the campus seed module with auth's environment; prints its logins
 * as one JSON line.
 */
import { createRuntime } from '@quad/common';
import { loadServiceConfig } from '../../services/auth/src/config';
import { createStudentsInBulk, generatedStudents } from '../../services/auth/src/domain/bulk-students';
import { authServiceContext } from '../../services/auth/src/domain/context';
import { ensureDemoAdmin } from '../../services/auth/src/domain/demo-admins';
import { CAMPUS_PASSWORD, CAMPUS_STUDENTS, DEMO_ADMIN_PASSWORD } from './campus';

async function main() {
  const config = loadServiceConfig(process.env);
  const runtime = await createRuntime({ service: 'auth', config });
  try {
    const deps = authServiceContext(runtime);
    const grace = await ensureDemoAdmin(deps, { email: 'grace.hopper@quad.app', firstName: 'Grace', lastName: 'Hopper', password: DEMO_ADMIN_PASSWORD, twoFactor: true });
    await ensureDemoAdmin(deps, { email: 'alan.turing@quad.app', firstName: 'Alan', lastName: 'Turing', password: DEMO_ADMIN_PASSWORD, twoFactor: false });
    const started = Date.now();
    const created = await createStudentsInBulk(deps, generatedStudents(CAMPUS_STUDENTS), CAMPUS_PASSWORD);
    console.error(`[seed] campus: ${created} generated students made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(JSON.stringify({ graceSecret: grace.secret }));
  } finally {
    await runtime.close();
  }
}

main().catch((err) => {
  console.error('[seed] campus failed:', err);
  process.exit(1);
});
