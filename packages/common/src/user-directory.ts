import type { RequestHandler } from 'express';
import mongoose, { type Connection, type Model } from 'mongoose';
import type { DirectoryUser, EventData } from '@quad/contracts';
import { HttpError, unauthorized } from './errors';
import { oneAtATime } from './one-at-a-time';
import { type ConsumerOptions, type RunningConsumer, startConsumers } from './events';
import type { ServiceRuntime } from './runtime';

/** A service's own copy of what it needs to know about users, fed only by events. */
export interface DirectoryEntry extends Omit<DirectoryUser, 'userId' | 'version'> {
  _id: string;
  authVersion: number;
  subscriptionExpiresAt: Date | null;
  subscriptionVersion: number;
  ban: { reason: string; until: Date } | null;
  banVersion: number;
}

const directorySchema = new mongoose.Schema<DirectoryEntry>(
  {
    _id: { type: String, required: true },
    authVersion: { type: Number, default: -1 },
    firstName: { type: String, default: '' },
    lastName: { type: String, default: '' },
    email: { type: String, default: null },
    profileColor: { type: String, default: '#3B82F6' },
    profileImageUrl: { type: String, default: null },
    collegeId: { type: String, default: null, index: true },
    collegeName: { type: String, default: null },
    collegeInitials: { type: String, default: null },
    major: { type: String, default: '' },
    graduationYear: { type: Number, default: null },
    isAdmin: { type: Boolean, default: false },
    subscriptionExpiresAt: { type: Date, default: null },
    subscriptionVersion: { type: Number, default: -1 },
    ban: { type: new mongoose.Schema({ reason: String, until: Date }, { _id: false }), default: null },
    banVersion: { type: Number, default: -1 },
  },
  { versionKey: false, collection: 'directory_users' },
);

export type DirectoryModel = Model<DirectoryEntry>;

export function directoryModel(db: Connection): DirectoryModel {
  return (db.models.DirectoryUser as DirectoryModel) ?? db.model<DirectoryEntry>('DirectoryUser', directorySchema);
}

/**
 * Applies a change only if it is newer than what the copy holds. An upsert that hits the unique
 * _id means the record exists: either this event is stale (its version guard failed), or another
 * stream's event for the same new user inserted the record a moment earlier (streams are consumed
 * concurrently). A plain guarded update then applies it in the second case and matches nothing in
 * the first.
 */
async function applyVersioned(
  Directory: DirectoryModel,
  userId: string,
  versionField: 'authVersion' | 'subscriptionVersion' | 'banVersion',
  version: number,
  set: Partial<DirectoryEntry>,
): Promise<void> {
  const filter = () => ({ _id: userId, [versionField]: mongoose.trusted({ $lt: version }) });
  const update = { $set: { ...set, [versionField]: version } };
  // One user's copy is written by three streams' consumers at once: queue them (see one-at-a-time.ts).
  await oneAtATime(`directory:${userId}`, async () => {
    try {
      await Directory.updateOne(filter(), update, { upsert: true });
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
      await Directory.updateOne(filter(), update);
    }
  });
}

export function userDirectoryHandlers(db: Connection): ConsumerOptions['handlers'] {
  const Directory = directoryModel(db);
  const onUser = async ({ data }: { data: DirectoryUser }) => {
    const { userId, version, ...fields } = data;
    await applyVersioned(Directory, userId, 'authVersion', version, fields);
  };
  return {
    'auth.user.registered': onUser,
    'auth.user.updated': onUser,
    'commerce.subscription.updated': async ({ data }: { data: EventData<'commerce.subscription.updated'> }) => {
      await applyVersioned(Directory, data.userId, 'subscriptionVersion', data.version, {
        subscriptionExpiresAt: data.subscriptionExpiresAt ? new Date(data.subscriptionExpiresAt) : null,
      });
    },
    'moderation.user.banned': async ({ data }: { data: EventData<'moderation.user.banned'> }) => {
      await applyVersioned(Directory, data.userId, 'banVersion', data.version, {
        ban: { reason: data.reason, until: new Date(data.banUntil) },
      });
    },
    'moderation.user.unbanned': async ({ data }: { data: EventData<'moderation.user.unbanned'> }) => {
      await applyVersioned(Directory, data.userId, 'banVersion', data.version, { ban: null });
    },
  } as ConsumerOptions['handlers'];
}

/**
 * Starts the one shared user-directory consumer of a service. Its durable consumer begins at the
 * start of each stream, so a new service (or a new replica with an empty database) catches up on
 * every event published before it started.
 */
export function startUserDirectory(
  options: Omit<ConsumerOptions, 'handlers' | 'durable'> & { service: string; extraHandlers?: ConsumerOptions['handlers'] },
): Promise<RunningConsumer> {
  return startConsumers({
    ...options,
    durable: `${options.service}-user-directory`,
    handlers: { ...userDirectoryHandlers(options.db), ...options.extraHandlers },
  });
}

/**
 * Starts a service's user directory (with any extra handlers on the same durable consumers) under
 * its runtime's consumer names, and registers it so shutdown stops it before connections close.
 */
export async function runUserDirectory(
  runtime: ServiceRuntime,
  extraHandlers?: ConsumerOptions['handlers'],
): Promise<void> {
  runtime.consumers.push(await startUserDirectory({ ...runtime, service: runtime.consumerPrefix, extraHandlers }));
}

export function hasActiveSubscription(entry: Pick<DirectoryEntry, 'subscriptionExpiresAt'> | null, now = new Date()): boolean {
  return Boolean(entry?.subscriptionExpiresAt && entry.subscriptionExpiresAt > now);
}

/**
 * Community features need an active subscription (or admin). Decided from the service's own
 * directory copy; answers 402 so the web routes to /subscription-required.
 */
export function requireSubscription(db: Connection): RequestHandler {
  const Directory = directoryModel(db);
  return async (req, _res, next) => {
    try {
      if (!req.auth) throw unauthorized();
      if (req.auth.isAdmin) return next();
      const entry = await Directory.findById(req.auth.userId, { subscriptionExpiresAt: 1 }).lean();
      if (!hasActiveSubscription(entry)) {
        throw new HttpError(402, 'An active subscription is required to use this feature.');
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** Display fields of many users in one query: the second query of a join. */
export async function directoryLookup(db: Connection, userIds: string[]): Promise<Map<string, DirectoryEntry>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const entries = await directoryModel(db).find({ _id: mongoose.trusted({ $in: unique }) }).lean<DirectoryEntry[]>();
  return new Map(entries.map((e) => [e._id, e]));
}

/**
 * Display fields of a page's users, one `_id` lookup each (in parallel). FerretDB v1 with SQLite
 * pushes only a lone `_id` equality down to SQLite and decodes every document of the collection
 * in Go for `$in`, so a list of a few dozen authors is found this way; on MongoDB both are index
 * lookups.
 */
export async function directoryLookupById(db: Connection, userIds: string[]): Promise<Map<string, DirectoryEntry>> {
  const Directory = directoryModel(db);
  const unique = [...new Set(userIds)];
  const entries = await Promise.all(unique.map((id) => Directory.findById(id).lean<DirectoryEntry>()));
  return new Map(entries.filter((entry) => entry !== null).map((entry) => [entry._id, entry]));
}
