import type { Express } from 'express';
import request from 'supertest';
import type { SearchHit } from '@quad/contracts';
import { type ServiceRuntime, ensureIndexes } from '@quad/common';
import {
  type TestUser,
  announceTestUser,
  bearer,
  createTestRuntime,
  destroyTestRuntime,
  waitFor,
} from '@quad/common/src/testing';
import { type ForumKit, startForumKit } from '@quad/forum/test/forum-test-kit';
import { createApp } from '../src/app';
import { type Config, loadServiceConfig } from '../src/config';
import { searchContext } from '../src/domain/context';
import type { SearchIndex } from '../src/domain/search-index';
import { startEventConsumers } from '../src/incoming-events';

export type { TestUser };

/**
 * A real forum (the owner of posts, comments, ideas and polls) and a real search service for one
 * test file, on the test infrastructure: content is made through forum's API, reaches NATS through
 * its outbox, and search indexes it from the stream, as in production. The index replays what was
 * published since the kit started (SEARCH_REPLAY_SINCE), not every other test file's events.
 */
export interface SearchKit {
  forum: ForumKit;
  runtime: ServiceRuntime<Config>;
  index: SearchIndex;
  app: Express;
  /** When the kit started: replicas started later replay from here. */
  since: string;
  stop(): Promise<void>;
}

export async function startSearchKit(): Promise<SearchKit> {
  const since = new Date().toISOString();
  const forum = await startForumKit();
  const runtime = await createTestRuntime<Config>(
    'search',
    loadServiceConfig({ ...process.env, SEARCH_REPLAY_SINCE: since }),
  );
  await ensureIndexes(runtime.db);
  await startEventConsumers(runtime);
  return {
    forum,
    runtime,
    index: searchContext(runtime).index,
    app: createApp(runtime),
    since,
    async stop() {
      await destroyTestRuntime(runtime);
      await forum.stop();
    },
  };
}

/** A student as the platform makes one, known to forum and to search (directory and index) alike. */
export async function makeUser(
  kit: SearchKit,
  options: Parameters<typeof announceTestUser>[1],
): Promise<TestUser> {
  const user = await announceTestUser(kit.forum.runtime, options);
  await waitFor(
    async () =>
      kit.index.users.has(user.id) && (await kit.runtime.directory.get(user.id))?.subscriptionExpiresAt,
  );
  return user;
}

/** Forum's API as one user calls it. */
export function forumAs(kit: SearchKit, user: TestUser) {
  const auth = bearer(user.token);
  const expectOk = async (response: request.Response, what: string) => {
    if (response.status >= 300) throw new Error(`${what}: ${response.status} ${response.text}`);
    return response.body;
  };
  return {
    post: async (fields: {
      title: string;
      content: string;
      topicId?: number;
      isAnonymous?: boolean;
    }): Promise<{ id: string }> =>
      expectOk(
        await request(kit.forum.app)
          .post('/api/posts')
          .set(auth)
          .field('title', fields.title)
          .field('content', fields.content)
          .field('topicId', String(fields.topicId ?? 1))
          .field('isAnonymous', String(fields.isAnonymous ?? false)),
        'create post',
      ),
    editPost: async (id: string, fields: { title: string; content: string }) =>
      expectOk(await request(kit.forum.app).put(`/api/posts/${id}`).set(auth).send(fields), 'edit post'),
    deletePost: async (id: string) =>
      expectOk(await request(kit.forum.app).delete(`/api/posts/${id}`).set(auth), 'delete post'),
    comment: async (postId: string, content: string, isAnonymous = false): Promise<{ id: string }> =>
      expectOk(
        await request(kit.forum.app).post('/api/comments').set(auth).send({ postId, content, isAnonymous }),
        'comment',
      ),
    idea: async (title: string, description: string): Promise<{ id: string }> =>
      expectOk(
        await request(kit.forum.app)
          .post('/api/ideas')
          .set(auth)
          .send({
            title,
            description,
            category: 'Technology',
            stage: 'Just an Idea',
            skillsNeeded: ['Marketing'],
          }),
        'idea',
      ),
    poll: async (question: string, options: string[]): Promise<{ id: string }> =>
      expectOk(
        await request(kit.forum.app).post('/api/polls').set(auth).send({ question, options, topicId: 1 }),
        'poll',
      ),
  };
}

/** GET /api/search as `user` on the kit's own search app (or any replica's base URL). */
export async function searchAs(
  kit: SearchKit,
  user: TestUser,
  q: string,
  params: Record<string, string | number> = {},
): Promise<SearchHit[]> {
  const response = await request(kit.app)
    .get('/api/search')
    .query({ q, ...params })
    .set(bearer(user.token));
  if (response.status !== 200) throw new Error(`search: ${response.status} ${response.text}`);
  return response.body as SearchHit[];
}

/** Waits until `user`'s search for `q` satisfies `check` (events arrive asynchronously); returns the hits. */
export function eventually(
  kit: SearchKit,
  user: TestUser,
  q: string,
  check: (hits: SearchHit[]) => boolean,
  params: Record<string, string | number> = {},
  timeoutMs = 10_000,
): Promise<SearchHit[]> {
  return waitFor(
    async () => {
      const hits = await searchAs(kit, user, q, params);
      return check(hits) ? hits : null;
    },
    { timeoutMs, intervalMs: 20 },
  );
}

export const ids = (hits: SearchHit[]) => hits.map((hit) => hit.id);

export { bearer, request };
