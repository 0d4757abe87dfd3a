import { backOff } from 'exponential-backoff';
import mongoose, { type Connection, type Model, type QueryFilter, type UpdateQuery } from 'mongoose';
import type { Logger } from './logger';

export type { Connection };

// Filters are never built from raw client objects: strict queries drop unknown paths and
// sanitizeFilter neutralises `$`-operators smuggled in through request values.
mongoose.set('strictQuery', true);
mongoose.set('sanitizeFilter', true);

/** One connection per service database, retried with backoff so start-up order does not matter. */
export async function connectMongo(url: string, dbName: string, logger: Logger): Promise<Connection> {
  return backOff(
    async () => {
      const connection = mongoose.createConnection(url, {
        dbName,
        serverSelectionTimeoutMS: 3000,
        autoIndex: false, // indexes are built explicitly with syncIndexes at start, so failures show at once
      });
      await connection.asPromise();
      return connection;
    },
    {
      numOfAttempts: 8,
      startingDelay: 250,
      maxDelay: 4000,
      retry: (err, attempt) => {
        logger.warn({ err: err?.message, attempt }, 'MongoDB not ready, retrying');
        return true;
      },
    },
  );
}

/** Builds every model's indexes and fails loudly if one cannot be created (e.g. an unsupported kind on FerretDB). */
export async function ensureIndexes(connection: Connection): Promise<void> {
  for (const model of Object.values(connection.models)) {
    await model.init();
    await model.createIndexes();
  }
}

/**
 * Writes fixed reference rows (colleges, topics) at start, safe on every start and replica: each is
 * upserted by id. Two replicas starting on an empty database both insert; the one that loses finds
 * the row written with the same fields (a bulk write would stop that replica's start instead).
 */
export async function upsertFixedRows<T extends { _id: string | number }>(
  model: Model<T>,
  rows: readonly T[],
): Promise<void> {
  for (const { _id, ...fields } of rows) {
    try {
      await model.updateOne({ _id } as QueryFilter<T>, { $set: fields } as UpdateQuery<T>, {
        upsert: true,
      });
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
    }
  }
}

export async function pingMongo(connection: Connection): Promise<void> {
  if (!connection.db) throw new Error('not connected');
  await connection.db.admin().command({ ping: 1 });
}

/** Mongo ids from the client are validated before they reach a query. */
export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && mongoose.isObjectIdOrHexString(value) && /^[a-f\d]{24}$/i.test(value);
}

/** Common JSON shape: `id` instead of `_id`, no `__v`. */
export const toJSONOptions = {
  virtuals: true,
  versionKey: false,
  transform(_doc: unknown, ret: Record<string, unknown>) {
    ret.id = String(ret._id);
    delete ret._id;
    return ret;
  },
};
