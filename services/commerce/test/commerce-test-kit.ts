import type { Express } from 'express';
import request from 'supertest';
import type { EventData, EventEnvelope, EventSubject } from '@quad/contracts';
import type { ServiceRuntime } from '@quad/common';
import {
  bearer,
  createTestRuntime,
  destroyTestRuntime,
  waitFor,
  publishedMatching,
  recordPublished,
  announceTestUser,
  type TestUser,
} from '@quad/common/src/testing';
import { createApp } from '../src/app';
import { type Config, loadServiceConfig } from '../src/config';
import { type CommerceContext, commerceContext } from '../src/domain/context';
import { startEventConsumers } from '../src/incoming-events';

/**
 * A real commerce service for one test file: its own database and durable consumers on the test
 * infrastructure, e-mail through the test SMTP catcher (maildev), and every commerce and audit
 * event it publishes recorded.
 */
export interface CommerceKit {
  runtime: ServiceRuntime<Config>;
  ctx: CommerceContext;
  app: Express;
  published: Array<EventEnvelope<unknown>>;
  stop(): Promise<void>;
}

export async function startCommerceKit(env: Record<string, string> = {}): Promise<CommerceKit> {
  const runtime = await createTestRuntime<Config>('commerce', loadServiceConfig({ ...process.env, ...env }));
  const ctx = commerceContext(runtime);
  await startEventConsumers(runtime);
  const published = await recordPublished(runtime, [
    'commerce.subscription.updated',
    'commerce.payment.approved',
    'commerce.payment.rejected',
    'audit.admin.action',
  ]);
  return {
    runtime,
    ctx,
    app: createApp(runtime),
    published,
    async stop() {
      ctx.mailer.close();
      await destroyTestRuntime(runtime);
    },
  };
}

/**
 * A user as auth announces one, at college-a and without a subscription (commerce grants those);
 * waits until this commerce's directory copy knows them.
 */
export function makeUser(
  kit: CommerceKit,
  options: { isAdmin?: boolean; firstName?: string } = {},
): Promise<TestUser> {
  return announceTestUser(kit.runtime, { collegeId: 'college-a', subscribed: false, ...options });
}

export type { TestUser };

/** Waits for a published event matching `match`. */
export function publishedEvent<S extends EventSubject>(
  kit: CommerceKit,
  subject: S,
  match: (data: EventData<S>) => boolean,
): Promise<EventEnvelope<EventData<S>>> {
  return publishedMatching(kit.published, subject, match);
}

export { mailTo } from '@quad/common/src/testing';

export async function submitPayment(kit: CommerceKit, user: TestUser, venmoUsername = '@student') {
  return request(kit.app)
    .post('/api/payments/submit')
    .set(bearer(user.token))
    .send({ venmoUsername, notes: 'sent Monday', amount: '10' });
}

export { bearer, request, waitFor };
