import { ensureIndexes } from '@quad/common';
import type { Connection } from 'mongoose';
import { seedColleges } from './domain/colleges';
import { authModels } from './models';

/** Registers the models, builds their indexes (failing loudly if one is unsupported) and upserts the colleges. */
export async function prepareDatabase(db: Connection): Promise<void> {
  const models = authModels(db);
  await ensureIndexes(db);
  await seedColleges(models);
}
