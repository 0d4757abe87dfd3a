import { type AdminListQuery, type BanUserBody, type BannedUser, MODERATION_MESSAGES } from '@quad/contracts';
import {
  adminListPage,
  type AuthContext,
  type BanRecord,
  type OutboxEvent,
  badRequest,
  forbidden,
  notFound,
  redisKeys,
  textMatches,
} from '@quad/common';
import type { BanDoc } from '../models/ban-model';
import { toAppeal } from './appeal-view';
import { adminAction } from './audit';
import type { ModerationContext } from './context';
import { activeBans } from './lists';
import { alreadyThere, peopleById } from './people';

const HOUR_MS = 3600_000;

/** A ban's id names the ban an appeal is about: the user and the version that imposed it. */
export const banIdOf = (userId: string, version: number) => `${userId}:${version}`;

/** A ban still in force at `now`. */
export function isInForce(ban: Pick<BanDoc, 'active' | 'banUntil'> | null, now: Date): ban is BanDoc {
  return Boolean(ban && ban.active && ban.banUntil.getTime() > now.getTime());
}

/**
 * Bans bite at once: the gateway and every service read `ban:<userId>` from Redis on each request.
 * The key lives exactly as long as the ban (TTL by the injected clock); a lifted ban removes it.
 */
async function mirrorToRedis(ctx: ModerationContext, ban: BanDoc): Promise<void> {
  const key = redisKeys.ban(ban._id);
  const remainingMs = ban.active ? ban.banUntil.getTime() - ctx.now().getTime() : 0;
  if (remainingMs <= 0) {
    await ctx.redis.del(key);
    return;
  }
  const record: BanRecord = { reason: ban.reason, expiresAt: ban.banUntil.toISOString() };
  await ctx.redis.set(key, JSON.stringify(record), 'PX', remainingMs);
}

function bannedEvents(ctx: ModerationContext, ban: BanDoc, banDurationHours: number): OutboxEvent[] {
  return [
    {
      subject: 'moderation.user.banned',
      eventId: `moderation.user.banned:${ban._id}:${ban.version}`,
      data: { userId: ban._id, version: ban.version, reason: ban.reason, banUntil: ban.banUntil.toISOString(), bannedBy: ban.bannedBy },
    },
    adminAction(ctx, `ban:${ban.banId}`, {
      adminId: ban.bannedBy,
      action: 'user.banned',
      targetUserId: ban._id,
      targetId: ban.banId,
      reason: ban.reason,
      details: { banDurationHours, banUntil: ban.banUntil.toISOString() },
    }),
  ];
}

/**
 * An admin bans a student for one of the fixed durations; not oneself, not an admin. A user's ban
 * state is one document (its repository serializes writes across replicas and bumps `version`,
 * which is the version of moderation.user.banned|unbanned, so every copy applies them in order).
 */
export async function banUser(
  ctx: ModerationContext,
  admin: AuthContext,
  body: { userId: string; reason: string; banDuration: BanUserBody['banDuration'] & number },
): Promise<BannedUser> {
  if (body.userId === admin.userId) throw badRequest(MODERATION_MESSAGES.selfBan);
  const target = await ctx.directory.get(body.userId);
  if (!target) throw notFound(MODERATION_MESSAGES.userNotFound);
  if (target.isAdmin) throw forbidden(MODERATION_MESSAGES.adminBan);

  const now = ctx.now();
  const terms = {
    active: true,
    reason: body.reason,
    bannedBy: admin.userId,
    banUntil: new Date(now.getTime() + body.banDuration * HOUR_MS),
    createdAt: now,
    liftedAt: null,
    liftedBy: null,
  };
  let ban: BanDoc | null = null;
  if (!(await ctx.bans.find(body.userId))) {
    const first = { ...terms, _id: body.userId, version: 0, banId: banIdOf(body.userId, 0) };
    try {
      ban = await ctx.bans.insert(first, bannedEvents(ctx, first, body.banDuration));
    } catch (err) {
      if (!alreadyThere(err)) throw err; // another admin banned them a moment ago: replace it below
    }
  }
  ban ??= await ctx.bans.update(
    body.userId,
    (current) => ({ ...terms, banId: banIdOf(body.userId, current.version + 1) }),
    (next) => bannedEvents(ctx, next, body.banDuration),
  );
  if (!ban) throw notFound(MODERATION_MESSAGES.userNotFound);
  await mirrorToRedis(ctx, ban);
  const [view] = await presentBans(ctx, [ban]);
  return view!;
}

