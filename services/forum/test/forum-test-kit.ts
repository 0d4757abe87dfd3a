import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import request from 'supertest';
import type { EventData, EventEnvelope, EventSubject, Post } from '@quad/contracts';
import type { ServiceRuntime } from '@quad/common';
import {
  type TestUser,
  announceTestUser,
  bearer,
  createTestRuntime,
  destroyTestRuntime,
  publishedMatching,
  recordPublished,
  runtimeRedisKeys,
} from '@quad/common/src/testing';

export type { TestUser };
import { createApp } from '../src/app';
import { type Config, loadServiceConfig } from '../src/config';
import { type ForumContext, forumContext } from '../src/domain/context';
import { startEventConsumers } from '../src/incoming-events';
import { prepareForum } from '../src/setup';

/**
 * A real forum for one test file: its own database, durable consumers and bucket on the test
 * infrastructure, started as src/index.ts starts it, plus helpers to make users the way the
 * platform does (auth and commerce events feeding the directory copy).
 */
export interface ForumKit {
  runtime: ServiceRuntime<Config>;
  ctx: ForumContext;
  app: Express;
  /** Every forum.* event published since the kit started. */
  published: Array<EventEnvelope<unknown>>;
  stop(): Promise<void>;
}

export async function startForumKit(env: Record<string, string> = {}): Promise<ForumKit> {
  // S3 bucket names allow no underscores, unlike uniqueName().
  const config = loadServiceConfig({
    ...process.env,
    ...env,
    S3_BUCKET: `quad-forum-test-${randomBytes(4).toString('hex')}`,
  });
  const runtime = await createTestRuntime<Config>('forum', config);
  await prepareForum(runtime);
  await startEventConsumers(runtime);
  const published = await recordPublished(runtime, [
    'forum.post.created',
    'forum.post.deleted',
    'forum.comment.created',
    'forum.comment.deleted',
  ]);
  return {
    runtime,
    ctx: forumContext(runtime),
    app: createApp(runtime),
    published,
    async stop() {
      // The test Redis is shared by every test file: leave no index keys behind.
      await flushListIndexes({ runtime });
      await destroyTestRuntime(runtime);
    },
  };
}

/** Every Redis key of this forum's repositories (list sets, ready flags, cached documents, locks). */
export function listIndexKeys(kit: Pick<ForumKit, 'runtime'>): Promise<string[]> {
  return runtimeRedisKeys(kit.runtime);
}

/** Deletes every list index and cached document, as a fresh or flushed Redis would have it. */
export async function flushListIndexes(kit: Pick<ForumKit, 'runtime'>): Promise<void> {
  const keys = await listIndexKeys(kit);
  if (keys.length > 0) await kit.runtime.redis.del(...keys);
}

/** A student (or admin) as the platform makes one (see announceTestUser). */
export function makeUser(kit: ForumKit, options: Parameters<typeof announceTestUser>[1]): Promise<TestUser> {
  return announceTestUser(kit.runtime, options);
}

/** Waits for a published forum event matching `match`. */
export function publishedEvent<S extends EventSubject>(
  kit: ForumKit,
  subject: S,
  match: (data: EventData<S>) => boolean,
): Promise<EventEnvelope<EventData<S>>> {
  return publishedMatching(kit.published, subject, match);
}

/** Creates a post through the API as `user`, multipart as the web sends it. */
export async function createPost(
  kit: ForumKit,
  user: TestUser,
  fields: { title?: string; content?: string; topicId?: number; isAnonymous?: boolean } = {},
): Promise<Post> {
  const response = await request(kit.app)
    .post('/api/posts')
    .set(bearer(user.token))
    .field('title', fields.title ?? 'A post')
    .field('content', fields.content ?? 'Some content')
    .field('topicId', String(fields.topicId ?? 1))
    .field('isAnonymous', String(fields.isAnonymous ?? false));
  if (response.status !== 201)
    throw new Error(`create post: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as Post;
}

/** A post as `user` sees it in its board's feed (the counts a student reads), or undefined. */
export async function seenPost(
  kit: ForumKit,
  user: TestUser,
  postId: string,
  topicId = 1,
): Promise<Post | undefined> {
  const response = await request(kit.app)
    .get('/api/posts')
    .query({ topicId, limit: 50 })
    .set(bearer(user.token));
  if (response.status !== 200) throw new Error(`feed: ${response.status} ${response.text}`);
  return (response.body as Post[]).find((post) => post.id === postId);
}

export { bearer, request };
