import { randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import type { Poll } from '@quad/contracts';
import type { ServiceRuntime } from '@quad/common';
import {
  type ServiceProcess,
  bearer,
  createTestRuntime,
  destroyTestRuntime,
  startServiceProcess,
  testToken,
  waitFor,
} from '@quad/common/src/testing';

/**
 * Two forum processes on the same servers and database, as an operator runs replicas. 100
 * students vote on one poll at once, each sending two requests together through different
 * replicas (a first vote racing a change of mind, or a vote racing its removal): 200 concurrent
 * requests. FerretDB would lose concurrent `$inc`s of one poll; here each vote is its own document
 * and the counts are derived from the votes, so what both replicas then show must equal the
 * stored votes, student by student.
 */
describe('poll votes through two forum replicas', () => {
  const STUDENTS = 100;
  const OPTIONS = ['Library', 'Café', 'Dorm', 'Lab'];
  let runtime: ServiceRuntime;
  let replicas: [ServiceProcess, ServiceProcess];
  const college = `college-${randomBytes(3).toString('hex')}`;
  const students: Array<{ id: string; token: string }> = [];

  async function call(replica: ServiceProcess, token: string, method: string, path: string, body?: unknown) {
    const response = await fetch(`${replica.url}${path}`, {
      method,
      headers: { ...bearer(token), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  async function pollAsSeen(replica: ServiceProcess, token: string, pollId: string): Promise<Poll> {
    const list = await call(replica, token, 'GET', '/api/polls/all');
    expect(list.status).toBe(200);
    return (list.body as Poll[]).find((poll) => poll.id === pollId)!;
  }

  beforeAll(async () => {
    runtime = await createTestRuntime('forum-poll-replicas');
    const env = {
      DB_NAME: runtime.db.name,
      CONSUMER_PREFIX: runtime.consumerPrefix,
      S3_BUCKET: `quad-forum-polls-${randomBytes(4).toString('hex')}`,
    };
    // One after the other: the first prepares the fresh database (indexes, topics) alone.
    const first = await startServiceProcess({ service: 'forum', env });
    replicas = [first, await startServiceProcess({ service: 'forum', env })];
    for (let i = 0; i < STUDENTS; i++) {
      const id = new Types.ObjectId().toHexString();
      students.push({ id, token: testToken({ userId: id, collegeId: college }) });
      await runtime.publisher.publish('auth.user.registered', {
        userId: id, version: 0, firstName: `Voter${i}`, lastName: 'Replica', email: null, profileColor: '#10B981',
        profileImageUrl: null, collegeId: college, collegeName: 'Replica College', collegeInitials: 'RC',
        major: '', graduationYear: null, isAdmin: false,
      });
      await runtime.publisher.publish('commerce.subscription.updated', {
        userId: id, version: 0, subscriptionExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
    }
    // Both replicas let every student in once their directory has them.
    for (const replica of replicas) {
      for (const student of students) {
        await waitFor(async () => (await call(replica, student.token, 'GET', '/api/polls/all')).status === 200, { timeoutMs: 30_000 });
      }
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all(replicas?.map((replica) => replica?.stop()) ?? []);
    await destroyTestRuntime(runtime);
  });

  test('when 100 students send 200 votes, changes and removals at once through both, then every count equals the stored votes', async () => {
    const [first, second] = replicas;
    const created = await call(first, students[0]!.token, 'POST', '/api/polls', { question: 'Where do you study?', options: OPTIONS, topicId: 1 });
    expect(created.status).toBe(201);
    const pollId = (created.body as Poll).id;

    // Student i votes for one option through one replica and, at the same moment, through the
    // other either changes to another option or (every fifth student) removes the vote.
    const requests = students.flatMap((student, i) => {
      const [here, there] = i % 2 === 0 ? [first, second] : [second, first];
      const firstChoice = i % OPTIONS.length;
      const secondChoice = (i * 7 + 1) % OPTIONS.length;
      return [
        call(here, student.token, 'POST', `/api/polls/${pollId}/vote`, { optionIndex: firstChoice }),
        i % 5 === 0
          ? call(there, student.token, 'DELETE', `/api/polls/${pollId}/vote`)
          : call(there, student.token, 'POST', `/api/polls/${pollId}/vote`, { optionIndex: secondChoice }),
      ];
    });
    expect(requests).toHaveLength(2 * STUDENTS);
    const answers = await Promise.all(requests);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => [answer.status, answer.body])).toEqual([]);

    // The truth: one stored vote document per student who still has a vote, each one of theirs.
    const stored = await runtime.db.collection<{ _id: string; userId: string; optionIndex: number }>('poll_votes').find({ pollId }).toArray();
    const truth = new Map(stored.map((vote) => [vote.userId, vote.optionIndex]));
    expect(stored.every((vote) => vote._id === `${pollId}:${vote.userId}`)).toBe(true);
    students.forEach((student, i) => {
      const choices = i % 5 === 0 ? [i % OPTIONS.length, undefined] : [i % OPTIONS.length, (i * 7 + 1) % OPTIONS.length];
      expect(choices).toContain(truth.get(student.id));
    });
    const expectedCounts = OPTIONS.map((_option, index) => stored.filter((vote) => vote.optionIndex === index).length);
    expect(stored.length).toBeGreaterThan(STUDENTS * 0.8 - 1);

    // Both replicas show exactly those counts, and each student their own vote.
    for (const replica of replicas) {
      const seen = await pollAsSeen(replica, students[1]!.token, pollId);
      expect(seen.counts).toEqual(expectedCounts);
      expect(seen.totalVotes).toBe(stored.length);
    }
    const mine = await Promise.all(
      students.map((student, i) => pollAsSeen(replicas[i % 2]!, student.token, pollId).then((poll) => poll.myVote)),
    );
    expect(mine).toEqual(students.map((student) => truth.get(student.id) ?? null));

    // A second round of changes, all at once again, still adds up.
    const round2 = await Promise.all(
      students.map((student, i) => call(replicas[(i + 1) % 2]!, student.token, 'POST', `/api/polls/${pollId}/vote`, { optionIndex: (i + 2) % OPTIONS.length })),
    );
    expect(round2.every((answer) => answer.status === 200)).toBe(true);
    const expectedAfter = OPTIONS.map((_option, index) => students.filter((_s, i) => (i + 2) % OPTIONS.length === index).length);
    for (const replica of replicas) expect((await pollAsSeen(replica, students[2]!.token, pollId)).counts).toEqual(expectedAfter);
    expect(await runtime.db.collection('poll_votes').countDocuments({ pollId })).toBe(STUDENTS);
  }, 120_000);
});
