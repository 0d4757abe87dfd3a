import type { Request, RequestHandler } from 'express';
import mongoose, { type Connection, type Model } from 'mongoose';
import type { NatsConnection, Subscription } from 'nats';
import { DEFAULT_PROFILE_COLOR, type DirectoryUser, type EventData, USER_DIRECTORY_SUBJECTS } from '@quad/contracts';
import { HttpError, unauthorized } from './errors';
import { type ConsumerOptions, startConsumers } from './events';
import type { Logger } from './logger';
import type { Redis } from './redis';
import { createDocCache, type DocCache } from './data/doc-cache';
import { withDocumentLock } from './data/document-lock';
import type { ServiceRuntime } from './runtime';
import { assertMayWrite, isContentWrite } from './write-access';

/*
 * Each service's own copy of what it needs to know about users (ARCHITECTURE.md), fed only by
 * events, in three layers so a request's own checks make no database round trip:
 * - the database (`directory_users`): the durable copy, written by the one shared JetStream
 *   consumer (any replica may handle an event; writes of one user are serialized by the document
 *   lock and ordered by per-source versions, so a late or repeated event changes nothing);
 * - Redis: each entry as last written, shared by the service's replicas;
 * - process memory: what this replica read lately, patched in place by every directory event it
 *   hears on a plain NATS subscription (every replica hears every event), so a ban or a new
 *   subscription is seen by every replica within milliseconds of its publication, whichever
 *   replica's durable consumer writes it down. Entries expire after a minute as a backstop for an
 *   event missed while disconnected.
 */

type Source = 'auth' | 'subscription' | 'ban';
const VERSION_FIELD = { auth: 'authVersion', subscription: 'subscriptionVersion', ban: 'banVersion' } as const;

/** A service's copy of one user. */
export interface DirectoryEntry extends Omit<DirectoryUser, 'userId' | 'version'> {
  _id: string;
  /** Bumped by every write of this copy (the cache's version); the three below order each source's events. */
  version: number;
  authVersion: number;
  subscriptionExpiresAt: Date | null;
  subscriptionVersion: number;
  ban: { reason: string; until: Date } | null;
  banVersion: number;
  /** From auth: the address is confirmed, and it is at the college's domain (true for copies made from events older than confirmation). */
  emailConfirmed: boolean;
  isVerified: boolean;
  /** The account was deleted (auth.user.updated with `deleted`): shown as "Deleted user". */
  deleted: boolean;
}

const directorySchema = new mongoose.Schema<DirectoryEntry>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 0 },
    authVersion: { type: Number, default: -1 },
    firstName: { type: String, default: '' },
    lastName: { type: String, default: '' },
    email: { type: String, default: null },
    profileColor: { type: String, default: DEFAULT_PROFILE_COLOR },
    profileImageUrl: { type: String, default: null },
    collegeId: { type: String, default: null, index: true },
    collegeName: { type: String, default: null },
    collegeInitials: { type: String, default: null },
    major: { type: String, default: '' },
    graduationYear: { type: Number, default: null },
    isAdmin: { type: Boolean, default: false },
    emailConfirmed: { type: Boolean, default: true },
    isVerified: { type: Boolean, default: true },
    deleted: { type: Boolean, default: false },
    subscriptionExpiresAt: { type: Date, default: null },
    subscriptionVersion: { type: Number, default: -1 },
    ban: { type: new mongoose.Schema({ reason: String, until: Date }, { _id: false }), default: null },
    banVersion: { type: Number, default: -1 },
  },
  { versionKey: false, collection: 'directory_users' },
);

/** The display fields of a person every service's answers share (a chat partner, a post's author, a friend card). */
export interface PersonCard {
  id: string;
  firstName: string;
  lastName: string;
  profileColor: string;
  profileImageUrl: string | null;
}

/**
 * How every service shows a person from its directory copy: one user, one look everywhere. A user
 * the copy does not know yet shows with empty names and the default colour rather than failing a list.
 */
export function personOf(userId: string, entry: DirectoryEntry | null | undefined): PersonCard {
  return {
    id: userId,
    firstName: entry?.firstName ?? '',
    lastName: entry?.lastName ?? '',
    profileColor: entry?.profileColor ?? DEFAULT_PROFILE_COLOR,
    profileImageUrl: entry?.profileImageUrl ?? null,
  };
}

export type DirectoryModel = Model<DirectoryEntry>;

export function directoryModel(db: Connection): DirectoryModel {
  return (db.models.DirectoryUser as DirectoryModel) ?? db.model<DirectoryEntry>('DirectoryUser', directorySchema);
}

/** One source's change of one user, as an event carries it. */
interface Change {
  userId: string;
  source: Source;
  version: number;
  set: Partial<DirectoryEntry>;
}

