import * as fc from 'fast-check';
import type { z } from 'zod';
import { type ServiceName, serviceForPath } from '@quad/contracts';
import { API_OPERATIONS, type ApiOperation } from '@quad/contracts/src/api-operations';
import { waitFor } from '@quad/common/src/testing';
import { reachableWhileBanned } from '../src/app';
import { type InProcessSystem, startInProcessSystem } from './support/in-process-system';
import { type Account, type SystemClient, systemClient } from './support/system-client';
import { hostileBody } from './support/zod-arbitrary';

/*
 * Issue 20: every operation with a body, sent bodies made from its own zod schema by fast-check,
 * through the gateway to the real services, by a caller allowed to call it (so the body reaches the
 * route's validation, and an id in the path names a real post, comment, idea, poll, report or
 * appeal of theirs). No body may make a service fail (5xx); a body the schema refuses must be
 * refused (4xx) and leave the owning service's database exactly as it was.
 */

/** Bodies per operation and property (28 operations, two properties each); QUAD_PROPERTY_RUNS=200 for a long search. */
const RUNS = Number(process.env.QUAD_PROPERTY_RUNS ?? 6);

const operationsWithBody = API_OPERATIONS.filter((op): op is ApiOperation & { body: z.ZodType } => Boolean(op.body));

/** What the server's JSON parser makes of a body as it goes over the wire. */
function asReceived(body: unknown): { ok: true; value: unknown } | { ok: false } {
  if (typeof body === 'string') {
    try {
      return { ok: true, value: JSON.parse(body) };
    } catch {
      return { ok: false };
    }
  }
  return { ok: true, value: JSON.parse(JSON.stringify(body) ?? 'null') };
}

