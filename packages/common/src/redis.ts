import { Redis } from 'ioredis';

export type { Redis };

/** How long one Redis command may take before it fails (REDIS_COMMAND_TIMEOUT_MS overrides it). */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 1500;

/**
 * The run id of the Redis server each connection is talking to (INFO server's `run_id`, new at
 * every start of a server), or null while it is not connected or not known yet. Guarded state
 * (guarded-state.ts) compares it with the run id its owner restored into.
 */
const serverIds = new WeakMap<Redis, string | null>();

export function createRedis(url: string, options: { commandTimeoutMs?: number } = {}): Redis {
  // Fail a command fast when Redis is down instead of queueing it forever; readiness reports it.
  // A Redis that hangs (a stopped process, a network partition keeps the socket open) fails each
  // command after the timeout instead of stalling every request for the whole outage.
  // Auto-pipelining sends the commands of one tick in one write: a feed page's dozen commands cost
  // one socket write instead of twelve (measured: socket writes were a fifth of the forum's CPU).
  const redis = new Redis(url, {
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    lazyConnect: false,
    enableAutoPipelining: true,
    commandTimeout: options.commandTimeoutMs ?? DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 5000,
  });
  serverIds.set(redis, null);
  redis.on('close', () => serverIds.set(redis, null));
  redis.on('ready', () => {
    redis.info('server').then(
      (info) => {
        if (redis.status === 'ready') serverIds.set(redis, parseRunId(info));
      },
      () => undefined, // unknown: guarded state stays closed until the next 'ready'
    );
  });
  return redis;
}

function parseRunId(info: string): string | null {
  return /^run_id:(\w+)/m.exec(info)?.[1] ?? null;
}

/**
 * The run id of the server this connection talks to now; null while disconnected (or just
 * reconnected, until INFO answers). Asks the server when the connection has not learnt it yet.
 */
export function redisServerId(redis: Redis): string | null {
  return serverIds.get(redis) ?? null;
}

/** Asks the server for its run id (and remembers it for the connection). */
export async function fetchRedisServerId(redis: Redis): Promise<string | null> {
  const runId = parseRunId(await redis.info('server'));
  if (redis.status === 'ready') serverIds.set(redis, runId);
  return runId;
}

/** Redis keys shared across services, in one place. */
export const redisKeys = {
  deniedToken: (jti: string) => `jwt:deny:${jti}`,
  ban: (userId: string) => `ban:${userId}`,
  presence: (userId: string) => `presence:${userId}`,
  /** Set when an admin is removed: their tokens, which still say admin until they expire, no longer do. */
  adminRevoked: (userId: string) => `admin-revoked:${userId}`,
  /** A deleted account: every token of it is refused until the last one issued before has expired. */
  accountDeleted: (userId: string) => `account-deleted:${userId}`,
  /** The run id of the Redis server a guarded state (bans, revocations) was last restored into. */
  restored: (state: string) => `restored:${state}`,
};

export interface BanRecord {
  reason: string;
  expiresAt: string | null;
}

/** Writes a ban that expires by itself when its duration ends. */
export async function writeBan(redis: Redis, userId: string, ban: BanRecord): Promise<void> {
  const key = redisKeys.ban(userId);
  const ttlMs = ban.expiresAt ? new Date(ban.expiresAt).getTime() - Date.now() : 0;
  if (ban.expiresAt && ttlMs <= 0) {
    await redis.del(key);
    return;
  }
  if (ttlMs > 0) await redis.set(key, JSON.stringify(ban), 'PX', ttlMs);
  else await redis.set(key, JSON.stringify(ban));
}

export async function readBan(redis: Redis, userId: string): Promise<BanRecord | null> {
  return parseBan(await redis.get(redisKeys.ban(userId)));
}

/** A ban record as `writeBan` stored it (null when there is none). */
export function parseBan(raw: string | null): BanRecord | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as BanRecord;
  } catch {
    return { reason: 'Violation of community guidelines', expiresAt: null };
  }
}

/** Logout puts the token's id on a deny-list until the token would have expired anyway. */
export async function denyToken(redis: Redis, jti: string, expiresAt: Date): Promise<void> {
  const ttlMs = expiresAt.getTime() - Date.now();
  if (ttlMs > 0) await redis.set(redisKeys.deniedToken(jti), '1', 'PX', ttlMs);
}
