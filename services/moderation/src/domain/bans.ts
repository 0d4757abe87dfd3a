import mongoose from 'mongoose';
import { type BanUserBody, type BannedUser, MODERATION_MESSAGES } from '@quad/contracts';
import {
  type AuthContext,
  type BanRecord,
  HttpError,
  badRequest,
  directoryModel,
  forbidden,
  notFound,
  redisKeys,
} from '@quad/common';
import type { BanDoc } from '../models/ban-model';
import { announceAdminAction } from './audit';
import type { ModerationContext } from './context';
import { peopleById } from './people';
import { toAppeal } from './appeal-view';

const HOUR_MS = 3600_000;
const MAX_VERSION_RETRIES = 8;

export const banIdOf = (userId: string, version: number) => `${userId}:${version}`;

/** A ban still in force at `now`. */
export function isInForce(ban: Pick<BanDoc, 'active' | 'banUntil'> | null, now: Date): ban is BanDoc {
  return Boolean(ban && ban.active && ban.banUntil.getTime() > now.getTime());
}

/**
 * Bans bite at once: the gateway and every service read `ban:<userId>` from Redis on each request.
 * The key lives exactly as long as the ban (TTL from the injected clock); an ended ban removes it.
 */
async function mirrorToRedis(ctx: ModerationContext, userId: string, ban: BanDoc | null): Promise<void> {
  const key = redisKeys.ban(userId);
  const remainingMs = ban && ban.active ? ban.banUntil.getTime() - ctx.now().getTime() : 0;
  if (!ban || remainingMs <= 0) {
    await ctx.redis.del(key);
    return;
  }
  const record: BanRecord = { reason: ban.reason, expiresAt: ban.banUntil.toISOString() };
  await ctx.redis.set(key, JSON.stringify(record), 'PX', remainingMs);
}

/**
 * Replaces a user's ban state under a version guard (optimistic concurrency): the write applies
 * only to the version it read, and a lost race reads again. Returns the state written.
 */
async function writeBanState(
  ctx: ModerationContext,
  userId: string,
  next: (current: BanDoc | null) => Omit<BanDoc, '_id' | 'version' | 'banId'> & { banId?: string },
): Promise<BanDoc> {
  const { Ban } = ctx.models;
  for (let attempt = 0; attempt < MAX_VERSION_RETRIES; attempt += 1) {
    const current = await Ban.findById(userId).lean();
    const version = current ? current.version + 1 : 0;
    const fields = next(current);
    const doc: BanDoc = { ...fields, _id: userId, version, banId: fields.banId ?? banIdOf(userId, version) };
    if (!current) {
      try {
        await Ban.create(doc);
        return doc;
      } catch (err) {
        if ((err as { code?: number }).code === 11000) continue;
        throw err;
      }
    }
    const { _id, ...set } = doc;
    const result = await Ban.updateOne({ _id, version: current.version }, { $set: set });
    if (result.modifiedCount === 1) return doc;
  }
  throw new HttpError(503, 'The ban changed while it was being written; please try again.');
}

/** An admin bans a student for one of the fixed durations. Not oneself, not an admin. */
export async function banUser(
  ctx: ModerationContext,
  admin: AuthContext,
  body: { userId: string; reason: string; banDuration: BanUserBody['banDuration'] & number },
): Promise<BannedUser> {
  if (body.userId === admin.userId) throw badRequest(MODERATION_MESSAGES.selfBan);
  const target = await directoryModel(ctx.db).findById(body.userId).lean();
  if (!target) throw notFound(MODERATION_MESSAGES.userNotFound);
  if (target.isAdmin) throw forbidden(MODERATION_MESSAGES.adminBan);

  const now = ctx.now();
  const ban = await writeBanState(ctx, body.userId, () => ({
    active: true,
    reason: body.reason,
    bannedBy: admin.userId,
    banUntil: new Date(now.getTime() + body.banDuration * HOUR_MS),
    createdAt: now,
    liftedAt: null,
    liftedBy: null,
  }));
  await mirrorToRedis(ctx, body.userId, ban);
  // TODO(data layer): through runtime.outbox once it lands in packages/common, so a NATS outage after the write loses nothing.
  await ctx.publisher.publish(
    'moderation.user.banned',
    { userId: body.userId, version: ban.version, reason: ban.reason, banUntil: ban.banUntil.toISOString(), bannedBy: admin.userId },
    `moderation.user.banned:${body.userId}:${ban.version}`,
  );
  await announceAdminAction(
    ctx,
    {
      adminId: admin.userId,
      action: 'user.banned',
      targetUserId: body.userId,
      targetId: ban.banId,
      reason: ban.reason,
      details: { banDurationHours: body.banDuration, banUntil: ban.banUntil.toISOString() },
    },
    `ban:${ban.banId}`,
  );
  const [view] = await presentBans(ctx, [ban]);
  return view!;
}

