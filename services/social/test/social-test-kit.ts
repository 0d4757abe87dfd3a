import type { Express } from 'express';
import request from 'supertest';
import type { EventData, EventEnvelope, EventSubject } from '@quad/contracts';
import { type ServiceRuntime } from '@quad/common';
import {
  bearer,
  createTestRuntime,
  destroyTestRuntime,
  recordPublished,
  publishedMatching,
} from '@quad/common/src/testing';
import { type TestUser, announceTestUser } from '@quad/common/src/testing';

export type { TestUser };
import { createApp } from '../src/app';
import { type Config, loadServiceConfig } from '../src/config';
import { type SocialContext, socialContext } from '../src/domain/context';
import { startEventConsumers } from '../src/incoming-events';
import { prepareSocial } from '../src/setup';

/**
 * A real social service for one test file: its own database and durable consumers on the test
 * infrastructure, started as src/index.ts starts it, plus helpers to make users the way the
 * platform does (auth and commerce events feeding the directory copy and the college lists).
 */
export interface SocialKit {
  runtime: ServiceRuntime<Config>;
  ctx: SocialContext;
  app: Express;
  /** Every social.* event published since the kit started. */
  published: Array<EventEnvelope<unknown>>;
  stop(): Promise<void>;
}

export async function startSocialKit(): Promise<SocialKit> {
  const runtime = await createTestRuntime<Config>('social', loadServiceConfig(process.env));
  await prepareSocial(runtime);
  await startEventConsumers(runtime);
  const published = await recordPublished(runtime, [
    'social.friendship.created',
    'social.friendship.removed',
    'social.block.created',
    'social.block.removed',
    'social.friend-request.sent',
    'social.friend-request.accepted',
  ]);
  return {
    runtime,
    ctx: socialContext(runtime),
    app: createApp(runtime),
    published,
    async stop() {
      await destroyTestRuntime(runtime);
    },
  };
}

/** A student (or admin) as the platform makes one (see announceTestUser). */
export function makeUser(kit: SocialKit, options: Parameters<typeof announceTestUser>[1]): Promise<TestUser> {
  return announceTestUser(kit.runtime, options);
}

/** Waits for a published social event matching `match`. */
export function publishedEvent<S extends EventSubject>(
  kit: SocialKit,
  subject: S,
  match: (data: EventData<S>) => boolean,
): Promise<EventEnvelope<EventData<S>>> {
  return publishedMatching(kit.published, subject, match);
}

/** The social API as one user calls it. */
export function as(kit: SocialKit, user: TestUser) {
  const auth = bearer(user.token);
  return {
    get: (path: string) => request(kit.app).get(path).set(auth),
    post: (path: string, body: Record<string, unknown> = {}) =>
      request(kit.app).post(path).set(auth).send(body),
    delete: (path: string) => request(kit.app).delete(path).set(auth),
  };
}

/** Makes two students friends through the API (request, then accept). */
export async function befriend(kit: SocialKit, a: TestUser, b: TestUser): Promise<void> {
  const sent = await as(kit, a).post('/api/friend-requests', { friendId: b.id });
  if (sent.status !== 201) throw new Error(`request: ${sent.status} ${sent.text}`);
  const accepted = await as(kit, b).post(`/api/friend-requests/${sent.body.id}/accept`);
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status} ${accepted.text}`);
}

export { bearer, request };
