import type { Express } from 'express';
import request from 'supertest';
import type { ServiceRuntime } from '@quad/common';
import {
  bearer,
  createTestRuntime,
  destroyTestRuntime,
  waitFor,
  announceTestUser,
  type TestUser,
} from '@quad/common/src/testing';
import { createApp } from '../src/app';
import { type Config, loadServiceConfig } from '../src/config';
import { type ChatContext, chatContext } from '../src/domain/context';
import { friendIdsOf } from '../src/domain/friends';
import { isBlocking } from '../src/domain/people';
import { startEventConsumers } from '../src/incoming-events';
import { type Realtime, createRealtime } from '../src/realtime/socket-server';
import { prepareChat } from '../src/setup';

/**
 * A real chat service for one test file: its own database and durable consumers on the test
 * infrastructure, started as src/index.ts starts it (the socket side is made but not attached),
 * plus helpers to make users and blocks the way the platform does: by events.
 */
export interface ChatKit {
  runtime: ServiceRuntime<Config>;
  ctx: ChatContext;
  realtime: Realtime;
  app: Express;
  stop(): Promise<void>;
}

export async function startChatKit(env: Record<string, string> = {}): Promise<ChatKit> {
  const config = loadServiceConfig({ ...process.env, ...env });
  const runtime = await createTestRuntime<Config>('chat', config);
  await prepareChat(runtime);
  const realtime = createRealtime(runtime);
  await startEventConsumers(runtime, realtime);
  return {
    runtime,
    ctx: chatContext(runtime),
    realtime,
    app: createApp(runtime, realtime),
    async stop() {
      await realtime.close();
      await flushKeys(runtime);
      await destroyTestRuntime(runtime);
    },
  };
}

/** The test Redis is shared by every test file: leave none of this runtime's keys behind. */
async function flushKeys(runtime: ServiceRuntime): Promise<void> {
  for (const pattern of [
    `repo:${runtime.namespace}:*`,
    `directory:${runtime.namespace}:*`,
    `*${runtime.namespace}*`,
  ]) {
    let cursor = '0';
    do {
      const [next, keys] = await runtime.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      if (keys.length > 0) await runtime.redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  }
}

/** A student (or admin) as the platform makes one: auth announces the user, commerce the subscription. */
export const makeUser = announceTestUser;
export type { TestUser };

/** Social announces a block (or its removal); waits until chat's copy has it. */
export async function setBlock(
  kit: ChatKit,
  blocker: TestUser,
  blocked: TestUser,
  live: boolean,
): Promise<void> {
  await kit.runtime.publisher.publish(live ? 'social.block.created' : 'social.block.removed', {
    blockerId: blocker.id,
    blockedId: blocked.id,
  });
  // As the routes see it: the stored fact and its list both updated.
  await waitFor(async () => (await isBlocking(kit.ctx, blocker.id, blocked.id)) === live);
}

/** Social announces a friendship (or its end) between `a` and each of `others`; waits until chat's copy has them. */
export async function setFriends(kit: Pick<ChatKit, 'runtime' | 'ctx'>, a: TestUser, others: TestUser[], live = true): Promise<void> {
  await Promise.all(
    others.map((other) =>
      kit.runtime.publisher.publish(live ? 'social.friendship.created' : 'social.friendship.removed', { userIds: [a.id, other.id] }),
    ),
  );
  // Many at once on a busy machine take a while to be consumed.
  await waitFor(
    async () => {
      const friends = await friendIdsOf(kit.ctx, a.id);
      return others.every((other) => friends.has(other.id) === live);
    },
    { timeoutMs: 30_000 },
  );
}

export { bearer, request, waitFor };