describe('property-based bodies on every operation with a body', () => {
  let system: InProcessSystem;
  let client: SystemClient;
  let admin: Account;
  let student: Account;
  let banned: Account;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    system = await startInProcessSystem();
    client = systemClient(system.baseUrl);
    let classmate: Account;
    let groupmate: Account;
    [admin, student, classmate, banned, groupmate] = await Promise.all([
      client.admin(),
      client.student('1', 'Fuzzer'),
      client.student('1', 'Reporter'),
      client.student('1', 'Suspended'),
      client.student('1', 'Groupmate'),
    ]);
    await Promise.all([student, classmate, banned, groupmate].map((account) => client.subscribe(admin, account)));
    const as = (account: Account, path: string, body: unknown) => client.expectStatus(client.call('post', path, { token: account.token, body }), 201, path);
    const post = (await as(student, '/api/posts', { title: 'Fuzz target', content: 'Text', topicId: 1 })).body as { id: string };
    const comment = (await as(student, '/api/comments', { postId: post.id, content: 'A comment' })).body as { id: string };
    const poll = (await as(student, '/api/polls', { question: 'Fuzz?', options: ['Yes', 'No'], topicId: 1 })).body as { id: string };
    const idea = (await as(student, '/api/ideas', { title: 'Fuzz idea', description: 'An idea', category: 'Technology', stage: 'Planning' })).body as { id: string };
    const report = await waitFor(async () => {
      const answer = await client.call('post', '/api/reports', { token: classmate.token, body: { type: 'post', contentId: post.id, reason: 'Spam' } });
      return answer.status === 201 ? (answer.body as { id: string }) : undefined;
      // Moderation learns of the post from forum's event: a busy machine may take seconds.
    }, { timeoutMs: 30_000 });
    // A group of the student's with two friends, for the group operations' paths.
    for (const friend of [classmate, groupmate]) {
      const request = (await as(student, '/api/friend-requests', { friendId: friend.id })).body as { id: string };
      await client.expectStatus(client.call('post', `/api/friend-requests/${request.id}/accept`, { token: friend.token }), 200, 'accept');
    }
    const group = await waitFor(
      async () => {
        const body = { name: 'Fuzz group', memberIds: [classmate.id, groupmate.id] };
        const answer = await client.call('post', '/api/groups', { token: student.token, body });
        return answer.status === 201 ? (answer.body as { id: string }) : undefined;
      },
      // Chat learns of the friendships from social's events.
      { timeoutMs: 30_000 },
    );
    // A message to the student from a friend, for reporting a message (one's own cannot be reported).
    const message = await waitFor(async () => {
      const answer = await client.call('post', '/api/messages', { token: classmate.token, body: { receiverId: student.id, content: 'Fuzz me' } });
      return answer.status === 201 ? (answer.body as { id: string }) : undefined;
    }, { timeoutMs: 30_000 });
    await client.ban(admin, banned);
    const appeal = (await as(banned, '/api/appeals', { message: 'Please' })).body as { id: string };
    Object.assign(ids, { post: post.id, comment: comment.id, poll: poll.id, idea: idea.id, report: report.id, appeal: appeal.id, group: group.id, message: message.id });
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  /** The path with its ids filled in: the caller's own resources, so the body is what gets judged. */
  function pathOf(op: ApiOperation): string {
    const resource = op.path.startsWith('/api/posts/')
      ? ids.post
      : op.path.startsWith('/api/comments/')
        ? ids.comment
        : op.path.startsWith('/api/polls/')
          ? ids.poll
          : op.path.startsWith('/api/ideas/')
            ? ids.idea
            : op.path.startsWith('/api/admin/reports/')
              ? ids.report
              : op.path.startsWith('/api/admin/appeals/')
                ? ids.appeal
                : op.path.startsWith('/api/groups/')
                  ? ids.group
                  : op.path.startsWith('/api/messages/')
                    ? ids.message
                  : op.path.startsWith('/api/admin/admins/invites/')
                    ? // An invitation's token comes only by e-mail: an unknown one, so a valid body is a 404.
                      'not-an-invitation'
                    : undefined;
    if (op.path.includes(':') && !resource) throw new Error(`${op.path}: no resource for its path parameter`);
    return op.path.replace(/:\w+/g, resource ?? '');
  }

  function callerOf(op: ApiOperation): Account | undefined {
    if (op.access === 'public') return undefined;
    if (op.access === 'admin') return admin;
    return reachableWhileBanned(op.path.replace(/^\/api/, '')) ? banned : student;
  }

  /**
   * Copies other services' events keep (the user directory, post authors, block copies, stats, the
   * audit log of every service's admin actions): other test files publish on the same streams while
   * this one runs, so those change by themselves; so does notifications' outbox, which carries the
   * pushes its consumers commit for those events. Every other collection only an HTTP call writes.
   */
  const projections: Partial<Record<ServiceName, string[]>> = {
    auth: ['stat_facts'],
    forum: ['blocks'],
    chat: ['blocks', 'friendships'],
    social: ['members'],
    moderation: ['content_authors', 'audit_log'],
    notifications: ['posts', 'participants', 'blocks', 'notifications', 'outbox'],
  };

  /**
   * Collections that HTTP calls and other services' events both write: only what HTTP writes is
   * counted (moderation's message reports come from chat's events, which other test files publish).
   */
  const writtenByHttp: Partial<Record<ServiceName, Record<string, object>>> = {
    moderation: { reports: { type: { $ne: 'message' } } },
  };

  /** The number of documents in each collection of the service's database that its HTTP routes write. */
  async function snapshot(service: ServiceName): Promise<Record<string, number>> {
    const { db } = system.runtimes[service];
    const skipped = new Set(['directory_users', ...(projections[service] ?? [])]);
    const collections = (await db.listCollections())
      .map((c) => c.name)
      .filter((name) => !skipped.has(name))
      .sort();
    const counts = await Promise.all(
      collections.map((name) => db.collection(name).countDocuments(writtenByHttp[service]?.[name] ?? {})),
    );
    return Object.fromEntries(collections.map((name, index) => [name, counts[index]!]));
  }

  /** Waits until what earlier calls set going (events, projections) has settled in the service's database. */
  async function settled(service: ServiceName): Promise<Record<string, number>> {
    let previous = JSON.stringify(await snapshot(service));
    return waitFor(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = await snapshot(service);
      const same = JSON.stringify(now) === previous;
      previous = JSON.stringify(now);
      return same ? now : undefined;
    });
  }

  test('the operations with a body are the ones this test knows how to call', () => {
    expect(operationsWithBody.length).toBeGreaterThanOrEqual(28);
    for (const op of operationsWithBody) expect(() => pathOf(op)).not.toThrow();
  });

  test.each(operationsWithBody.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))(
    'when %s gets bodies its schema refuses, then it answers 4xx and stores nothing',
    async (_label, op) => {
      const service = serviceForPath(op.path)!;
      const caller = callerOf(op);
      const before = await settled(service);
      const refusedBodies = hostileBody(op.body).filter((body) => {
        const received = asReceived(body);
        return !received.ok || !op.body.safeParse(received.value).success;
      });
      const wrong: string[] = [];
      await fc.assert(
        fc.asyncProperty(refusedBodies, async (body) => {
          const answer = await client.call(op.method, pathOf(op), { token: caller?.token, body });
          if (answer.status < 400 || answer.status >= 500) wrong.push(`${answer.status} for ${JSON.stringify(body)?.slice(0, 200)}`);
        }),
        { numRuns: RUNS },
      );
      expect(wrong).toEqual([]);
      expect(await snapshot(service)).toEqual(before);
    },
  );

  test.each(operationsWithBody.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))(
    'when %s gets any body, valid or hostile, then it never answers 5xx',
    async (_label, op) => {
      const caller = callerOf(op);
      const failures: string[] = [];
      await fc.assert(
        fc.asyncProperty(hostileBody(op.body), async (body) => {
          const answer = await client.call(op.method, pathOf(op), { token: caller?.token, body });
          if (answer.status >= 500) failures.push(`${answer.status} ${JSON.stringify(answer.body)} for ${JSON.stringify(body)?.slice(0, 200)}`);
        }),
        { numRuns: RUNS },
      );
      expect(failures).toEqual([]);
    },
  );
});
