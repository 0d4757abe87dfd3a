import { type ServiceRuntime, runAccountDeletion, runUserDirectory, startConsumers } from '@quad/common';
import type { Config } from './config';
import { forgetNotificationsUser } from './domain/account-deletion';
import { notificationsContext } from './domain/context';
import { notificationHandlers } from './domain/sources';

/**
 * What notifications consumes: the shared user directory (names, e-mail addresses, colleges),
 * account deletions (domain/account-deletion.ts), and
 * the events that notify someone (domain/sources.ts) on their own durable. An e-mail that cannot go
 * out fails its event, which is redelivered every 15 s for about 15 minutes (the notification
 * itself is stored on the first try and not again).
 */
export async function startEventConsumers(runtime: ServiceRuntime<Config>): Promise<void> {
  await runUserDirectory(runtime);
  await runAccountDeletion(runtime, ({ userId }) => forgetNotificationsUser(notificationsContext(runtime), userId));
  runtime.consumers.push(
    await startConsumers({
      ...runtime,
      durable: `${runtime.consumerPrefix}-notify`,
      handlers: notificationHandlers(notificationsContext(runtime)),
      maxDeliver: 60,
      retryDelayMs: 15_000,
    }),
  );
}