/**
 * The ban or unban's own event, consumed by moderation (events.ts): puts the user's ban state, as
 * the database holds it, into Redis and the active-bans list. A process killed after writing a ban
 * and before setting its Redis key would otherwise leave it unenforced (the outbox still publishes
 * the event). Idempotent; any replica; any order of events (it reads the current state).
 */
export async function enforceBanState(ctx: ModerationContext, userId: string): Promise<void> {
  const ban = await ctx.bans.refresh(userId);
  if (ban) await mirrorToRedis(ctx, ban);
}

/** Lifts a ban at once: an admin's unban, or an accepted appeal. 404 when no ban is in force. */
export async function unbanUser(
  ctx: ModerationContext,
  admin: AuthContext,
  userId: string,
  why: { via: 'unban' | 'appeal'; reason?: string | null } = { via: 'unban' },
): Promise<void> {
  const now = ctx.now();
  let liftedNow = false;
  const ban = await ctx.bans.update(
    userId,
    (current) => {
      if (!isInForce(current, now)) return null;
      liftedNow = true;
      // The lifted ban keeps its id: its appeal still refers to it.
      return { active: false, liftedAt: now, liftedBy: admin.userId };
    },
    (next) => [
      { subject: 'moderation.user.unbanned', eventId: `moderation.user.unbanned:${userId}:${next.version}`, data: { userId, version: next.version } },
      adminAction(ctx, `unban:${userId}:${next.version}`, {
        adminId: admin.userId,
        action: why.via === 'appeal' ? 'appeal.accepted' : 'user.unbanned',
        targetUserId: userId,
        targetId: next.banId,
        reason: why.reason ?? null,
      }),
    ],
  );
  if (!ban || !liftedNow) throw notFound(MODERATION_MESSAGES.notBanned);
  await mirrorToRedis(ctx, ban);
}

/** The user's ban in force, if any. */
export async function banInForce(ctx: ModerationContext, userId: string): Promise<BanDoc | null> {
  const ban = await ctx.bans.find(userId);
  return isInForce(ban, ctx.now()) ? ban : null;
}

/**
 * Bans in force for admins, newest first, a page at a time; a search looks in the student's name
 * and e-mail and the reason. `total` counts the bans on the active list (one whose time ran out
 * leaves it at its next unban or ban).
 */
export async function listBannedUsers(
  ctx: ModerationContext,
  query: AdminListQuery,
): Promise<{ bans: BannedUser[]; nextCursor: string | null; total: number }> {
  const now = ctx.now();
  const accept = async (bans: BanDoc[]) => {
    const people = query.search ? await peopleById(ctx, bans.map((ban) => ban._id)) : null;
    return bans.map((ban) => {
      if (!isInForce(ban, now)) return false;
      const person = people?.get(ban._id);
      return textMatches(query.search, [ban.reason, person && `${person.firstName} ${person.lastName}`, person?.email]);
    });
  };
  const page = await adminListPage(ctx.bans, activeBans(), query, { accept });
  return { bans: await presentBans(ctx, page.items), nextCursor: page.nextCursor, total: page.total };
}

async function presentBans(ctx: ModerationContext, bans: BanDoc[]): Promise<BannedUser[]> {
  const [people, appeals] = await Promise.all([
    peopleById(ctx, bans.flatMap((ban) => [ban._id, ban.bannedBy])),
    ctx.appeals.findMany(bans.map((ban) => ban.banId)),
  ]);
  return bans.map((ban, index) => {
    const appeal = appeals[index];
    return {
      id: ban.banId,
      userId: ban._id,
      user: people.get(ban._id) ?? null,
      bannedBy: ban.bannedBy,
      bannedByAdmin: people.get(ban.bannedBy) ?? null,
      banUntil: ban.banUntil.toISOString(),
      reason: ban.reason,
      createdAt: ban.createdAt.toISOString(),
      appeal: appeal ? toAppeal(appeal) : null,
    };
  });
}

/**
 * At start-up, Redis may have lost its keys (a restart, a flush): every ban in force is written
 * again with its remaining time, and the keys of bans that ended meanwhile are removed.
 */
export async function restoreBans(ctx: ModerationContext): Promise<{ restored: number; ended: number }> {
  const active = await ctx.bans.all(activeBans());
  const now = ctx.now();
  let restored = 0;
  for (const ban of active) {
    await mirrorToRedis(ctx, ban);
    if (isInForce(ban, now)) restored += 1;
  }
  return { restored, ended: active.length - restored };
}
