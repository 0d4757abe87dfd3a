import { type AdminAppeal, type AdminListQuery, type Appeal, type AppealStatus, MODERATION_MESSAGES, type MyAppealResponse } from '@quad/contracts';
import { adminListPage, type AuthContext, badRequest, conflict, notFound, textMatches } from '@quad/common';
import type { AppealDoc } from '../models/appeal-model';
import { toAppeal } from './appeal-view';
import { adminAction } from './audit';
import { banInForce, isInForce, unbanUser } from './bans';
import type { ModerationContext } from './context';
import { allAppeals, appealsWithStatus } from './lists';
import { alreadyThere, peopleById } from './people';

/** A banned student appeals their ban from the suspension screen: one appeal per ban (its _id is the ban's id). */
export async function submitAppeal(ctx: ModerationContext, student: AuthContext, body: { message: string }): Promise<Appeal> {
  const ban = await banInForce(ctx, student.userId);
  if (!ban) throw badRequest(MODERATION_MESSAGES.noSuspension);
  try {
    const appeal = await ctx.appeals.insert({
      _id: ban.banId,
      userId: student.userId,
      message: body.message,
      status: 'pending',
      response: null,
      decidedBy: null,
      createdAt: ctx.now(),
      decidedAt: null,
    });
    return toAppeal(appeal);
  } catch (err) {
    if (alreadyThere(err)) throw conflict(MODERATION_MESSAGES.duplicateAppeal);
    throw err;
  }
}

/** The suspension screen's state: the ban in force (if any) and the appeal of the latest ban, answered or not. */
export async function myAppeal(ctx: ModerationContext, userId: string): Promise<MyAppealResponse> {
  const ban = await ctx.bans.find(userId);
  if (!ban) return { suspension: null, appeal: null };
  const appeal = await ctx.appeals.find(ban.banId);
  return {
    suspension: isInForce(ban, ctx.now()) ? { banId: ban.banId, reason: ban.reason, banUntil: ban.banUntil.toISOString() } : null,
    appeal: appeal ? toAppeal(appeal) : null,
  };
}

/**
 * Appeals for admins, newest first, a page at a time, with the student and the ban they are
 * about; a search looks in the student's name and e-mail and the appeal's message.
 */
export async function listAppeals(
  ctx: ModerationContext,
  query: AdminListQuery & { status?: AppealStatus },
): Promise<{ appeals: AdminAppeal[]; nextCursor: string | null; total: number }> {
  const list = query.status ? appealsWithStatus(query.status) : allAppeals();
  const accept = query.search
    ? async (appeals: AppealDoc[]) => {
        const people = await peopleById(ctx, appeals.map((appeal) => appeal.userId));
        return appeals.map((appeal) => {
          const person = people.get(appeal.userId);
          return textMatches(query.search, [appeal.message, person && `${person.firstName} ${person.lastName}`, person?.email]);
        });
      }
    : undefined;
  const page = await adminListPage(ctx.appeals, list, query, { accept });
  const appeals = page.items;
  const [people, bans] = await Promise.all([
    peopleById(ctx, appeals.map((appeal) => appeal.userId)),
    ctx.bans.findMany(appeals.map((appeal) => appeal.userId)),
  ]);
  const now = ctx.now();
  return {
    total: page.total,
    nextCursor: page.nextCursor,
    appeals: appeals.map((appeal, index) => {
      const ban = bans[index];
      const sameBan = ban && ban.banId === appeal._id ? ban : null;
      return {
        ...toAppeal(appeal),
        user: people.get(appeal.userId) ?? null,
        ban: sameBan ? { reason: sameBan.reason, banUntil: sameBan.banUntil.toISOString(), active: isInForce(sameBan, now) } : null,
      };
    }),
  };
}

/** An admin accepts an appeal (the ban is lifted at once) or declines it with a message the student reads. */
export async function decideAppeal(
  ctx: ModerationContext,
  admin: AuthContext,
  appealId: string,
  body: { decision: 'accepted' | 'declined'; response?: string },
): Promise<Appeal> {
  const decidedAt = ctx.now();
  const ban = await ctx.bans.find(appealId.slice(0, appealId.lastIndexOf(':')));
  const liftsBan = body.decision === 'accepted' && ban?.banId === appealId && isInForce(ban, decidedAt);
  let decidedNow = false;
  const appeal = await ctx.appeals.update(
    appealId,
    (current) => {
      if (current.status !== 'pending') return null;
      decidedNow = true;
      return { status: body.decision, response: body.response ?? null, decidedBy: admin.userId, decidedAt };
    },
    // An accepted appeal that lifts a ban is audit-logged with the unban; the rest here.
    (next) => [
      // The student hears the answer (notifications), whether or not it lifts the ban.
      {
        subject: 'moderation.appeal.answered',
        data: { appealId, userId: next.userId, decision: body.decision, response: body.response ?? null },
        eventId: `moderation.appeal.answered:${appealId}`,
      },
      ...(liftsBan
        ? []
        : [
            adminAction(ctx, `appeal:${appealId}:${body.decision}`, {
              adminId: admin.userId,
              action: body.decision === 'accepted' ? 'appeal.accepted' : 'appeal.declined',
              targetUserId: next.userId,
              targetId: appealId,
              reason: body.response ?? null,
            }),
          ]),
    ],
  );
  if (!appeal) throw notFound(MODERATION_MESSAGES.appealNotFound);
  if (!decidedNow) throw conflict(MODERATION_MESSAGES.appealDecided);
  if (liftsBan) {
    await unbanUser(ctx, admin, appeal.userId, { via: 'appeal', reason: body.response ?? null }).catch((err: unknown) => {
      // Ended by itself or unbanned a moment ago: the appeal's outcome stands.
      if ((err as { status?: number }).status !== 404) throw err;
    });
  }
  return toAppeal(appeal);
}
