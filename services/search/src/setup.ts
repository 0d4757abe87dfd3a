import { type ServiceRuntime, ensureIndexes } from '@quad/common';

/** Before search listens: its models' indexes built; a failure stops the start. */
export async function prepareSearch(runtime: ServiceRuntime): Promise<void> {
  await ensureIndexes(runtime.db);
}
