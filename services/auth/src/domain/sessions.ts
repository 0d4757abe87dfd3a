import mongoose from 'mongoose';
import { type AuthContext, denyToken, redisKeys, signAccessToken, verifyAccessToken } from '@quad/common';
import type { Config } from '../config';
import type { UserRecord } from '../models/user-model';
import type { AuthServiceContext } from './context';

export interface Session {
  token: string;
  expiresAt: Date;
}

/** Signs the access token: user id, college, admin flag and a fresh jti (ARCHITECTURE.md, Identity and access). */
export function issueSession(config: Config, user: UserRecord): Session {
  const { token, expiresAt } = signAccessToken(
    config.JWT_PRIVATE_KEY,
    { sub: String(user._id), college: user.collegeId, adm: user.isAdmin },
    config.TOKEN_TTL_SECONDS,
  );
  return { token, expiresAt };
}

/**
 * Ends a session: every given token that is genuinely ours has its jti deny-listed until it
 * would have expired. Both the bearer and the cookie token count, since a page load sends the
 * cookie while the web app holds the same or an older token in storage. The revocation is stored
 * in the database first (the deny-list's store of record, restored into Redis whenever Redis lost
 * it), then in Redis, where every service reads it.
 */
export async function endSession(
  deps: Pick<AuthServiceContext, 'redis' | 'models'>,
  publicKey: string,
  authenticated: AuthContext | undefined,
  otherTokens: Array<string | undefined>,
): Promise<void> {
  const sessions = [
    authenticated,
    ...otherTokens.map((token) => (token ? verifyAccessToken(publicKey, token) : null)),
  ];
  const seen = new Set<string>();
  for (const session of sessions) {
    if (!session || seen.has(session.jti)) continue;
    seen.add(session.jti);
    await recordRevocation(deps, session);
    await denyToken(deps.redis, session.jti, session.expiresAt);
  }
}

async function recordRevocation(deps: Pick<AuthServiceContext, 'models'>, session: AuthContext): Promise<void> {
  try {
    await deps.models.RevokedToken.create({
      _id: session.jti,
      userId: session.userId,
      expiresAt: session.expiresAt,
      revokedAt: new Date(),
    });
  } catch (err) {
    if ((err as { code?: unknown }).code !== 11000) throw err; // signed out twice: stored once
  }
}

/**
 * Writes every revocation that has not expired yet back into Redis (after a restart or a flush
 * emptied it): signed-out tokens (the deny-list) and removed admins (whose older tokens still say
 * admin); forgets the expired ones; returns how many it wrote. Run by keepRestored.
 */
export async function restoreRevocations(deps: Pick<AuthServiceContext, 'redis' | 'models' | 'config'>, now = new Date()): Promise<number> {
  const { RevokedToken, RevokedAdmin, User } = deps.models;
  await RevokedToken.deleteMany({ expiresAt: mongoose.trusted({ $lte: now }) });
  await RevokedAdmin.deleteMany({ expiresAt: mongoose.trusted({ $lte: now }) });
  const tokens = await RevokedToken.find({ expiresAt: mongoose.trusted({ $gt: now }) }, { expiresAt: 1 }).lean();
  const admins = await RevokedAdmin.find({ expiresAt: mongoose.trusted({ $gt: now }) }).lean();
  // Accounts deleted within a token's lifetime: their tokens stay refused.
  const ttlMs = deps.config.TOKEN_TTL_SECONDS * 1000;
  const deleted = await User.find({ deletedAt: mongoose.trusted({ $gt: new Date(now.getTime() - ttlMs) }) }, { deletedAt: 1 }).lean();
  const keys = [
    ...tokens.map((token) => ({ key: redisKeys.deniedToken(token._id), value: '1', expiresAt: token.expiresAt })),
    ...admins.map((admin) => ({ key: redisKeys.adminRevoked(admin._id), value: String(admin.revokedAt.getTime()), expiresAt: admin.expiresAt })),
    ...deleted.map((user) => ({ key: redisKeys.accountDeleted(String(user._id)), value: '1', expiresAt: new Date(user.deletedAt!.getTime() + ttlMs) })),
  ];
  for (let start = 0; start < keys.length; start += 500) {
    const pipeline = deps.redis.pipeline();
    for (const { key, value, expiresAt } of keys.slice(start, start + 500)) {
      const ttlMs = expiresAt.getTime() - now.getTime();
      if (ttlMs > 0) pipeline.set(key, value, 'PX', ttlMs);
    }
    const results = await pipeline.exec();
    const failed = results?.find(([err]) => err);
    if (failed) throw failed[0];
  }
  return keys.length;
}

/** What the debug page may show about a session: never a token value. */
export function describeSession(
  auth: AuthContext | undefined,
  presented: 'bearer' | 'cookie' | 'none',
  cookieNames: string[],
) {
  return {
    authenticated: Boolean(auth),
    userId: auth?.userId ?? null,
    isAdmin: auth?.isAdmin ?? false,
    source: presented,
    expiresAt: auth?.expiresAt.toISOString() ?? null,
    cookieNames,
  };
}