function changeOf(subject: string, data: unknown): Change | null {
  switch (subject) {
    case 'auth.user.registered':
    case 'auth.user.updated': {
      const { userId, version, ...fields } = data as DirectoryUser;
      return { userId, source: 'auth', version, set: fields };
    }
    case 'commerce.subscription.updated': {
      const change = data as EventData<'commerce.subscription.updated'>;
      const expires = change.subscriptionExpiresAt ? new Date(change.subscriptionExpiresAt) : null;
      return { userId: change.userId, source: 'subscription', version: change.version, set: { subscriptionExpiresAt: expires } };
    }
    case 'moderation.user.banned': {
      const ban = data as EventData<'moderation.user.banned'>;
      return { userId: ban.userId, source: 'ban', version: ban.version, set: { ban: { reason: ban.reason, until: new Date(ban.banUntil) } } };
    }
    case 'moderation.user.unbanned': {
      const unban = data as EventData<'moderation.user.unbanned'>;
      return { userId: unban.userId, source: 'ban', version: unban.version, set: { ban: null } };
    }
    default:
      return null;
  }
}

/** Applies a change to an entry in memory if it is newer than what the entry holds; returns whether it did. */
function patch(entry: DirectoryEntry, change: Change): boolean {
  const field = VERSION_FIELD[change.source];
  if (entry[field] >= change.version) return false;
  Object.assign(entry, change.set, { [field]: change.version });
  return true;
}

function blankEntry(userId: string): DirectoryEntry {
  return {
    _id: userId,
    version: 0,
    authVersion: -1,
    firstName: '',
    lastName: '',
    email: null,
    profileColor: DEFAULT_PROFILE_COLOR,
    profileImageUrl: null,
    collegeId: null,
    collegeName: null,
    collegeInitials: null,
    major: '',
    graduationYear: null,
    isAdmin: false,
    emailConfirmed: true,
    isVerified: true,
    deleted: false,
    subscriptionExpiresAt: null,
    subscriptionVersion: -1,
    ban: null,
    banVersion: -1,
  };
}

/** How long this process trusts what it read without hearing of a change. */
const MEMORY_TTL_MS = 60_000;
/** Entries kept in memory per process; the oldest go first. */
const MEMORY_MAX = 50_000;

export interface UserDirectory {
  /** A user's entry, or null for a user no event has named yet. No database trip once read. */
  get(userId: string): Promise<DirectoryEntry | null>;
  getMany(userIds: string[]): Promise<Map<string, DirectoryEntry>>;
  /** Writes one event's change down (the durable consumer's handler). Safe to repeat, in any order. */
  apply(subject: string, data: unknown): Promise<void>;
  /** Starts hearing changes on a plain NATS subscription, to keep this process's memory right. */
  listen(nats: NatsConnection): void;
  stop(): Promise<void>;
}

export function createUserDirectory(deps: { db: Connection; redis: Redis; logger: Logger; namespace: string }): UserDirectory {
  const Directory = directoryModel(deps.db);
  const cache: DocCache<DirectoryEntry> = createDocCache<DirectoryEntry>({
    redis: deps.redis,
    logger: deps.logger,
    keyOf: (id) => `directory:${deps.namespace}:${id}`,
  });
  const memory = new Map<string, { entry: DirectoryEntry | null; expiresAt: number }>();
  /** Changes heard lately: applied to what a read brings back, in case it was read before the change was written down. */
  const heard = new Map<string, { changes: Change[]; expiresAt: number }>();
  const subscriptions: Subscription[] = [];

  function remember(userId: string, entry: DirectoryEntry | null): void {
    if (memory.size >= MEMORY_MAX) memory.delete(memory.keys().next().value!);
    memory.set(userId, { entry, expiresAt: Date.now() + MEMORY_TTL_MS });
  }

  function withHeard(userId: string, loaded: DirectoryEntry | null): DirectoryEntry | null {
    const recent = heard.get(userId);
    if (!recent || recent.expiresAt < Date.now()) return loaded;
    const entry = loaded ? { ...loaded } : blankEntry(userId);
    let changed = false;
    for (const change of recent.changes) changed = patch(entry, change) || changed;
    return loaded || changed ? entry : null;
  }

  async function load(userIds: string[]): Promise<Map<string, DirectoryEntry | null>> {
    const found = new Map<string, DirectoryEntry | null>();
    const cached = await cache.getMany(userIds);
    await Promise.all(
      userIds.map(async (userId) => {
        let entry = cached.get(userId);
        if (entry === undefined) {
          entry = await Directory.findById(userId).lean<DirectoryEntry>().exec();
          if (entry) await cache.put(entry);
        }
        found.set(userId, withHeard(userId, entry ?? null));
      }),
    );
    return found;
  }

  const directory: UserDirectory = {
    async get(userId) {
      return (await directory.getMany([userId])).get(userId) ?? null;
    },
    async getMany(userIds) {
      const result = new Map<string, DirectoryEntry>();
      const missing: string[] = [];
      const now = Date.now();
      for (const userId of new Set(userIds)) {
        const known = memory.get(userId);
        if (known && known.expiresAt > now) {
          if (known.entry) result.set(userId, known.entry);
        } else missing.push(userId);
      }
      if (missing.length > 0) {
        for (const [userId, entry] of await load(missing)) {
          // An unknown user is not remembered: the event that creates them may be on its way.
          if (entry) {
            remember(userId, entry);
            result.set(userId, entry);
          }
        }
      }
      return result;
    },
    async apply(subject, data) {
      const change = changeOf(subject, data);
      if (!change) return;
      const field = VERSION_FIELD[change.source];
      await withDocumentLock(deps.redis, `directory:${deps.namespace}:${change.userId}`, async () => {
        const current = await Directory.findById(change.userId).lean<DirectoryEntry>().exec();
        if (current && current[field] >= change.version) return; // older or repeated: nothing to do
        const update = { $set: { ...change.set, [field]: change.version, version: (current?.version ?? -1) + 1 } };
        const written = current
          ? await Directory.findOneAndUpdate({ _id: change.userId }, update, { returnDocument: 'after' }).lean<DirectoryEntry>()
          : await Directory.findOneAndUpdate({ _id: change.userId }, update, { upsert: true, returnDocument: 'after', setDefaultsOnInsert: true }).lean<DirectoryEntry>();
        if (written) await cache.put(written);
      });
    },
    listen(nats) {
      for (const subject of USER_DIRECTORY_SUBJECTS) {
        const subscription = nats.subscribe(subject, {
          callback: (err, msg) => {
            if (err) return;
            try {
              const envelope = JSON.parse(msg.string()) as { data: unknown };
              const change = changeOf(msg.subject, envelope.data);
              if (!change) return;
              const recent = heard.get(change.userId);
              const changes = recent && recent.expiresAt > Date.now() ? recent.changes : [];
              // Bounded as the memory is: the oldest goes first (re-set entries move to the end).
              heard.delete(change.userId);
              if (heard.size >= MEMORY_MAX) heard.delete(heard.keys().next().value!);
              heard.set(change.userId, { changes: [...changes, change].slice(-6), expiresAt: Date.now() + MEMORY_TTL_MS });
              const known = memory.get(change.userId);
              if (known?.entry) patch(known.entry, change);
              else memory.delete(change.userId);
            } catch (parseErr) {
              deps.logger.warn({ err: parseErr, subject: msg.subject }, 'directory: unreadable event ignored');
            }
          },
        });
        subscriptions.push(subscription);
      }
    },
    async stop() {
      for (const subscription of subscriptions) subscription.unsubscribe();
    },
  };
  return directory;
}

