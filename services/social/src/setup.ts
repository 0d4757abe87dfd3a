import { type ServiceRuntime, ensureIndexes } from '@quad/common';
import type { Config } from './config';
import { socialContext } from './domain/context';

/** Before social listens: every model registered and its indexes built (a failure stops the start). */
export async function prepareSocial(runtime: ServiceRuntime<Config>): Promise<void> {
  socialContext(runtime);
  await ensureIndexes(runtime.db);
}
