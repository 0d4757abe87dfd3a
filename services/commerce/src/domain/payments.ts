import { randomUUID } from 'node:crypto';
import {
  COMMERCE_AUDIT_ACTIONS,
  ADMIN_WITHOUT_NAME,
  COMMERCE_MESSAGES,
  type AdminPaymentsQuery,
  type PaymentRequest,
  type PaymentSubmitResponse,
  type UpdatePaymentResponse,
} from '@quad/contracts';
import { adminListPage, badRequest, conflict, notFound, textMatches } from '@quad/common';
import type { PaymentDoc } from '../models/payment-model';
import { isOfDeletedAccount } from './account-deletion';
import type { CommerceContext } from './context';
import { paymentQueue, paymentsWithStatus } from './lists';
import { presentPayment } from './present';
import { adminAction, ensureAccount, extendSubscription, recordHistory } from './subscriptions';

/** An approved payment buys a year. */
const PAID_MONTHS = 12;
/**
 * How long a submission's first write (the account naming the request) may stand alone because its
 * second (the request's document) is still on its way; only after it is the pair interrupted.
 */
const IN_FLIGHT_GRACE_MS = 30_000;

/**
 * A student says they sent the money through Venmo. One request may wait at a time: the pending
 * request's id is set on the student's account under its lock, so a second submission, even at the
 * same instant from another replica, answers 409.
 */
export async function submitPayment(
  ctx: CommerceContext,
  userId: string,
  body: { venmoUsername: string; notes: string; amount: string },
): Promise<PaymentSubmitResponse> {
  await ensureAccount(ctx, userId);
  const stale = await stalePendingPayment(ctx, userId);
  const paymentId = randomUUID();
  let taken = false;
  await ctx.accounts.update(userId, (current) => {
    if (current.pendingPaymentId && current.pendingPaymentId !== stale) {
      taken = true;
      return null;
    }
    return { pendingPaymentId: paymentId, updatedAt: ctx.now() };
  });
  if (taken) throw conflict(COMMERCE_MESSAGES.pendingExists);

  const student = await ctx.directory.get(userId);
  const now = ctx.now();
  let payment: PaymentDoc;
  try {
    payment = await ctx.payments.insert({
      _id: paymentId,
      userId,
      userEmail: student?.email ?? null,
      firstName: student?.firstName ?? '',
      lastName: student?.lastName ?? '',
      venmoUsername: body.venmoUsername,
      notes: body.notes,
      amount: String(Number(body.amount)),
      status: 'pending',
      decidedAt: null,
      decidedBy: null,
      createdAt: now,
      updatedAt: now,
    });
  } catch (err) {
    // Free the slot again, so a failed submission does not block the next one.
    await ctx.accounts.update(userId, (current) => (current.pendingPaymentId === paymentId ? { pendingPaymentId: null } : null));
    throw err;
  }
  await recordHistory(ctx, {
    _id: `submitted:${paymentId}`,
    userId,
    kind: 'payment-submitted',
    expiresAt: null,
    months: null,
    venmoUsername: body.venmoUsername,
    createdAt: now,
  });
  return { message: COMMERCE_MESSAGES.submitted, request: presentPayment(payment) };
}

/**
 * The id the account still holds as pending although that request was decided or never stored
 * (a process died between two writes), or null. An approval left unfinished is finished here, so
 * the student keeps the year they paid for.
 */
async function stalePendingPayment(ctx: CommerceContext, userId: string): Promise<string | null> {
  const account = await ctx.accounts.find(userId);
  if (!account?.pendingPaymentId) return null;
  const payment = await ctx.payments.find(account.pendingPaymentId);
  if (payment?.status === 'pending') return null;
  if (payment?.status === 'approved') {
    await extendSubscription(ctx, userId, PAID_MONTHS, { settlesPaymentId: payment._id });
    return null;
  }
  // A request being stored right now has its id on the account a moment before its document exists.
  if (!payment && ctx.now().getTime() - new Date(account.updatedAt).getTime() < IN_FLIGHT_GRACE_MS) return null;
  return account.pendingPaymentId;
}

/**
 * The admin list, a page at a time: every pending request (oldest first), then the decided ones
 * (newest first); or one status. A search (student name, e-mail, Venmo username, note) and the
 * submission date range filter the page; `total` is the size of the status read (or of all).
 */
export async function listPaymentRequests(
  ctx: CommerceContext,
  query: AdminPaymentsQuery,
): Promise<{ requests: PaymentRequest[]; nextCursor: string | null; total: number }> {
  const list = query.status ? paymentsWithStatus(query.status) : paymentQueue;
  const from = query.from?.getTime();
  const to = query.to?.getTime();
  const filtered = query.search !== undefined || from !== undefined || to !== undefined;
  const accept = filtered
    ? (payments: PaymentDoc[]) =>
        payments.map((payment) => {
          const at = new Date(payment.createdAt).getTime();
          if ((from !== undefined && at < from) || (to !== undefined && at > to)) return false;
          return textMatches(query.search, [
            `${payment.firstName} ${payment.lastName}`,
            payment.userEmail,
            payment.venmoUsername,
            payment.notes,
          ]);
        })
    : undefined;
  const page = await adminListPage(ctx.payments, list, query, { accept });
  // Names and e-mails as the directory knows them now (a request sent moments after sign-up may
  // have been stored before commerce heard of the account).
  const people = await ctx.directory.getMany([
    ...new Set(page.items.flatMap((payment) => [payment.userId, ...(payment.decidedBy ? [payment.decidedBy] : [])])),
  ]);
  const deciders = decidersAmong(people);
  return {
    total: page.total,
    nextCursor: page.nextCursor,
    requests: page.items.map((payment) => presentPayment(withPerson(payment, people.get(payment.userId)), deciders)),
  };
}

