import { type ServiceRuntime, ensureIndexes } from '@quad/common';
import type { Config } from './config';
import { commerceContext } from './domain/context';

/** Before commerce listens: every model registered (by its context) and its indexes built; a failure stops the start. */
export async function prepareCommerce(runtime: ServiceRuntime<Config>): Promise<void> {
  commerceContext(runtime);
  await ensureIndexes(runtime.db);
}
