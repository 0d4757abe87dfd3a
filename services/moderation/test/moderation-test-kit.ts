import type { Express } from 'express';
import { Types } from 'mongoose';
import request from 'supertest';
import type { EventData, EventEnvelope, EventSubject } from '@quad/contracts';
import { type ServiceRuntime, ensureIndexes } from '@quad/common';
import {
  bearer,
  createTestRuntime,
  destroyTestRuntime,
  waitFor,
  recordPublished,
  publishedMatching,
  announceTestUser,
  type TestUser,
} from '@quad/common/src/testing';
import { createApp } from '../src/app';
import { type Config, loadServiceConfig } from '../src/config';
import { type ModerationContext, moderationContext } from '../src/domain/context';
import { startEventConsumers } from '../src/incoming-events';

/**
 * A real moderation service for one test file (its own database and durable consumers on the test
 * infrastructure), started as src/index.ts starts it, with a clock the test moves by hand and a
 * record of every moderation.* and audit.* event published since it started.
 */
export interface ModerationKit {
  runtime: ServiceRuntime<Config>;
  ctx: ModerationContext;
  app: Express;
  published: Array<EventEnvelope<unknown>>;
  /** Moves the injected clock forward. */
  advance(ms: number): void;
  stop(): Promise<void>;
}

export async function startModerationKit(): Promise<ModerationKit> {
  const runtime = await createTestRuntime<Config>('moderation', loadServiceConfig(process.env));
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const ctx = moderationContext(runtime, { now });
  await ensureIndexes(runtime.db);
  await startEventConsumers(runtime);
  const published = await recordPublished(runtime, [
    'moderation.user.banned',
    'moderation.user.unbanned',
    'moderation.content.removed',
    'audit.admin.action',
    'moderation.report.resolved',
    'moderation.appeal.answered',
  ]);
  const users: string[] = [];
  const kit: ModerationKit & { users: string[] } = {
    runtime,
    ctx,
    app: createApp(runtime, { now }),
    published,
    users,
    advance(ms) {
      offsetMs += ms;
    },
    async stop() {
      // The test Redis is shared by every test file: leave no ban keys behind.
      if (users.length > 0) await runtime.redis.del(...users.map((id) => `ban:${id}`));
      for (const pattern of [`repo:${runtime.db.name}:*`, `directory:${runtime.db.name}:*`])
        await deleteKeys(runtime, pattern);
      await destroyTestRuntime(runtime);
    },
  };
  return kit;
}

/** A student or admin as the platform makes one (subscribed unless an admin); moderation's directory copy learns them. */
export async function makeUser(
  kit: ModerationKit,
  options: { isAdmin?: boolean; subscribed?: boolean; firstName?: string; collegeId?: string } = {},
): Promise<TestUser> {
  const user = await announceTestUser(kit.runtime, {
    ...options,
    collegeId: options.collegeId ?? 'college-a',
    subscribed: options.subscribed ?? !options.isAdmin,
  });
  // Their ban keys are removed when the kit stops.
  (kit as ModerationKit & { users: string[] }).users.push(user.id);
  return user;
}

export type { TestUser };

/** Announces a post as forum does, and waits until moderation has learnt its author. */
export async function announcePost(
  kit: ModerationKit,
  authorId: string,
  postId = new Types.ObjectId().toHexString(),
): Promise<string> {
  await kit.runtime.publisher.publish(
    'forum.post.created',
    { postId, authorId, collegeId: 'college-a', topicId: 1 },
    `forum.post.created:${postId}`,
  );
  await waitFor(() => kit.ctx.models.ContentAuthor.findById(`post:${postId}`).lean());
  return postId;
}

/** Waits for a published event matching `match`. */
export function publishedEvent<S extends EventSubject>(
  kit: ModerationKit,
  subject: S,
  match: (data: EventData<S>) => boolean,
): Promise<EventEnvelope<EventData<S>>> {
  return publishedMatching(kit.published, subject, match);
}

export { bearer, request, waitFor };

async function deleteKeys(runtime: ServiceRuntime, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await runtime.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    if (keys.length > 0) await runtime.redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}