/** Admin id → the name admins' answers show for a decision (`presentPayment`'s `deciders`). */
function decidersAmong(people: Map<string, { _id: string; firstName: string; lastName: string }>): Map<string, string> {
  return new Map([...people.values()].map((entry) => [entry._id, `${entry.firstName} ${entry.lastName}`.trim() || ADMIN_WITHOUT_NAME]));
}

/** The request with the student's name and e-mail as the directory knows them now. */
export function withPerson(payment: PaymentDoc, person: { email: string | null; firstName: string; lastName: string } | undefined): PaymentDoc {
  if (!person) return payment;
  return { ...payment, userEmail: person.email ?? payment.userEmail, firstName: person.firstName, lastName: person.lastName };
}

/**
 * An admin approves or rejects a pending request. The decision and its audit entry go out with the
 * request's write (the outbox); then its steps follow, each idempotent: an approval adds a year from
 * the later of now and the current expiry (once: only while the request is the account's pending
 * one), a rejection frees the slot, and the history records it. The same steps run again from the
 * decision's event (events.ts), so whatever a crash cut short after the decision completes by
 * itself, and the e-mail is sent from there (payment-mail.ts). The same decision again (an admin
 * retrying after an error) finishes the steps and answers as the first did; the other decision
 * answers 409.
 */
export async function decidePayment(
  ctx: CommerceContext,
  adminId: string,
  request: { id: string; status: 'approved' | 'rejected'; userId?: string },
): Promise<UpdatePaymentResponse> {
  const existing = await ctx.payments.find(request.id);
  if (!existing) throw notFound(COMMERCE_MESSAGES.paymentNotFound);
  if (request.userId && request.userId !== existing.userId) throw badRequest(COMMERCE_MESSAGES.paymentUserMismatch);
  // A deleted account's request stays on the list (its $10 may need refunding) but gives no year to
  // an account that is gone: rejecting it is the one decision left.
  if (request.status === 'approved' && existing.status === 'pending' && isOfDeletedAccount(existing)) {
    throw conflict(COMMERCE_MESSAGES.payerDeleted);
  }
  const now = ctx.now();
  let decidedBefore: PaymentDoc['status'] | null = null;
  const decided = await ctx.payments.update(
    request.id,
    (current) => {
      if (current.status !== 'pending') {
        decidedBefore = current.status;
        return null;
      }
      return { status: request.status, decidedAt: now, decidedBy: adminId, updatedAt: now };
    },
    (next) => [
      {
        subject: request.status === 'approved' ? 'commerce.payment.approved' : 'commerce.payment.rejected',
        eventId: `commerce.payment.${request.status}:${next._id}`,
        data: { paymentId: next._id, userId: next.userId, status: request.status },
      },
      adminAction(ctx, {
        actionId: `payment.${request.status}:${next._id}`,
        adminId,
        action: request.status === 'approved' ? COMMERCE_AUDIT_ACTIONS.approved : COMMERCE_AUDIT_ACTIONS.rejected,
        targetUserId: next.userId,
        targetId: next._id,
        details: { venmoUsername: next.venmoUsername, amount: next.amount },
      }),
    ],
  );
  if (!decided) throw notFound(COMMERCE_MESSAGES.paymentNotFound);
  if (decidedBefore !== null && decidedBefore !== request.status) throw conflict(COMMERCE_MESSAGES.alreadyDecided);

  const expiresAt = await settleDecision(ctx, decided);
  // An admin's answer, so it names the deciding admin as the admins' list does (the first one, when
  // the same decision is made again).
  const people = await ctx.directory.getMany([decided.userId, ...(decided.decidedBy ? [decided.decidedBy] : [])]);
  return {
    request: presentPayment(withPerson(decided, people.get(decided.userId)), decidersAmong(people)),
    subscriptionExpiresAt: expiresAt ? expiresAt.toISOString() : null,
  };
}

/**
 * What follows a decided request, safe to run any number of times, from any replica: an approval's
 * year (added once, while the request is still the account's pending one), a rejection's freed
 * slot, and the history entry. Returns the student's expiry after it.
 */
export async function settleDecision(ctx: CommerceContext, payment: PaymentDoc): Promise<Date | null> {
  if (payment.status === 'pending') return null;
  let expiresAt: Date | null;
  if (payment.status === 'approved') {
    const account = await extendSubscription(ctx, payment.userId, PAID_MONTHS, { settlesPaymentId: payment._id });
    expiresAt = account.expiresAt ? new Date(account.expiresAt) : null;
  } else {
    await ensureAccount(ctx, payment.userId);
    const account = await ctx.accounts.update(payment.userId, (current) =>
      current.pendingPaymentId === payment._id ? { pendingPaymentId: null, updatedAt: ctx.now() } : null,
    );
    expiresAt = account?.expiresAt ? new Date(account.expiresAt) : null;
  }
  const approved = payment.status === 'approved';
  await recordHistory(ctx, {
    _id: `${payment.status}:${payment._id}`,
    userId: payment.userId,
    kind: approved ? 'payment-approved' : 'payment-rejected',
    expiresAt: approved ? expiresAt : null,
    months: approved ? PAID_MONTHS : null,
    venmoUsername: payment.venmoUsername,
    createdAt: payment.decidedAt ?? ctx.now(),
  });
  return expiresAt;
}
