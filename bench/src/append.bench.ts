/**
 * What storing a batch of chat messages costs the process that stores them (issue 19): chat's
 * appends go to the database a batch at a time (`insertEach`, packages/common/src/data/insert-each.ts,
 * group-committed by the repository), and at 0.5 msg/s per client the insert was about a quarter of
 * chat's CPU (bench/README.md, chat, "What each part of a send costs"). In one run, against the
 * MongoDB-protocol server of `npm start` (FerretDB; MONGO_URL overrides), in a database of its own
 * dropped at the end, with chat's own message model, alternating the three ways round by round:
 *   - `document`: the way before: a mongoose document per message, validated, then `Model.insertMany`
 *     (lean) — the baseline;
 *   - `insertEach`: what the repository does now;
 *   - `driver`: the driver's `insertMany` alone, nothing cast or validated — the floor.
 * Each prints CPU microseconds of this process per message (user + system, `process.cpuUsage`) and
 * per batch, the wall time per batch, and its ratio to the baseline.
 *
 *   npm run bench -- append     (BENCH_BATCH messages a batch, 4; BENCH_BATCHES per round, 1,500; BENCH_ROUNDS, 4)
 */
import mongoose from 'mongoose';
import { insertEach } from '@quad/common';
import { type MessageDoc, messageModel } from '../../services/chat/src/models/message-model';

const MONGO_URL = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017';
const BATCH = Number(process.env.BENCH_BATCH ?? 4);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 1500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const DB_NAME = 'quad_append_bench';

type Way = 'document' | 'insertEach' | 'driver';

async function main(): Promise<void> {
  const db = await mongoose.createConnection(MONGO_URL, { dbName: DB_NAME }).asPromise();
  const Message = messageModel(db);
  await Message.createCollection();
  const sender = new mongoose.Types.ObjectId().toHexString();
  const receiver = new mongoose.Types.ObjectId().toHexString();
  let sequence = 0;
  /** A batch as chat appends it: the fields of `sendMessage`, an id and version 0 (repository.ts). */
  const batch = (): MessageDoc[] =>
    Array.from({ length: BATCH }, () => ({
      _id: new mongoose.Types.ObjectId(),
      chatId: [sender, receiver].sort().join(':'),
      senderId: sender,
      receiverId: receiver,
      content: `Are we still on for the study group at six? (${(sequence += 1)})`,
      clientId: crypto.randomUUID(),
      createdAt: new Date(),
      version: 0,
    }));
  const ways: Record<Way, (docs: MessageDoc[]) => Promise<unknown>> = {
    // The repository's insert before insertEach (commit 8c0b6bb's repository.ts, insertBatch).
    document: async (docs) => {
      const valid = await Promise.all(
        docs.map(async (doc) => {
          const hydrated = new Message(doc);
          await hydrated.validate();
          return hydrated.toObject();
        }),
      );
      await Message.insertMany(valid, { ordered: false, lean: true });
    },
    insertEach: async (docs) => {
      const outcomes = await insertEach(Message, docs);
      const failed = outcomes.find((outcome) => outcome instanceof Error);
      if (failed) throw failed;
    },
    driver: (docs) => Message.collection.insertMany(docs, { ordered: false }),
  };
  const totals = new Map<Way, { cpu: number; wall: number; batches: number }>();
  console.log(`${BATCH} messages a batch, ${BATCHES} batches a way per round, ${ROUNDS} rounds (the first one a warm-up, not counted)`);
  for (let round = 0; round <= ROUNDS; round++) {
    for (const [way, insert] of Object.entries(ways) as Array<[Way, (docs: MessageDoc[]) => Promise<unknown>]>) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < BATCHES; i++) await insert(batch());
      const cpu = process.cpuUsage(cpuBefore);
      const wall = performance.now() - started;
      if (round === 0) continue;
      const total = totals.get(way) ?? { cpu: 0, wall: 0, batches: 0 };
      totals.set(way, { cpu: total.cpu + cpu.user + cpu.system, wall: total.wall + wall, batches: total.batches + BATCHES });
      console.log(
        `round ${round} ${way.padEnd(10)} CPU µs per message ${((cpu.user + cpu.system) / BATCHES / BATCH).toFixed(0).padStart(4)}` +
          `  wall ms per batch ${(wall / BATCHES).toFixed(2)}`,
      );
    }
  }
  const stored = await Message.estimatedDocumentCount();
  const base = totals.get('document')!;
  console.log(`\nstored ${stored} messages; the ${ROUNDS} counted rounds together:`);
  console.log('way        | CPU µs per message | CPU µs per batch | wall ms per batch | CPU ÷ document');
  for (const [way, total] of totals) {
    const perBatch = total.cpu / total.batches;
    console.log(
      `${way.padEnd(10)} | ${(perBatch / BATCH).toFixed(0).padStart(18)} | ${perBatch.toFixed(0).padStart(16)} | ` +
        `${(total.wall / total.batches).toFixed(2).padStart(17)} | ${(total.cpu / base.cpu).toFixed(2)}`,
    );
  }
  await db.dropDatabase();
  await db.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