/** Lifts a ban at once (an admin's unban, or an accepted appeal). */
export async function unbanUser(
  ctx: ModerationContext,
  admin: AuthContext,
  userId: string,
  why: { via: 'unban' | 'appeal'; reason?: string | null } = { via: 'unban' },
): Promise<void> {
  const current = await ctx.models.Ban.findById(userId).lean();
  if (!isInForce(current, ctx.now())) throw notFound(MODERATION_MESSAGES.notBanned);
  const now = ctx.now();
  let liftedBanId = current.banId;
  const lifted = await writeBanState(ctx, userId, (latest) => {
    if (!isInForce(latest, now)) throw notFound(MODERATION_MESSAGES.notBanned);
    liftedBanId = latest.banId;
    // The lifted ban keeps its id: its appeal still refers to it.
    return { ...stripIdentity(latest), banId: latest.banId, active: false, liftedAt: now, liftedBy: admin.userId };
  });
  await mirrorToRedis(ctx, userId, null);
  await ctx.publisher.publish(
    'moderation.user.unbanned',
    { userId, version: lifted.version },
    `moderation.user.unbanned:${userId}:${lifted.version}`,
  );
  await announceAdminAction(
    ctx,
    {
      adminId: admin.userId,
      action: why.via === 'appeal' ? 'appeal.accepted' : 'user.unbanned',
      targetUserId: userId,
      targetId: liftedBanId,
      reason: why.reason ?? null,
    },
    `unban:${userId}:${lifted.version}`,
  );
}

function stripIdentity(ban: BanDoc): Omit<BanDoc, '_id' | 'version' | 'banId'> {
  const { _id, version, banId, ...rest } = ban;
  return rest;
}

/** The caller's ban in force, if any. */
export async function banInForce(ctx: ModerationContext, userId: string): Promise<BanDoc | null> {
  const ban = await ctx.models.Ban.findById(userId).lean();
  return isInForce(ban, ctx.now()) ? ban : null;
}

/** Bans in force, newest first, with the banned student's names and their appeal. */
export async function listBannedUsers(ctx: ModerationContext): Promise<BannedUser[]> {
  const now = ctx.now();
  const bans = await ctx.models.Ban.find({ active: true, banUntil: mongoose.trusted({ $gt: now }) })
    .sort({ createdAt: -1 })
    .limit(500)
    .lean();
  return presentBans(ctx, bans);
}

async function presentBans(ctx: ModerationContext, bans: BanDoc[]): Promise<BannedUser[]> {
  const [people, appeals] = await Promise.all([
    peopleById(ctx, bans.map((ban) => ban._id)),
    Promise.all(bans.map((ban) => ctx.models.Appeal.findById(ban.banId).lean())),
  ]);
  return bans.map((ban, index) => {
    const appeal = appeals[index];
    return {
      id: ban.banId,
      userId: ban._id,
      user: people.get(ban._id) ?? null,
      bannedBy: ban.bannedBy,
      banUntil: ban.banUntil.toISOString(),
      reason: ban.reason,
      createdAt: ban.createdAt.toISOString(),
      appeal: appeal ? toAppeal(appeal) : null,
    };
  });
}

/**
 * At start-up, Redis may have lost its keys (a restart, a flush): every ban in force is written
 * again with its remaining time, and the keys of bans that ended while nobody watched are removed.
 */
export async function restoreBans(ctx: ModerationContext): Promise<{ restored: number; ended: number }> {
  const active = await ctx.models.Ban.find({ active: true }).lean();
  const now = ctx.now();
  let restored = 0;
  for (const ban of active) {
    await mirrorToRedis(ctx, ban._id, ban);
    if (isInForce(ban, now)) restored += 1;
  }
  return { restored, ended: active.length - restored };
}
