import { type ServiceRuntime, ensureIndexes } from '@quad/common';
import type { Config } from './config';
import { chatContext } from './domain/context';

/** Before chat listens: every model registered and its indexes built (a failure stops the start). */
export async function prepareChat(runtime: ServiceRuntime<Config>): Promise<void> {
  chatContext(runtime);
  await ensureIndexes(runtime.db);
}