/**
 * Starts the one shared user-directory consumer of a service (with any extra handlers on the same
 * durable consumers), and registers it so shutdown stops it before connections close. Its durable
 * consumer begins at the start of each stream, so a new service (or an empty database) catches up
 * on every event published before it started.
 */
export async function runUserDirectory(runtime: ServiceRuntime, extraHandlers?: ConsumerOptions['handlers']): Promise<void> {
  const write = ({ subject, data }: { subject: string; data: unknown }) => runtime.directory.apply(subject, data);
  const handlers = Object.fromEntries(USER_DIRECTORY_SUBJECTS.map((subject) => [subject, write])) as ConsumerOptions['handlers'];
  runtime.consumers.push(
    await startConsumers({
      ...runtime,
      durable: `${runtime.consumerPrefix}-user-directory`,
      handlers: { ...handlers, ...extraHandlers },
    }),
  );
}

export function hasActiveSubscription(entry: Pick<DirectoryEntry, 'subscriptionExpiresAt'> | null, now = new Date()): boolean {
  return Boolean(entry?.subscriptionExpiresAt && entry.subscriptionExpiresAt > now);
}

export const SUBSCRIPTION_REQUIRED_MESSAGE = 'An active subscription is required to use this feature.';

/**
 * Community features need an active subscription (or admin), and their writes (posting,
 * commenting, messaging, voting…) a confirmed college address (write-access.ts). Decided from the service's cached
 * directory copy, so an expiry in the past gates again with no job running; answers 402 so the web
 * routes to /subscription-required.
 */
export function requireSubscription(directory: UserDirectory): RequestHandler {
  return async (req, _res, next) => {
    try {
      if (!req.auth) throw unauthorized();
      if (req.auth.isAdmin) return next();
      assertSubscribed(req, await callerEntryOf(req, directory));
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** The signed-in caller's directory entry: the one `authenticate` read beside the token's checks, else read now. */
export function callerEntryOf(req: Request, directory: Pick<UserDirectory, 'get'>): Promise<DirectoryEntry | null> {
  if (!req.auth) throw unauthorized();
  return req.callerEntry ?? directory.get(req.auth.userId);
}

/**
 * What `requireSubscription` decides, from the signed-in caller's directory entry already read:
 * admins pass; a deleted account is 401, no active subscription 402, and a content write without a
 * confirmed college address 403 (write-access.ts).
 */
export function assertSubscribed(req: Request, entry: DirectoryEntry | null): void {
  if (!req.auth) throw unauthorized();
  if (req.auth.isAdmin) return;
  // A deleted account's tokens (until they expire) open nothing.
  if (entry?.deleted) throw unauthorized();
  if (!hasActiveSubscription(entry)) throw new HttpError(402, SUBSCRIPTION_REQUIRED_MESSAGE);
  if (isContentWrite(req.method, req.path)) assertMayWrite(entry);
}
