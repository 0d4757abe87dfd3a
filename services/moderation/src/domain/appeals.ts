import { type AdminAppeal, type Appeal, type AppealStatus, MODERATION_MESSAGES, type MyAppealResponse } from '@quad/contracts';
import { type AuthContext, HttpError, badRequest, conflict, notFound } from '@quad/common';
import { toAppeal } from './appeal-view';
import { announceAdminAction } from './audit';
import { banInForce, isInForce, unbanUser } from './bans';
import type { ModerationContext } from './context';
import { peopleById } from './people';

/** A banned student appeals their ban from the suspension screen: one appeal per ban (its _id is the ban's id). */
export async function submitAppeal(ctx: ModerationContext, student: AuthContext, body: { message: string }): Promise<Appeal> {
  const ban = await banInForce(ctx, student.userId);
  if (!ban) throw badRequest(MODERATION_MESSAGES.noSuspension);
  try {
    const appeal = await ctx.models.Appeal.create({
      _id: ban.banId,
      userId: student.userId,
      message: body.message,
      status: 'pending',
      createdAt: ctx.now(),
    });
    return toAppeal(appeal.toObject());
  } catch (err) {
    if ((err as { code?: number }).code === 11000) throw conflict(MODERATION_MESSAGES.duplicateAppeal);
    throw err;
  }
}

/** The suspension screen's state: the ban in force (if any) and the appeal of the latest ban, answered or not. */
export async function myAppeal(ctx: ModerationContext, userId: string): Promise<MyAppealResponse> {
  const ban = await ctx.models.Ban.findById(userId).lean();
  if (!ban) return { suspension: null, appeal: null };
  const appeal = await ctx.models.Appeal.findById(ban.banId).lean();
  return {
    suspension: isInForce(ban, ctx.now()) ? { banId: ban.banId, reason: ban.reason, banUntil: ban.banUntil.toISOString() } : null,
    appeal: appeal ? toAppeal(appeal) : null,
  };
}

/** Appeals for admins, newest first, with the student and the ban they are about. */
export async function listAppeals(ctx: ModerationContext, status: AppealStatus | undefined): Promise<AdminAppeal[]> {
  const filter = status ? { status } : {};
  const appeals = await ctx.models.Appeal.find(filter).sort({ createdAt: -1 }).limit(200).lean();
  const [people, bans] = await Promise.all([
    peopleById(ctx, appeals.map((appeal) => appeal.userId)),
    Promise.all(appeals.map((appeal) => ctx.models.Ban.findById(appeal.userId).lean())),
  ]);
  const now = ctx.now();
  return appeals.map((appeal, index) => {
    const ban = bans[index];
    const sameBan = ban && ban.banId === appeal._id ? ban : null;
    return {
      ...toAppeal(appeal),
      user: people.get(appeal.userId) ?? null,
      ban: sameBan ? { reason: sameBan.reason, banUntil: sameBan.banUntil.toISOString(), active: isInForce(sameBan, now) } : null,
    };
  });
}

/** An admin accepts an appeal (the ban is lifted at once) or declines it with a message the student reads. */
export async function decideAppeal(
  ctx: ModerationContext,
  admin: AuthContext,
  appealId: string,
  body: { decision: 'accepted' | 'declined'; response?: string },
): Promise<Appeal> {
  const appeal = await ctx.models.Appeal.findById(appealId).lean();
  if (!appeal) throw notFound(MODERATION_MESSAGES.appealNotFound);
  if (appeal.status !== 'pending') throw conflict(MODERATION_MESSAGES.appealDecided);
  const decidedAt = ctx.now();
  const updated = await ctx.models.Appeal.updateOne(
    { _id: appealId, status: 'pending' },
    { $set: { status: body.decision, response: body.response ?? null, decidedBy: admin.userId, decidedAt } },
  );
  if (updated.modifiedCount === 0) throw conflict(MODERATION_MESSAGES.appealDecided);

  const ban = await ctx.models.Ban.findById(appeal.userId).lean();
  const banStillInForce = ban && ban.banId === appealId && isInForce(ban, decidedAt);
  if (body.decision === 'accepted' && banStillInForce) {
    await unbanUser(ctx, admin, appeal.userId, { via: 'appeal', reason: body.response ?? null });
  } else {
    await announceAdminAction(
      ctx,
      {
        adminId: admin.userId,
        action: body.decision === 'accepted' ? 'appeal.accepted' : 'appeal.declined',
        targetUserId: appeal.userId,
        targetId: appealId,
        reason: body.response ?? null,
      },
      `appeal:${appealId}:${body.decision}`,
    );
  }
  const stored = await ctx.models.Appeal.findById(appealId).lean();
  if (!stored) throw new HttpError(500, 'Appeal vanished after deciding');
  return toAppeal(stored);
}

export const appealStatusFilter = (value: unknown): AppealStatus | undefined =>
  value === 'pending' || value === 'accepted' || value === 'declined' ? value : undefined;

