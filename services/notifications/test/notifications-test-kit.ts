import type { Express } from 'express';
import request from 'supertest';
import type { AppNotification, EventData, EventEnvelope, EventSubject } from '@quad/contracts';
import type { ServiceRuntime } from '@quad/common';
import {
  announceTestUser,
  bearer,
  createTestRuntime,
  destroyTestRuntime,
  recordPublished,
  type TestUser,
  waitFor,
} from '@quad/common/src/testing';
import { createApp } from '../src/app';
import { type Config, loadServiceConfig } from '../src/config';
import { type NotificationsContext, notificationsContext } from '../src/domain/context';
import { notificationHandlers } from '../src/domain/sources';
import { startEventConsumers } from '../src/incoming-events';

/**
 * A real notifications service for one test file: its own database and durable consumers on the
 * test infrastructure, e-mail through the test SMTP catcher, and the pushes it publishes recorded.
 * Source events are published the way social, forum, commerce, moderation and chat publish them.
 */
export interface NotificationsKit {
  runtime: ServiceRuntime<Config>;
  ctx: NotificationsContext;
  app: Express;
  published: Array<EventEnvelope<unknown>>;
  /** Sets the clock the service reads (null: the real one). */
  setClock(at: Date | null): void;
  stop(): Promise<void>;
}

export async function startNotificationsKit(env: Record<string, string> = {}): Promise<NotificationsKit> {
  const runtime = await createTestRuntime<Config>('notifications', loadServiceConfig({ ...process.env, ...env }));
  const ctx = notificationsContext(runtime);
  await startEventConsumers(runtime);
  const published = await recordPublished(runtime, ['notifications.notification.created', 'notifications.notification.read']);
  return {
    runtime,
    ctx,
    app: createApp(runtime),
    published,
    setClock(at) {
      ctx.now = at ? () => at : () => new Date();
    },
    async stop() {
      ctx.mailer.close();
      await destroyTestRuntime(runtime);
    },
  };
}

export function makeUser(kit: NotificationsKit, options: { firstName?: string; lastName?: string; collegeId?: string } = {}): Promise<TestUser> {
  return announceTestUser(kit.runtime, { collegeId: options.collegeId ?? 'college-a', ...options });
}

/** Publishes a source event as its service would, under `eventId`. */
export function publish<S extends EventSubject>(kit: NotificationsKit, subject: S, data: EventData<S>, eventId: string) {
  return kit.runtime.publisher.publish(subject, data, eventId);
}

/**
 * Publishes the same envelope (same event id) again under a new message id, so the stream's dedupe
 * lets it through: a publisher's retry after the dedupe window, handled as a new stream message.
 */
export async function replay(kit: NotificationsKit, envelope: EventEnvelope<unknown>): Promise<void> {
  await kit.runtime.js.publish(envelope.subject, JSON.stringify(envelope), { msgID: `replay:${envelope.id}:${Math.random()}` });
}

/** Publishes a source event and answers its stream sequence (for redelivering it as JetStream does). */
export async function publishAt<S extends EventSubject>(kit: NotificationsKit, subject: S, data: EventData<S>, eventId: string) {
  const envelope = { id: eventId, subject, occurredAt: new Date().toISOString(), data };
  const ack = await kit.runtime.js.publish(subject, JSON.stringify(envelope), { msgID: eventId });
  return { ...envelope, sequence: ack.seq };
}

/**
 * Delivers an event again exactly as JetStream redelivers one (after a crash or an expired ack):
 * same envelope, same stream sequence, to the service's own handler.
 */
export async function redeliver<S extends EventSubject>(kit: NotificationsKit, event: EventEnvelope<EventData<S>> & { sequence: number }) {
  const handler = notificationHandlers(kit.ctx)[event.subject as S] as ((e: typeof event) => Promise<void>) | undefined;
  await handler!(event);
}

export async function listOf(kit: NotificationsKit, user: TestUser, query = ''): Promise<AppNotification[]> {
  const res = await request(kit.app).get(`/api/notifications${query}`).set(bearer(user.token));
  if (res.status !== 200) throw new Error(`list answered ${res.status}`);
  return res.body as AppNotification[];
}

export async function unreadOf(kit: NotificationsKit, user: TestUser): Promise<number> {
  const res = await request(kit.app).get('/api/notifications/unread-count').set(bearer(user.token));
  return (res.body as { unread: number }).unread;
}

/** Waits until `user`'s list has `count` notifications matching `match`. */
export function waitForList(
  kit: NotificationsKit,
  user: TestUser,
  match: (notification: AppNotification) => boolean,
  count = 1,
): Promise<AppNotification[]> {
  return waitFor(async () => {
    const found = (await listOf(kit, user)).filter(match);
    return found.length >= count ? found : null;
  });
}

export { bearer, request, waitFor, type TestUser };
export { mailTo } from '@quad/common/src/testing';
