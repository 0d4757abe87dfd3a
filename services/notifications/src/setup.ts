import { type ServiceRuntime, ensureIndexes } from '@quad/common';
import type { Config } from './config';
import { notificationsContext } from './domain/context';

/** Before notifications listens: every model registered (by its context) and its indexes built; a failure stops the start. */
export async function prepareNotifications(runtime: ServiceRuntime<Config>): Promise<void> {
  notificationsContext(runtime);
  await ensureIndexes(runtime.db);
}
