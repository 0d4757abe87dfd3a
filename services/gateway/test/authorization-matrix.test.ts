import { API_OPERATIONS, type ApiAccess, type ApiOperation } from '@quad/contracts/src/api-operations';
import { waitFor } from '@quad/common/src/testing';
import { type InProcessSystem, startInProcessSystem } from './support/in-process-system';
import { type Account, type Answer, type SystemClient, systemClient } from './support/system-client';
import { reachableWhileBanned } from '../src/app';

/*
 * Issue 20: every operation of api-operations.ts called by every kind of caller, through the
 * gateway in front of every service, and the expected answer worked out from the operation's
 * declared access alone. A new operation is in the matrix the moment it is in the table; an access
 * level the matrix has no rule for fails it. Then object-level checks: each resource with an id,
 * made by its owner, is refused to every other student it does not belong to, and is left as it was.
 */

const ROLES = ['visitor', 'unsubscribed', 'subscribed', 'otherCollege', 'banned', 'admin'] as const;
type Role = (typeof ROLES)[number];

/** A refusal: the status the caller must get before the route does anything. `allowed`: any answer but 401/402/403, never 5xx. */
type Expected = { refused: 401 | 402 | 403 } | 'allowed';

const ALLOWED: Expected = 'allowed';
const refused = (status: 401 | 402 | 403): Expected => ({ refused: status });

/** Who may call what, from the access level alone (api-operations.ts: ApiAccess). */
const RULES: Record<ApiAccess, (role: Role, op: ApiOperation) => Expected> = {
  // A banned student's token must not shut them out of signing in again, registering or the college list.
  public: () => ALLOWED,
  'signed-in': (role, op) =>
    role === 'visitor' ? refused(401) : role === 'banned' && !reachableWhileBanned(op.path.replace(/^\/api/, '')) ? refused(403) : ALLOWED,
  subscriber: (role) =>
    role === 'visitor' ? refused(401) : role === 'unsubscribed' ? refused(402) : role === 'banned' ? refused(403) : ALLOWED,
  admin: (role) => (role === 'visitor' ? refused(401) : role === 'admin' ? ALLOWED : refused(403)),
};

function expectedFor(op: ApiOperation, role: Role): Expected {
  const rule = (RULES as Record<string, ((role: Role, op: ApiOperation) => Expected) | undefined>)[op.access];
  if (!rule) throw new Error(`${op.method.toUpperCase()} ${op.path}: no matrix rule for access '${op.access}'`);
  return rule(role, op);
}

/** A well-formed id that names nothing. */
const NOBODY = '0123456789abcdef01234567';
const concretePath = (op: ApiOperation) => op.path.replace(/:\w+/g, NOBODY);
const describeAnswer = (answer: Pick<Answer, 'status' | 'body'>) => `${answer.status} ${JSON.stringify(answer.body)?.slice(0, 120)}`;

