import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { type Fact, type ListDef, type ServiceRuntime, applyFact, createRepository } from '../src';
import { createGroupCommit } from '../src/data/group-commit';
import { createTestRuntime, destroyTestRuntime, waitFor } from '../src/testing';

interface NoteDoc {
  _id: mongoose.Types.ObjectId;
  version: number;
  board: string;
  text: string;
  createdAt: Date;
  updatedAt: Date;
}

const noteSchema = new mongoose.Schema<NoteDoc>(
  { version: Number, board: String, text: String },
  { versionKey: false, timestamps: true, collection: 'notes' },
);

interface CountFact extends Fact {
  owner: string;
}
const factSchema = new mongoose.Schema<CountFact>(
  { _id: String, version: Number, owner: String, live: Boolean, sequence: Number },
  { versionKey: false, timestamps: true, collection: 'facts' },
);

describe('repositories: store, cache and list index in one call', () => {
  let runtime: ServiceRuntime;
  const board = (name: string): ListDef<NoteDoc> => ({
    name: `board:${name}`,
    filter: { board: name },
    contains: (note) => note.board === name,
  });
  const notes = () =>
    createRepository<NoteDoc>(runtime, {
      model: runtime.db.models.Note ?? runtime.db.model('Note', noteSchema),
      name: 'notes',
      listsOf: (note) => [board(note.board)],
    });

  beforeAll(async () => {
    runtime = await createTestRuntime('repository');
  });
  afterAll(async () => {
    await destroyTestRuntime(runtime);
  });

  test('when a note is inserted, updated and removed, then reads, lists and versions follow each write', async () => {
    const repo = notes();
    const note = await repo.insert({ board: 'a', text: 'one' } as never);
    expect(note.version).toBe(0);
    expect((await repo.page(board('a'), { limit: 10 })).items.map((n) => n.text)).toEqual(['one']);
    const updated = await repo.update(note._id, () => ({ text: 'two' }));
    expect(updated?.version).toBe(1);
    expect((await repo.find(note._id))?.text).toBe('two');
    // Moving to another list takes it off the first.
    await repo.update(note._id, () => ({ board: 'b' }));
    expect(await repo.count(board('a'))).toBe(0);
    expect(await repo.count(board('b'))).toBe(1);
    await repo.remove(note._id);
    expect(await repo.find(note._id)).toBeNull();
    expect(await repo.count(board('b'))).toBe(0);
  });

  test('when a document is deleted and created again under the same id, then it is found again', async () => {
    const repo = notes();
    const _id = new mongoose.Types.ObjectId();
    await repo.insert({ _id, board: 'again', text: 'first' } as never);
    await repo.remove(_id);
    expect(await repo.find(_id)).toBeNull();
    await repo.insert({ _id, board: 'again', text: 'second' } as never);
    expect((await repo.find(_id))?.text).toBe('second');
    expect(await repo.count(board('again'))).toBe(1);
  });

  test('when 200 notes are appended at once, then each is stored, cached and listed once, and one bad note fails alone', async () => {
    const repo = notes();
    const texts = Array.from({ length: 200 }, (_, i) => `note ${i}`);
    const outcomes = await Promise.allSettled([
      ...texts.map((text) => repo.append({ board: 'appended', text } as never)),
      // Not castable to the schema's string: refused by validation, before the batch is written.
      repo.append({ board: { not: 'a string' }, text: 'bad' } as never),
    ]);
    const stored = outcomes.slice(0, 200).map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : null));
    expect(stored.every((note) => note !== null && note.version === 0 && note.createdAt instanceof Date)).toBe(true);
    expect(outcomes[200]!.status).toBe('rejected');
    const Note = runtime.db.model<NoteDoc>('Note');
    expect((await Note.find({ board: 'appended' }).lean()).map((note) => note.text).sort()).toEqual([...texts].sort());
    expect(await repo.count(board('appended'))).toBe(200);
    const page = await repo.page(board('appended'), { limit: 200 });
    expect(new Set(page.items.map((note) => String(note._id))).size).toBe(200);
    // Cached as stored: found even with the database copy gone.
    await Note.deleteOne({ _id: stored[0]!._id });
    expect((await repo.find(stored[0]!._id))?.text).toBe(stored[0]!.text);
  });

  test('when appended documents lean on the schema, then they are stored cast, with its defaults, nulls and timestamps, and each refused one fails alone', async () => {
    interface StrictNote extends NoteDoc {
      tag: string | null;
      pinned: boolean;
    }
    const model =
      runtime.db.models.StrictNote ??
      runtime.db.model(
        'StrictNote',
        new mongoose.Schema<StrictNote>(
          {
            version: Number,
            board: { type: String, required: true },
            text: { type: String, maxlength: 10 },
            tag: { type: String, default: null },
            pinned: { type: Boolean, default: false },
          },
          { versionKey: false, timestamps: true, collection: 'strict_notes' },
        ),
      );
    const repo = createRepository<StrictNote>(runtime, { model, name: 'strict-notes', listsOf: () => [] });
    const taken = await repo.insert({ board: 's', text: 'first' } as never);
    const outcomes = await Promise.allSettled([
      repo.append({ board: 's', text: 'plain' } as never),
      repo.append({ board: 's', text: 'cast', tag: 'x', pinned: 'true', version: '7' } as never),
      repo.append({ text: 'no board' } as never),
      repo.append({ board: 's', text: 'far too long for it' } as never),
      repo.append({ _id: taken._id, board: 's', text: 'same id' } as never),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected']);
    expect(String((outcomes[2] as PromiseRejectedResult).reason)).toMatch(/board/);
    expect(String((outcomes[3] as PromiseRejectedResult).reason)).toMatch(/text/);
    const stored = await model.find({ board: 's' }).sort({ text: 1 }).lean();
    expect(stored.map(({ text, tag, pinned, version }) => ({ text, tag, pinned, version }))).toEqual([
      { text: 'cast', tag: 'x', pinned: true, version: 0 },
      { text: 'first', tag: null, pinned: false, version: 0 },
      { text: 'plain', tag: null, pinned: false, version: 0 },
    ]);
    expect(stored.every((doc) => doc.createdAt instanceof Date && doc.updatedAt instanceof Date)).toBe(true);
    // What the append resolved with is what was stored (the cache and the lists get that copy).
    const plain = (outcomes[0] as PromiseFulfilledResult<StrictNote>).value;
    expect(await repo.find(plain._id)).toMatchObject({ text: 'plain', tag: null, pinned: false });
  });

  test('when appends arrive while a batch is being written, then they go together in the next one', async () => {
    const batches: number[][] = [];
    const group = createGroupCommit<number, number>(async (items) => {
      batches.push(items);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return items.map((item) => (item === 13 ? new Error('unlucky') : item * 2));
    });
    const first = group.add(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const rest = Array.from({ length: 20 }, (_, i) => group.add(i + 2));
    const results = await Promise.allSettled([first, ...rest]);
    expect(batches).toEqual([[1], Array.from({ length: 20 }, (_, i) => i + 2)]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : 'failed'))).toEqual(
      [1, ...Array.from({ length: 20 }, (_, i) => i + 2)].map((n) => (n === 13 ? 'failed' : n * 2)),
    );
  });

  test('when a second writer is allowed, then an append arriving during a write goes at once, and the rest wait together', async () => {
    const batches: number[][] = [];
    const group = createGroupCommit<number, number>(async (items) => {
      batches.push(items);
      await new Promise((resolve) => setTimeout(resolve, 30));
      return items.map((item) => item * 2);
    }, 500, 2);
    const first = group.add(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = group.add(2);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const rest = Array.from({ length: 5 }, (_, i) => group.add(i + 3));
    expect(await Promise.all([first, second, ...rest])).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(batches).toEqual([[1], [2], [3, 4, 5, 6, 7]]);
  });

  test('when two repositories (two processes) update one note at once, then no update is lost', async () => {
    const first = notes();
    const second = notes();
    const note = await first.insert({ board: 'c', text: '' } as never);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? first : second).update(note._id, (current) => ({ text: current.text + 'x' })),
      ),
    );
    const stored = await runtime.db.collection('notes').findOne({ _id: note._id });
    expect(stored?.text).toHaveLength(40);
    expect(stored?.version).toBe(40);
    expect((await second.find(note._id))?.version).toBe(40);
  });

  test('when notes are added and removed while a board is paged, then no id repeats and none that stayed is skipped', async () => {
    const repo = notes();
    const name = `paged-${randomUUID()}`;
    const original = [];
    for (let i = 0; i < 30; i++) original.push(await repo.insert({ board: name, text: `n${i}` } as never));
    const removed = new Set(original.filter((_, i) => i % 4 === 1).map((n) => String(n._id)));
    const seen: string[] = [];
    let cursor: string | null = null;
    let round = 0;
    do {
      const page: { items: NoteDoc[]; nextCursor: string | null } = await repo.page(board(name), { cursor, limit: 4 });
      seen.push(...page.items.map((n) => String(n._id)));
      cursor = page.nextCursor;
      // Between pages: new notes on top, and some old ones deleted.
      await repo.insert({ board: name, text: `new${round}` } as never);
      for (const note of original.filter((_, i) => i % 4 === 1 && Math.floor(i / 4) === round)) await repo.remove(note._id);
      round += 1;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const stayed = original.map((n) => String(n._id)).filter((id) => !removed.has(id));
    for (const id of stayed) expect(seen).toContain(id);
  });

  test('when notes newer than a position are counted, then those above it on a newest-first page are, ties by id included', async () => {
    const repo = notes();
    const name = `newer-${randomUUID()}`;
    // Four notes in the same millisecond (ties broken by id), then two later ones.
    const at = new Date('2026-01-01T00:00:00Z');
    const tied = await Promise.all(Array.from({ length: 4 }, (_, i) => repo.append({ board: name, text: `t${i}`, createdAt: at, updatedAt: at } as never)));
    for (const minute of [1, 2]) {
      const later = new Date(at.getTime() + minute * 60_000);
      await repo.append({ board: name, text: `later${minute}`, createdAt: later, updatedAt: later } as never);
    }
    const newestFirst = (await repo.page(board(name), { limit: 10 })).items;
    expect(newestFirst).toHaveLength(6);
    expect(await repo.countNewer(board(name), null)).toBe(6);
    for (const [above, note] of newestFirst.entries()) {
      expect(await repo.countNewer(board(name), { score: note.createdAt.getTime(), id: String(note._id) })).toBe(above);
    }
    const [lowestTie] = [...tied].sort((x, y) => String(x._id).localeCompare(String(y._id)));
    expect(await repo.countNewer(board(name), { score: at.getTime(), id: String(lowestTie!._id) })).toBe(5);
    // After the index is lost, the count is the same once it is rebuilt.
    await runtime.redis.del(...(await runtime.redis.keys(`*:list:board:${name}*`)));
    expect(await repo.countNewer(board(name), { score: at.getTime(), id: String(lowestTie!._id) })).toBe(5);
  });

  test('when the index is lost, then the next read rebuilds it from the database', async () => {
    const repo = notes();
    const name = `rebuild-${randomUUID()}`;
    for (let i = 0; i < 3; i++) await repo.insert({ board: name, text: `r${i}` } as never);
    await runtime.redis.del(...(await runtime.redis.keys(`*:list:board:${name}*`)));
    expect(await repo.count(board(name))).toBe(3);
  });

  test('when fact events repeat, race and arrive out of order, then the count is exact', async () => {
    const facts = createRepository<CountFact>(runtime, {
      model: runtime.db.models.Fact ?? runtime.db.model('Fact', factSchema),
      name: 'facts',
      listsOf: (fact) => [{ name: `owner:${fact.owner}`, filter: { owner: fact.owner }, contains: (f) => f.live && f.owner === fact.owner }],
    });
    const owner = randomUUID();
    const list = { name: `owner:${owner}`, filter: { owner }, contains: (f: CountFact) => f.live && f.owner === owner };
    // Posts 1-5 created (seq 1-5), post 2 deleted (seq 6); every event delivered twice at once, the deletion before its creation.
    const deliveries = [
      ...[1, 2, 3, 4, 5].flatMap((n) => [[`p${n}`, true, n] as const, [`p${n}`, true, n] as const]),
      [`p2`, false, 6] as const,
      [`p2`, false, 6] as const,
    ].reverse();
    await Promise.all(deliveries.map(([id, live, seq]) => applyFact(facts, `${owner}:${id}`, { owner } as never, live, seq)));
    expect(await facts.count(list)).toBe(4);
  });

  test('when a writer died between its write and its mirror, then refresh brings the cache and the lists up to the database', async () => {
    const repo = notes();
    const name = `stale-${randomUUID()}`;
    const note = await repo.insert({ board: name, text: 'before' } as never);
    // What the dead writer left: the database changed, the cache and the list index not.
    await runtime.db.collection('notes').updateOne({ _id: note._id }, { $set: { board: `${name}-moved`, text: 'after', version: 1 } });
    expect((await repo.find(note._id))?.text).toBe('before');
    const fresh = await repo.refresh(note._id);
    expect(fresh?.text).toBe('after');
    expect((await repo.find(note._id))?.text).toBe('after');
    expect(await repo.count(board(name))).toBe(0);
    expect(await repo.count(board(`${name}-moved`))).toBe(1);
  });

  test('when a writer died between recording an event and its write, then the same write again succeeds and publishes the event once', async () => {
    const repo = notes();
    const note = await repo.insert({ board: 'ahead', text: 'pending' } as never);
    const subject = 'forum.post.created' as const;
    const data = { postId: randomUUID(), authorId: 'u', collegeId: null, topicId: 1 };
    const eventId = `t:${data.postId}`;
    const seen: string[] = [];
    const sub = runtime.nats.subscribe(subject, { callback: (_e, msg) => seen.push(msg.string()) });
    // The dead writer's record: the same event, its guard not met (its write never happened).
    await runtime.db.collection('outbox').insertOne({
      _id: eventId as never,
      subject,
      data,
      occurredAt: new Date(),
      guard: { collection: 'notes', id: note._id, present: true, minVersion: 1 },
    });
    const updated = await repo.update(note._id, () => ({ text: 'decided' }), () => [{ subject, data, eventId }]);
    expect(updated?.version).toBe(1);
    await waitFor(() => seen.some((m) => m.includes(data.postId)));
    await new Promise((resolve) => setTimeout(resolve, 1500)); // the sweep's turn: nothing more
    sub.unsubscribe();
    expect(seen.filter((m) => m.includes(data.postId))).toHaveLength(1);
    await waitFor(async () => (await runtime.db.collection('outbox').countDocuments({ _id: eventId } as never)) === 0);
  });

  test('when NATS is unreachable at the write, then the write succeeds and the outbox publishes later', async () => {
    const subject = 'forum.post.created' as const;
    const data = { postId: randomUUID(), authorId: 'u', collegeId: null, topicId: 1 };
    const seen: string[] = [];
    const sub = runtime.nats.subscribe(subject, { callback: (_e, msg) => seen.push(msg.string()) });
    const guard = { collection: 'notes', id: new mongoose.Types.ObjectId(), present: true };
    // The record is written ahead; the guard is unmet until the document exists.
    const write = runtime.outbox.commit([{ subject, data, eventId: `t:${data.postId}`, guard }], async () =>
      runtime.db.collection('notes').insertOne({ _id: guard.id, board: 'x', text: 'y', version: 0 }),
    );
    await write;
    await waitFor(() => seen.some((m) => m.includes(data.postId)));
    sub.unsubscribe();
    expect(seen.filter((m) => m.includes(data.postId))).toHaveLength(1);
    // Its record is taken out of the outbox once published.
    await waitFor(async () => (await runtime.db.collection('outbox').countDocuments({ _id: `t:${data.postId}` } as never)) === 0);
  });
});
