import { type ServiceRuntime, ensureIndexes } from '@quad/common';
import { seedColleges } from './domain/colleges';
import { authModels } from './models';

/** Before auth listens: the models registered, their indexes built (failing loudly if one is unsupported) and the colleges upserted. */
export async function prepareAuth(runtime: Pick<ServiceRuntime, 'db'>): Promise<void> {
  const models = authModels(runtime.db);
  await ensureIndexes(runtime.db);
  await seedColleges(models);
}
