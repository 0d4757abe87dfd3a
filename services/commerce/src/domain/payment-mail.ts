import type { CommerceContext } from './context';
import { settleDecision, withPerson } from './payments';

/** A decision older than this is not e-mailed when its event is read again (a new consumer replaying history). */
const MAIL_AT_MOST_AFTER_MS = 24 * 3600_000;

/**
 * The job behind a decision's event (`commerce.payment.approved|rejected`, consumed by commerce
 * itself): finishes the decision's steps if a crash cut them short, then sends the student's
 * e-mail once. A failed send throws, and JetStream redelivers the event later; a send is recorded
 * after the SMTP server took it, so only a crash between the two sends it twice (with the same
 * Message-ID, which mail clients show once).
 */
export async function completePaymentDecision(
  ctx: CommerceContext,
  event: { paymentId: string; status: 'approved' | 'rejected'; occurredAt: string },
): Promise<void> {
  // From the database, not the cache: a decider killed between its write and its mirror leaves the
  // cached request pending, and its event (published by another replica's outbox sweep) would then
  // be acknowledged with nothing done. Reading it also brings the cache and the admin list up to it.
  const payment = await ctx.payments.refresh(event.paymentId);
  if (!payment || payment.status !== event.status) return;
  const expiresAt = await settleDecision(ctx, payment);

  const mailId = `payment.${payment.status}:${payment._id}`;
  if (await ctx.models.SentMail.exists({ _id: mailId })) return;
  if (ctx.now().getTime() - new Date(event.occurredAt).getTime() > MAIL_AT_MOST_AFTER_MS) {
    ctx.logger.info({ paymentId: payment._id }, 'decision e-mail not sent: the decision is older than a day');
    return;
  }
  const student = withPerson(payment, (await ctx.directory.get(payment.userId)) ?? undefined);
  if (!student.userEmail) return;
  if (payment.status === 'approved') {
    await ctx.mailer.paymentApproved(student.userEmail, student.firstName, expiresAt!, mailId);
  } else {
    await ctx.mailer.paymentRejected(student.userEmail, student.firstName, expiresAt, mailId);
  }
  try {
    await ctx.models.SentMail.create({ _id: mailId, to: student.userEmail, sentAt: ctx.now() });
  } catch (err) {
    if ((err as { code?: unknown }).code !== 11000) throw err;
  }
}
