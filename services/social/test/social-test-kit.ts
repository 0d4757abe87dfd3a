import type { Express } from 'express';
import { Types } from 'mongoose';
import request from 'supertest';
import type { EventData, EventEnvelope, EventSubject } from '@quad/contracts';
import { type RunningConsumer, type ServiceRuntime, directoryModel, startConsumers } from '@quad/common';
import { bearer, createTestRuntime, destroyTestRuntime, testToken, waitFor } from '@quad/common/src/testing';
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
  const published: Array<EventEnvelope<unknown>> = [];
  const record = async (event: EventEnvelope<unknown>) => void published.push(event);
  const probe: RunningConsumer = await startConsumers({
    ...runtime,
    durable: `${runtime.consumerPrefix}-probe`,
    handlers: {
      'social.friendship.created': record,
      'social.friendship.removed': record,
      'social.block.created': record,
      'social.block.removed': record,
    },
  });
  runtime.consumers.push(probe);
  return {
    runtime,
    ctx: socialContext(runtime),
    app: createApp(runtime),
    published,
    async stop() {
      // The test Redis is shared by every test file: leave no keys of this database behind.
      const keys: string[] = [];
      for (const pattern of [`repo:${runtime.namespace}:*`, `directory:${runtime.namespace}:*`]) {
        let cursor = '0';
        do {
          const [next, found] = await runtime.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
          keys.push(...found);
          cursor = next;
        } while (cursor !== '0');
      }
      if (keys.length > 0) await runtime.redis.del(...keys);
      await destroyTestRuntime(runtime);
    },
  };
}

export interface TestUser {
  id: string;
  token: string;
  firstName: string;
  lastName: string;
  collegeId: string | null;
}

let userCounter = 0;

/** A student (or admin) as the platform makes one: auth announces the user, commerce the subscription. */
export async function makeUser(
  kit: SocialKit,
  options: {
    collegeId: string | null;
    subscribed?: boolean;
    isAdmin?: boolean;
    firstName?: string;
    lastName?: string;
  },
): Promise<TestUser> {
  const id = new Types.ObjectId().toHexString();
  userCounter += 1;
  const firstName = options.firstName ?? `Student${userCounter}`;
  const lastName = options.lastName ?? 'Tester';
  const { publisher } = kit.runtime;
  await publisher.publish('auth.user.registered', {
    userId: id,
    version: 0,
    firstName,
    lastName,
    email: `${id}@example.edu`,
    profileColor: '#10B981',
    profileImageUrl: null,
    collegeId: options.collegeId,
    collegeName: options.collegeId ? `College ${options.collegeId}` : null,
    collegeInitials: options.collegeId ? 'TC' : null,
    major: 'Testing',
    graduationYear: 2027,
    isAdmin: options.isAdmin ?? false,
  });
  const subscribed = options.subscribed ?? true;
  if (subscribed) {
    await publisher.publish('commerce.subscription.updated', {
      userId: id,
      version: 0,
      subscriptionExpiresAt: new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString(),
    });
  }
  const Directory = directoryModel(kit.runtime.db);
  await waitFor(async () => {
    const entry = await Directory.findById(id).lean();
    // The auth and commerce streams are consumed independently: wait for both to be applied.
    return entry && entry.authVersion >= 0 && (!subscribed || entry.subscriptionExpiresAt);
  });
  return {
    id,
    token: testToken({ userId: id, collegeId: options.collegeId, isAdmin: options.isAdmin }),
    firstName,
    lastName,
    collegeId: options.collegeId,
  };
}

/** Waits for a published social event matching `match`. */
export function publishedEvent<S extends EventSubject>(
  kit: SocialKit,
  subject: S,
  match: (data: EventData<S>) => boolean,
): Promise<EventEnvelope<EventData<S>>> {
  return waitFor(
    () =>
      kit.published.find((event) => event.subject === subject && match(event.data as EventData<S>)) as
        EventEnvelope<EventData<S>> | undefined,
  );
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
