/**
 * Confirms the demo students' e-mail addresses in auth's store through auth's own domain code (the
 * same new version and auth.user.updated event as opening the link): nobody reads the demo
 * mailboxes. Run by confirm.ts with auth's environment; the addresses are its arguments.
 */
import { createRuntime } from '@quad/common';
import { loadServiceConfig } from '../../services/auth/src/config';
import { authServiceContext } from '../../services/auth/src/domain/context';
import { confirmAddressDirectly } from '../../services/auth/src/domain/email-confirmation';

async function main() {
  const runtime = await createRuntime({ service: 'auth', config: loadServiceConfig(process.env) });
  try {
    const deps = authServiceContext(runtime);
    let confirmed = 0;
    for (const email of process.argv.slice(2)) if (await confirmAddressDirectly(deps, email)) confirmed += 1;
    console.error(`[seed] ${confirmed} demo addresses confirmed`);
  } finally {
    await runtime.close();
  }
}

main().catch((err) => {
  console.error('[seed] confirming demo addresses failed:', err);
  process.exit(1);
});