describe('the authorization matrix: every operation × every kind of caller, through the gateway', () => {
  let system: InProcessSystem;
  let client: SystemClient;
  const accounts = {} as Record<Exclude<Role, 'visitor'>, Account> & { classmate: Account };
  const tokenOf = (role: Role) => (role === 'visitor' ? undefined : accounts[role].token);

  beforeAll(async () => {
    system = await startInProcessSystem();
    client = systemClient(system.baseUrl);
    const [admin, subscribed, classmate, unsubscribed, otherCollege, banned] = await Promise.all([
      client.admin(),
      client.student('1', 'Owner'),
      client.student('1', 'Classmate'),
      client.student('1', 'Unpaid'),
      client.student('2', 'Stanford'),
      client.student('1', 'Banned'),
    ]);
    Object.assign(accounts, { admin, subscribed, classmate, unsubscribed, otherCollege, banned });
    await Promise.all([subscribed, classmate, otherCollege, banned].map((account) => client.subscribe(admin, account)));
    await client.ban(admin, banned);
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  test('when the table has an operation with an access level the matrix has no rule for, then the matrix refuses to run it', () => {
    const unruled = { ...API_OPERATIONS[0]!, access: 'students-only' } as unknown as ApiOperation;
    expect(() => expectedFor(unruled, 'subscribed')).toThrow(/no matrix rule/);
  });

  /** `METHOD path as role` of every call the matrix made, to prove it covered the whole table. */
  const covered = new Set<string>();
  const coverageKey = (op: ApiOperation, role: Role) => `${op.method.toUpperCase()} ${op.path} as ${role}`;

  /** Calls `op` as every role and returns what did not answer as the operation's access says. */
  async function checkOperation(op: ApiOperation, tokens: (role: Role) => string | undefined): Promise<string[]> {
    const wrong: string[] = [];
    await Promise.all(
      ROLES.map(async (role) => {
        const expected = expectedFor(op, role);
        const answer = await client.call(op.method, concretePath(op), {
          token: tokens(role),
          body: op.method === 'get' || op.method === 'delete' ? undefined : {},
        });
        covered.add(coverageKey(op, role));
        const label = coverageKey(op, role);
        if (answer.status >= 500) wrong.push(`${label}: ${describeAnswer(answer)}`);
        else if (expected === 'allowed') {
          if ([401, 402, 403].includes(answer.status)) wrong.push(`${label}: expected to pass, got ${describeAnswer(answer)}`);
        } else if (answer.status !== expected.refused) {
          wrong.push(`${label}: expected ${expected.refused}, got ${describeAnswer(answer)}`);
        } else if (role === 'banned' && (answer.body as { message?: string }).message !== 'Account suspended') {
          wrong.push(`${label}: 403 without the suspension body: ${describeAnswer(answer)}`);
        }
      }),
    );
    return wrong;
  }

  const isSignOut = (op: ApiOperation) => op.path === '/api/logout';

  test('when every HTTP operation is called by each of the six callers, then each answers as its access says, and none with 5xx', async () => {
    const wrong: string[] = [];
    // One operation at a time, as all six callers at once: ~9 s on a quiet machine, several times
    // that on a busy one.
    for (const op of API_OPERATIONS.filter((o) => !o.websocket && !isSignOut(o))) wrong.push(...(await checkOperation(op, tokenOf)));
    expect(wrong).toEqual([]);
  }, 240_000);

  test('when a suspended student downloads their data, then every service answers its part, as for anyone', async () => {
    const answer = await client.call('get', '/api/account/export', { token: accounts.banned.token });
    expect(answer.status).toBe(200);
    const document = answer.body as { sections: Record<string, unknown> & { auth: { profile: { email: string } } } };
    expect(Object.keys(document.sections).sort()).toEqual(['auth', 'chat', 'commerce', 'forum', 'moderation', 'notifications', 'social']);
    expect(document.sections.auth.profile.email).toBe(accounts.banned.email);
    // Their ban still holds everywhere else.
    expect((await client.call('get', '/api/posts', { token: accounts.banned.token })).status).toBe(403);
  });

  test('when each caller opens the chat socket, then it connects or is refused as the operation’s access says', async () => {
    const socketOps = API_OPERATIONS.filter((op) => op.websocket);
    expect(socketOps).toHaveLength(1);
    const wrong: string[] = [];
    for (const op of socketOps) {
      for (const role of ROLES) {
        const expected = expectedFor(op, role);
        const outcome = await client.connectSocket(tokenOf(role));
        covered.add(coverageKey(op, role));
        const ok = expected === 'allowed' ? outcome === 'connected' : outcome === expected.refused;
        if (!ok) wrong.push(`${op.path} as ${role}: expected ${JSON.stringify(expected)}, got ${outcome}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  describe('object-level checks: a resource is its owner’s (and its college’s) alone', () => {
    /** Calls that must be refused with one of `statuses`; returns the labels of those that were not. */
    async function refusedAll(cases: Array<[label: string, answer: Promise<Answer>, statuses: number[]]>): Promise<string[]> {
      const wrong: string[] = [];
      for (const [label, pending, statuses] of cases) {
        const answer = await pending;
        if (!statuses.includes(answer.status)) wrong.push(`${label}: expected ${statuses.join('/')}, got ${describeAnswer(answer)}`);
      }
      return wrong;
    }
    const as = (account: Account, method: string, path: string, body?: unknown) =>
      client.call(method, path, { token: account.token, body });

    test('when other students edit, delete, view or comment on a post, its comment or its poll, then they are refused and it stays as it was', async () => {
      const { subscribed: owner, classmate, otherCollege } = accounts;
      const post = (await client.expectStatus(as(owner, 'post', '/api/posts', { title: 'Owned post', content: 'Mine', topicId: 1 }), 201, 'post')).body as { id: string };
      const comment = (await client.expectStatus(as(owner, 'post', '/api/comments', { postId: post.id, content: 'My comment' }), 201, 'comment')).body as { id: string };
      const poll = (await client.expectStatus(as(owner, 'post', '/api/polls', { question: 'Owned?', options: ['Yes', 'No'], topicId: 1 }), 201, 'poll')).body as { id: string };

      const wrong = await refusedAll([
        ['classmate edits the post', as(classmate, 'put', `/api/posts/${post.id}`, { title: 'Taken', content: 'Taken' }), [403]],
        ['classmate deletes the post', as(classmate, 'delete', `/api/posts/${post.id}`), [403]],
        ['other college edits the post', as(otherCollege, 'put', `/api/posts/${post.id}`, { title: 'Taken', content: 'Taken' }), [404]],
        ['other college deletes the post', as(otherCollege, 'delete', `/api/posts/${post.id}`), [404]],
        ['other college views the post', as(otherCollege, 'post', `/api/posts/${post.id}/view`), [404]],
        ['other college reads its comments', as(otherCollege, 'get', `/api/comments?postId=${post.id}`), [404]],
        ['other college comments on it', as(otherCollege, 'post', '/api/comments', { postId: post.id, content: 'Hi' }), [404]],
        ['classmate edits the comment', as(classmate, 'put', `/api/comments/${comment.id}`, { content: 'Taken' }), [403]],
        ['classmate deletes the comment', as(classmate, 'delete', `/api/comments/${comment.id}`), [403]],
        ['other college edits the comment', as(otherCollege, 'put', `/api/comments/${comment.id}`, { content: 'Taken' }), [404]],
        ['other college deletes the comment', as(otherCollege, 'delete', `/api/comments/${comment.id}`), [404]],
        ['other college votes in the poll', as(otherCollege, 'post', `/api/polls/${poll.id}/vote`, { optionIndex: 0 }), [404]],
        ['classmate deletes the poll', as(classmate, 'delete', `/api/polls/${poll.id}`), [403]],
        ['other college deletes the poll', as(otherCollege, 'delete', `/api/polls/${poll.id}`), [404]],
      ]);
      expect(wrong).toEqual([]);

      const posts = (await as(owner, 'get', '/api/posts?topicId=1')).body as Array<{ id: string; title: string }>;
      expect(posts.find((p) => p.id === post.id)?.title).toBe('Owned post');
      const comments = (await as(owner, 'get', `/api/comments?postId=${post.id}`)).body as Array<{ id: string; content: string }>;
      expect(comments.map((c) => [c.id, c.content])).toEqual([[comment.id, 'My comment']]);
      const polls = (await as(owner, 'get', '/api/polls/all')).body as Array<{ id: string; totalVotes?: number }>;
      expect(polls.some((p) => p.id === poll.id)).toBe(true);
      // The other college's lists do not show them either.
      const theirPosts = (await as(otherCollege, 'get', '/api/posts?topicId=1')).body as Array<{ id: string }>;
      expect(theirPosts.some((p) => p.id === post.id)).toBe(false);
    });

    test('when other students delete an idea or its comment or ask who is interested, then they are refused (ideas are read across colleges)', async () => {
      const { subscribed: owner, classmate, otherCollege } = accounts;
      const idea = (
        await client.expectStatus(
          as(owner, 'post', '/api/ideas', { title: 'Owned idea', description: 'An idea', category: 'Technology', stage: 'Planning' }),
          201,
          'idea',
        )
      ).body as { id: string };
      const ideaComment = (await client.expectStatus(as(owner, 'post', `/api/ideas/${idea.id}/comments`, { content: 'Mine' }), 201, 'idea comment')).body as { id: string };
      const wrong = await refusedAll([
        ['other college deletes the idea', as(otherCollege, 'delete', `/api/ideas/${idea.id}`), [403]],
        ['classmate deletes the idea', as(classmate, 'delete', `/api/ideas/${idea.id}`), [403]],
        ['other college deletes its comment', as(otherCollege, 'delete', `/api/ideas/${idea.id}/comments/${ideaComment.id}`), [403]],
        ['classmate asks who is interested', as(classmate, 'get', `/api/ideas/${idea.id}/interested`), [403]],
      ]);
      expect(wrong).toEqual([]);
      expect((await as(otherCollege, 'get', `/api/ideas/${idea.id}`)).status).toBe(200);
      const comments = (await as(owner, 'get', `/api/ideas/${idea.id}/comments`)).body as Array<{ id: string }>;
      expect(comments.map((c) => c.id)).toEqual([ideaComment.id]);
    });

    test('when others answer a friend request, lift a block, or open, read and write a conversation that is not theirs, then they are refused', async () => {
      const { subscribed: owner, classmate, otherCollege, unsubscribed, admin } = accounts;
      const request = (await client.expectStatus(as(owner, 'post', '/api/friend-requests', { friendId: classmate.id }), 201, 'friend request')).body as { id: string };
      await client.expectStatus(as(owner, 'post', '/api/blocks', { userId: unsubscribed.id }), 201, 'block');
      await client.expectStatus(as(owner, 'post', '/api/messages', { receiverId: classmate.id, content: 'Secret plan' }), 201, 'message');

      const wrong = await refusedAll([
        ['the sender accepts their own request', as(owner, 'post', `/api/friend-requests/${request.id}/accept`), [403, 404]],
        ['another college accepts it', as(otherCollege, 'post', `/api/friend-requests/${request.id}/accept`), [403, 404]],
        ['another college rejects it', as(otherCollege, 'post', `/api/friend-requests/${request.id}/reject`), [403, 404]],
        ['the admin accepts it', as(admin, 'post', `/api/friend-requests/${request.id}/accept`), [403, 404]],
        ['other college opens a chat with the owner', as(otherCollege, 'post', '/api/chats', { participantId: owner.id }), [403]],
        ['other college messages the owner', as(otherCollege, 'post', '/api/messages', { receiverId: owner.id, content: 'Hi' }), [403]],
      ]);
      expect(wrong).toEqual([]);

      // Nobody else's call lifts the owner's block, or accepted the request, or read the message.
      for (const other of [classmate, otherCollege, admin]) await as(other, 'delete', `/api/blocks/${unsubscribed.id}`);
      const blocks = (await as(owner, 'get', '/api/blocks')).body as Array<{ userId?: string; id?: string }>;
      expect(JSON.stringify(blocks)).toContain(unsubscribed.id);
      const pending = (await as(classmate, 'get', '/api/friend-requests')).body as { incoming: Array<{ id: string }> };
      expect(pending.incoming.map((r) => r.id)).toContain(request.id);
      for (const other of [otherCollege, admin]) {
        const theirs = await as(other, 'get', `/api/messages?userId=${classmate.id}`);
        expect(JSON.stringify(theirs.body)).not.toContain('Secret plan');
      }
      const mine = await as(classmate, 'get', `/api/messages?userId=${owner.id}`);
      expect(JSON.stringify(mine.body)).toContain('Secret plan');
    });

    test('when students act on a report, a payment or an appeal that is not theirs, then they are refused and it stays pending', async () => {
      const { subscribed: owner, classmate, otherCollege, unsubscribed, banned, admin } = accounts;
      const post = (await client.expectStatus(as(owner, 'post', '/api/posts', { title: 'Reported', content: 'Text', topicId: 1 }), 201, 'post')).body as { id: string };
      // Moderation knows a post from forum's event: until it arrives the post is unknown to it (404).
      const reportIt = (account: Account, contentId: string) => as(account, 'post', '/api/reports', { type: 'post', contentId, reason: 'Spam' });
      const first = await waitFor(async () => {
        const answer = await reportIt(classmate, post.id);
        return answer.status === 404 ? undefined : answer;
      });
      expect(describeAnswer(first)).toMatch(/^201 /);
      const report = first.body as { id: string };
      await client.expectStatus(as(unsubscribed, 'post', '/api/payments/submit', { venmoUsername: '@unpaid', amount: '10' }), 201, 'payment');
      const payments = (await as(admin, 'get', '/api/admin/payment-requests')).body as Array<{ id: string; user?: { id: string }; userId?: string; status: string }>;
      const payment = payments.find((p) => (p.user?.id ?? p.userId) === unsubscribed.id)!;
      expect(payment).toBeDefined();
      const appeal = (await client.expectStatus(as(banned, 'post', '/api/appeals', { message: 'Please' }), 201, 'appeal')).body as { id: string };

      const wrong = await refusedAll([
        ['another college reports the post it cannot see', reportIt(otherCollege, post.id), [404]],
        ['a student reports a post that does not exist', reportIt(owner, NOBODY), [404]],
        ['the owner resolves the report about their post', as(owner, 'post', `/api/admin/reports/${report.id}/resolve`, { action: 'dismissed' }), [403]],
        ['the reporter resolves their own report', as(classmate, 'post', `/api/admin/reports/${report.id}/resolve`, { action: 'resolved', removeContent: true }), [403]],
        ['a student approves the payment', as(owner, 'post', '/api/admin/update-payment', { id: payment.id, status: 'approved' }), [403]],
        ['the payer approves their own payment', as(unsubscribed, 'post', '/api/admin/update-payment', { id: payment.id, status: 'approved' }), [403]],
        ['a student accepts the appeal', as(otherCollege, 'post', `/api/admin/appeals/${appeal.id}/decide`, { decision: 'accepted' }), [403]],
        ['the banned student accepts their own appeal', as(banned, 'post', `/api/admin/appeals/${appeal.id}/decide`, { decision: 'accepted' }), [403]],
      ]);
      expect(wrong).toEqual([]);

      // Others' lists do not show them, and the refused reports left nothing for the admins.
      expect(JSON.stringify((await as(owner, 'get', '/api/reports/mine')).body)).not.toContain(report.id);
      expect(JSON.stringify((await as(owner, 'get', '/api/subscription-status/history')).body)).not.toContain(payment.id);
      expect((await as(owner, 'get', '/api/appeals/mine')).body).toMatchObject({ suspension: null, appeal: null });
      // Each is still waiting for an admin.
      const reports = (await as(admin, 'get', '/api/admin/reports?status=pending')).body as Array<{ id: string; status: string; contentId: string }>;
      expect(reports.find((r) => r.id === report.id)?.status).toBe('pending');
      expect(reports.filter((r) => r.contentId === post.id || r.contentId === NOBODY).map((r) => r.id)).toEqual([report.id]);
      const after = (await as(admin, 'get', '/api/admin/payment-requests')).body as Array<{ id: string; status: string }>;
      expect(after.find((p) => p.id === payment.id)?.status).toBe('pending');
      expect(((await as(banned, 'get', '/api/appeals/mine')).body as { appeal: { status: string } }).appeal.status).toBe('pending');
      expect((await as(banned, 'get', '/api/topics')).status).toBe(403);
    });
  });

  test('when each caller signs out with a session of its own, then it answers as its access says; and the matrix covered every operation × every caller', async () => {
    // Fresh sessions, so signing out ends none that the other tests use.
    const fresh = {} as Record<Role, string | undefined>;
    for (const role of ROLES) {
      if (role === 'visitor') continue;
      fresh[role] = role === 'admin' ? (await client.admin()).token : await client.signIn(accounts[role]);
    }
    const wrong: string[] = [];
    for (const op of API_OPERATIONS.filter(isSignOut)) wrong.push(...(await checkOperation(op, (role) => fresh[role])));
    expect(wrong).toEqual([]);
    // A page's sign-out carries only the session cookie: it works from Quad's own page, through the
    // gateway, and not from another site's.
    const session = await client.signIn(accounts.classmate);
    const cookie = { Cookie: `quad_session=${session}` };
    const fromElsewhere = await client.call('post', '/api/logout', { headers: { ...cookie, Origin: 'https://evil.example' } });
    expect(describeAnswer(fromElsewhere)).toMatch(/^403 /);
    expect((await client.call('get', '/api/auth/user', { token: session })).status).toBe(200);
    const fromQuad = await client.call('post', '/api/logout', { headers: { ...cookie, Origin: system.baseUrl } });
    expect(fromQuad.status).toBe(303);
    expect((await client.call('get', '/api/auth/user', { token: session })).status).toBe(401);
    const everything = API_OPERATIONS.flatMap((op) => ROLES.map((role) => coverageKey(op, role)));
    expect([...covered].sort()).toEqual([...everything].sort());
  });
});
