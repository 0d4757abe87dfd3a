import mongoose from 'mongoose';
import type { NotificationDoc } from '../models/notification-model';
import type { NotificationsContext } from './context';

/** A digest lists at most this many lines (the rest are counted in the app). */
const DIGEST_MAX_LINES = 30;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Sends each user with notifications waiting for the digest (kinds whose e-mail they turned on)
 * one e-mail a day, from DIGEST_HOUR_UTC. Safe on every replica at once: a user's day is claimed
 * (insert of `<user>:<day>`) before the e-mail goes out, and a failed send gives the claim back so
 * the next run tries again. Returns how many digests this run sent.
 */
export async function sendDigests(ctx: NotificationsContext): Promise<number> {
  const now = ctx.now();
  if (now.getUTCHours() < ctx.config.DIGEST_HOUR_UTC) return 0;
  const { Notification, Digest } = ctx.models;
  const userIds = (await Notification.distinct('userId', { emailState: 'digest' }).exec()) as string[];
  let sent = 0;
  for (const userId of userIds) {
    const claim = `${userId}:${dayOf(now)}`;
    try {
      await Digest.create({ _id: claim, userId, claimedAt: now });
    } catch (err) {
      if ((err as { code?: number }).code === 11000) continue; // today's went out already
      throw err;
    }
    try {
      if (await sendOne(ctx, userId, claim)) sent += 1;
    } catch (err) {
      ctx.logger.warn({ err: (err as Error).message }, 'digest not sent; the next run retries');
      await Digest.deleteOne({ _id: claim }).exec();
    }
  }
  return sent;
}

async function sendOne(ctx: NotificationsContext, userId: string, claim: string): Promise<boolean> {
  const waiting = await ctx.models.Notification.find({ userId, emailState: 'digest' })
    .sort({ createdAt: -1, _id: -1 })
    .lean<NotificationDoc[]>()
    .exec();
  if (waiting.length === 0) return false;
  const person = await ctx.directory.get(userId);
  const ids = waiting.map((doc) => doc._id);
  if (person?.email) {
    const lines = waiting.slice(0, DIGEST_MAX_LINES).map((doc) => ({ text: doc.text, link: doc.link }));
    if (waiting.length > DIGEST_MAX_LINES) lines.push({ text: `…and ${waiting.length - DIGEST_MAX_LINES} more`, link: '/' });
    await ctx.mailer.digest(person.email, person.firstName, lines, `digest.${claim.replace(':', '.')}`);
  }
  await ctx.models.Notification.updateMany({ _id: mongoose.trusted({ $in: ids }), emailState: 'digest' }, { $set: { emailState: 'digested' } }).exec();
  return Boolean(person?.email);
}

/** Runs sendDigests every `everyMinutes`; returns its stop. */
export function scheduleDigests(ctx: NotificationsContext, everyMinutes: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendDigests(ctx)
      .catch((err: unknown) => ctx.logger.warn({ err: (err as Error).message }, 'digest run failed'))
      .finally(() => {
        running = false;
      });
  }, everyMinutes * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
