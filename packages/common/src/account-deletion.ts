import type { EventData } from '@quad/contracts';
import { startConsumers } from './events';
import type { ServiceRuntime } from './runtime';

/**
 * A student deleted their account (issue 25): auth announces `auth.user.deleted` through its
 * outbox, and every service that holds something of theirs removes or anonymises it from its own
 * store (never another's). Each service passes its own `forget`, which must be idempotent by
 * construction: it removes what is still there, so a replayed or repeated event finds nothing
 * more to do. The durable is the service's own (`<prefix>-account-deletion`), apart from the user
 * directory's, so a slow deletion never holds up directory changes.
 */
export async function runAccountDeletion(
  runtime: ServiceRuntime,
  forget: (deleted: EventData<'auth.user.deleted'>) => Promise<void>,
): Promise<void> {
  runtime.consumers.push(
    await startConsumers({
      ...runtime,
      durable: `${runtime.consumerPrefix}-account-deletion`,
      handlers: { 'auth.user.deleted': ({ data }) => forget(data) },
    }),
  );
}
