import {
  COMMERCE_AUDIT_ACTIONS,
  COMMERCE_MESSAGES,
  type CancelSubscriptionResponse,
  type CreateSubscriptionResponse,
  type ManualSubscriptionResponse,
  type SubscriptionHistoryEntry,
  type SubscriptionStatus,
} from '@quad/contracts';
import { type RepositoryEvent, badRequest, conflict, notFound } from '@quad/common';
import type { AccountDoc } from '../models/account-model';
import type { HistoryDoc } from '../models/history-model';
import type { CommerceContext } from './context';
import { historyOf } from './lists';
import { presentHistory, presentStatus } from './present';

/** The caller as routes know them. */
export interface Caller {
  userId: string;
  isAdmin: boolean;
}

/** `months` calendar months after `from` (a year is 12). */
export function addMonths(from: Date, months: number): Date {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/** A renewal starts from the later of now and the current expiry, so paying early loses no day. */
export function extendedExpiry(current: Date | null, now: Date, months: number): Date {
  const start = current && current > now ? current : now;
  return addMonths(start, months);
}

/** Makes sure a student has an account document (a first write for each student, once). */
export async function ensureAccount(ctx: CommerceContext, userId: string): Promise<void> {
  if (await ctx.accounts.find(userId)) return;
  try {
    await ctx.accounts.insert({
      _id: userId,
      expiresAt: null,
      cancelledAt: null,
      pendingPaymentId: null,
      createdAt: ctx.now(),
      updatedAt: ctx.now(),
    });
  } catch (err) {
    if ((err as { status?: number }).status !== 409) throw err; // another request made it first
  }
}

/** The event every service's directory follows; its version is the account's own counter. */
export function subscriptionUpdated(account: AccountDoc): RepositoryEvent {
  return {
    subject: 'commerce.subscription.updated',
    eventId: `commerce.subscription.updated:${account._id}:${account.version}`,
    data: {
      userId: account._id,
      version: account.version,
      subscriptionExpiresAt: account.expiresAt ? new Date(account.expiresAt).toISOString() : null,
    },
  };
}

/** An admin's action for the audit log moderation keeps. */
export function adminAction(
  ctx: CommerceContext,
  action: { actionId: string; adminId: string; action: string; targetUserId: string; targetId: string | null; details: Record<string, unknown> },
): RepositoryEvent {
  return {
    subject: 'audit.admin.action',
    eventId: `audit.admin.action:${action.actionId}`,
    data: { ...action, reason: null, at: ctx.now().toISOString() },
  };
}

/** Writes one history fact; the same fact written again is stored once. */
export async function recordHistory(ctx: CommerceContext, entry: Omit<HistoryDoc, 'version'>): Promise<void> {
  try {
    await ctx.history.insert(entry);
  } catch (err) {
    if ((err as { status?: number }).status !== 409) throw err;
  }
}

/**
 * Adds `months` to a student's subscription (from the later of now and the current expiry),
 * clears a cancellation and, when the extension settles a payment, the pending request; the
 * new expiry goes out as `commerce.subscription.updated` with `extraEvents` beside it.
 */
export async function extendSubscription(
  ctx: CommerceContext,
  userId: string,
  months: number,
  options: { settlesPaymentId?: string; extraEvents?: RepositoryEvent[] } = {},
): Promise<AccountDoc> {
  await ensureAccount(ctx, userId);
  const now = ctx.now();
  const account = await ctx.accounts.update(
    userId,
    (current) =>
      // A payment extends the subscription once: only while it is still the account's pending one.
      options.settlesPaymentId && current.pendingPaymentId !== options.settlesPaymentId
        ? null
        : {
            expiresAt: extendedExpiry(current.expiresAt ? new Date(current.expiresAt) : null, now, months),
            cancelledAt: null,
            pendingPaymentId: options.settlesPaymentId ? null : current.pendingPaymentId,
            updatedAt: now,
          },
    (next) => [subscriptionUpdated(next), ...(options.extraEvents ?? [])],
  );
  if (!account) throw new Error(`subscription account ${userId} vanished`);
  return account;
}

export async function subscriptionStatus(ctx: CommerceContext, caller: Caller): Promise<SubscriptionStatus> {
  const account = await ctx.accounts.find(caller.userId);
  const pending = account?.pendingPaymentId ? await ctx.payments.find(account.pendingPaymentId) : null;
  return presentStatus(account, pending, ctx.now(), caller.isAdmin);
}

/** Cancels renewal: access continues until the expiry, and nothing renews or reminds after it. */
export async function cancelSubscription(ctx: CommerceContext, caller: Caller): Promise<CancelSubscriptionResponse> {
  const now = ctx.now();
  const existing = await ctx.accounts.find(caller.userId);
  if (!existing?.expiresAt || new Date(existing.expiresAt) <= now) throw badRequest(COMMERCE_MESSAGES.noActiveSubscription);
  if (existing.cancelledAt) throw conflict(COMMERCE_MESSAGES.alreadyCancelled);
  const account = await ctx.accounts.update(caller.userId, (current) =>
    current.cancelledAt ? null : { cancelledAt: now, updatedAt: now },
  );
  await recordHistory(ctx, {
    _id: `cancelled:${caller.userId}:${now.getTime()}`,
    userId: caller.userId,
    kind: 'cancelled',
    expiresAt: account?.expiresAt ?? null,
    months: null,
    venmoUsername: null,
    createdAt: now,
  });
  return { message: COMMERCE_MESSAGES.cancelled, status: presentStatus(account, null, now, caller.isAdmin) };
}

/** An admin grants 1, 3, 6 or 12 months to the student with this e-mail. */
export async function grantManualSubscription(
  ctx: CommerceContext,
  adminId: string,
  request: { userEmail: string; months: number },
): Promise<ManualSubscriptionResponse> {
  const userId = await ctx.findUserIdByEmail(request.userEmail);
  if (!userId) throw notFound(COMMERCE_MESSAGES.userNotFound);
  const now = ctx.now();
  const grantId = `grant:${userId}:${now.getTime()}`;
  const account = await extendSubscription(ctx, userId, request.months, {
    extraEvents: [
      adminAction(ctx, {
        actionId: grantId,
        adminId,
        action: COMMERCE_AUDIT_ACTIONS.granted,
        targetUserId: userId,
        targetId: null,
        details: { months: request.months, userEmail: request.userEmail.trim().toLowerCase() },
      }),
    ],
  });
  await recordHistory(ctx, {
    _id: grantId,
    userId,
    kind: 'granted',
    expiresAt: account.expiresAt,
    months: request.months,
    venmoUsername: null,
    createdAt: now,
  });
  return {
    userId,
    userEmail: request.userEmail.trim().toLowerCase(),
    months: request.months,
    subscriptionExpiresAt: new Date(account.expiresAt!).toISOString(),
  };
}

/** POST /api/create-subscription: a year at once in mock payment mode; otherwise card payments need Stripe. */
export async function createSubscription(ctx: CommerceContext, caller: Caller): Promise<CreateSubscriptionResponse> {
  if (ctx.paymentMode !== 'mock') {
    return { mockPayment: false, message: COMMERCE_MESSAGES.stripeRequired, subscriptionExpiresAt: null };
  }
  const now = ctx.now();
  const account = await extendSubscription(ctx, caller.userId, 12);
  await recordHistory(ctx, {
    _id: `mock:${caller.userId}:${account.version}`,
    userId: caller.userId,
    kind: 'mock-payment',
    expiresAt: account.expiresAt,
    months: 12,
    venmoUsername: null,
    createdAt: now,
  });
  return { mockPayment: true, message: COMMERCE_MESSAGES.mockActivated, subscriptionExpiresAt: new Date(account.expiresAt!).toISOString() };
}

/** A student's own history, newest first. */
export async function subscriptionHistory(ctx: CommerceContext, caller: Caller): Promise<SubscriptionHistoryEntry[]> {
  const entries = await ctx.history.newest(historyOf(caller.userId), 100);
  return entries.map(presentHistory);
}
