import type { EventData, EventSubject } from '@quad/contracts';
import mongoose, { type Connection } from 'mongoose';
import type { Publisher } from '../events';
import { createInFlight } from '../in-flight';
import type { Logger } from '../logger';

/*
 * The one outbox every service publishes through (ARCHITECTURE.md, "Data and events"). Without
 * transactions (FerretDB v1) an event cannot be stored in the same write as its document, so it is
 * written AHEAD: the event is recorded first, with a guard naming what the write will leave behind
 * (this document present, or absent, or at least at this version); then the write runs; then the
 * event is published and its record deleted. Whatever dies in between, nothing is lost and nothing
 * false goes out:
 * - NATS down after the write: the request still succeeds; the sweep publishes the record later.
 * - The process dies after the write: another replica's sweep finds the record, sees the guard
 *   hold, and publishes it.
 * - The write failed or never happened: the record is deleted at once, or the sweep finds its
 *   guard unmet and discards it once it is old enough that no write can still be in flight.
 * A record may go out twice (two sweeps at once): the event id is the `Nats-Msg-Id`, so JetStream
 * stores it once, and consumers are idempotent anyway.
 */

/** What must be true of the database for a recorded event to be published. */
export interface OutboxGuard {
  collection: string;
  id: unknown;
  present: boolean;
  /** With `present`: the document's `version` must be at least this. */
  minVersion?: number;
}

export type OutboxEvent = {
  [S in EventSubject]: { subject: S; data: EventData<S>; eventId: string };
}[EventSubject];

interface OutboxRecord {
  _id: string;
  subject: string;
  data: unknown;
  occurredAt: Date;
  guard: OutboxGuard | null;
}

const outboxSchema = new mongoose.Schema<OutboxRecord>(
  {
    _id: { type: String, required: true },
    subject: { type: String, required: true },
    data: { type: mongoose.Schema.Types.Mixed, required: true },
    occurredAt: { type: Date, required: true },
    guard: { type: mongoose.Schema.Types.Mixed, default: null },
  },
  { versionKey: false, collection: 'outbox', minimize: false },
);

/** A record whose guard does not hold is discarded only when no write can still be running for it. */
const UNMET_GUARD_GRACE_MS = 60_000;
/** The sweep leaves records this young to the request that wrote them. */
const SWEEP_MIN_AGE_MS = 1_000;
const SWEEP_BATCH = 200;
/** How long a write waits for NATS to acknowledge its events before it answers anyway. */
const PUBLISH_WAIT_MS = 1_000;

export interface CommitOptions<R> {
  /** Whether the write took place (default: it did whenever it returned). */
  happened?: (result: R) => boolean;
  /** Runs after a write that happened and before its events go out. */
  settle?: (result: R) => Promise<void>;
}

export interface Outbox {
  /**
   * Records `events`, runs `write`, then `settle` (the caller's own follow-up, e.g. mirroring the
   * write into Redis), then publishes them, waiting up to a second for NATS, so no consumer hears of
   * a write before its writer has finished it and writes of one document go out in their order. A
   * guard that is null publishes unconditionally. If `write` throws, or `happened` says its result
   * changed nothing, the records are taken back. If `settle` throws, they stay for the sweep (the
   * write did happen) and it rethrows.
   */
  commit<R>(
    events: Array<OutboxEvent & { guard?: OutboxGuard | null }>,
    write: () => Promise<R>,
    options?: CommitOptions<R>,
  ): Promise<R>;
  /** Publishes whatever is due; returns how many records it published. */
  sweep(): Promise<number>;
  /** How many events wait in the outbox (recorded, not yet published or discarded): for /metrics. */
  backlog(): Promise<number>;
  /** Starts the periodic sweep; returns its stop (which also waits for publishes in flight). */
  start(intervalMs?: number): () => Promise<void>;
}

export function createOutbox(deps: { db: Connection; publisher: Publisher; logger: Logger }): Outbox {
  const { db, publisher, logger } = deps;
  const Records = (db.models.OutboxRecord as mongoose.Model<OutboxRecord>) ??
    db.model<OutboxRecord>('OutboxRecord', outboxSchema);
  const inFlight = createInFlight();
  /**
   * NATS failed or did not acknowledge in time, and nothing has been published since: writes then
   * still publish, but answer at once instead of each waiting PUBLISH_WAIT_MS for a NATS that is
   * out (an outage must not slow every write); the sweep covers what fails. The first publish that
   * succeeds ends it.
   */
  let natsOut = false;

  /** Publishes one record; its deletion is tracked separately, so callers can wait for the publish alone. */
  async function publishRecord(record: OutboxRecord): Promise<{ published: boolean; deleted: Promise<void> }> {
    try {
      await publisher.publish(record.subject as EventSubject, record.data as never, record._id, {
        occurredAt: record.occurredAt,
        attempts: 1,
      });
    } catch (err) {
      if (!natsOut) logger.warn({ err: (err as Error).message, eventId: record._id }, 'event kept in the outbox; the sweep retries it');
      natsOut = true;
      return { published: false, deleted: Promise.resolve() };
    }
    natsOut = false;
    const deleted = Records.deleteOne({ _id: record._id }).then(
      () => undefined,
      (err: unknown) => logger.warn({ err: (err as Error).message, eventId: record._id }, 'outbox: a published record left to the sweep'),
    );
    return { published: true, deleted };
  }

  function track(running: Promise<unknown>): void {
    void inFlight.track(running);
  }

  /**
   * Publishes a write's records in order and resolves once NATS has acknowledged them, or after
   * PUBLISH_WAIT_MS, whichever comes first (the publishing goes on, and the sweep covers a NATS
   * that never answers). While NATS is out (`natsOut`) it does not wait at all. Otherwise the
   * caller still holds the document's lock, so two writes of one document in a row, from any
   * replicas, are published in the order they were made (consumers' version guards order the rest).
   */
  function publishNow(records: OutboxRecord[]): Promise<void> {
    const running = (async () => {
      for (const record of records) {
        const { published, deleted } = await publishRecord(record);
        track(deleted);
        if (!published) return;
      }
    })();
    track(running);
    if (natsOut) return Promise.resolve();
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        natsOut = true;
        resolve();
      }, PUBLISH_WAIT_MS);
      timer.unref();
    });
    return Promise.race([running, waited]).finally(() => clearTimeout(timer));
  }

  /**
   * Records a write's events ahead of it; returns the ids it recorded. A record already there under
   * the same event id was left by a writer that died before or after its write (an event id names
   * one fact): it stays as it is, neither taken back with this write nor in its way. Its guard says
   * whether its write happened; if this one happens instead, publishing deletes it.
   */
  async function recordAhead(records: OutboxRecord[]): Promise<string[]> {
    try {
      await Records.collection.insertMany(records as never[], { ordered: false });
      return records.map((record) => record._id);
    } catch (err) {
      const refused = (err as { writeErrors?: unknown }).writeErrors;
      const errors = (Array.isArray(refused) ? refused : refused ? [refused] : []) as Array<{ index: number; code?: number }>;
      const inserted = records.filter((_, i) => !errors.some((error) => error.index === i)).map((record) => record._id);
      if (errors.length === 0 || errors.some((error) => error.code !== 11000)) {
        if (inserted.length > 0 && errors.length > 0) await Records.deleteMany({ _id: mongoose.trusted({ $in: inserted }) }).catch(() => undefined);
        throw err;
      }
      return inserted;
    }
  }

  async function guardHolds(guard: OutboxGuard | null): Promise<boolean> {
    if (!guard) return true;
    const doc = await db.collection(guard.collection).findOne({ _id: guard.id as never }, { projection: { version: 1 } });
    if (!guard.present) return doc === null;
    return doc !== null && (guard.minVersion === undefined || (doc.version ?? 0) >= guard.minVersion);
  }

  const outbox: Outbox = {
    async commit<R>(
      events: Parameters<Outbox['commit']>[0],
      write: () => Promise<R>,
      options: CommitOptions<R> = {},
    ): Promise<R> {
      const occurredAt = new Date();
      const records: OutboxRecord[] = events.map((event) => ({
        _id: event.eventId,
        subject: event.subject,
        data: event.data,
        occurredAt,
        guard: event.guard ?? null,
      }));
      const ours = records.length > 0 ? await recordAhead(records) : [];
      const takeBack = () =>
        ours.length === 0
          ? Promise.resolve()
          : Records.deleteMany({ _id: mongoose.trusted({ $in: ours }) }).then(
              () => undefined,
              (cleanupErr: unknown) =>
                logger.warn({ err: cleanupErr }, 'outbox: records of a write that did not happen left to the sweep'),
            );
      let result: R;
      try {
        result = await write();
      } catch (err) {
        await takeBack();
        throw err;
      }
      if (options.happened && !options.happened(result)) {
        await takeBack();
        return result;
      }
      if (options.settle) await options.settle(result);
      if (records.length > 0) await publishNow(records);
      return result;
    },
    async sweep() {
      const now = Date.now();
      // The outbox holds only what has not gone out yet, so this scan stays small.
      const due = (await Records.find().limit(SWEEP_BATCH).lean<OutboxRecord[]>()).filter(
        (record) => now - record.occurredAt.getTime() >= SWEEP_MIN_AGE_MS,
      );
      let published = 0;
      for (const record of due) {
        if (await guardHolds(record.guard)) {
          const outcome = await publishRecord(record);
          await outcome.deleted;
          if (outcome.published) published += 1;
        } else if (now - record.occurredAt.getTime() > UNMET_GUARD_GRACE_MS) {
          logger.info({ eventId: record._id }, 'outbox: the write of this event never happened; discarded');
          await Records.deleteOne({ _id: record._id });
        }
      }
      return published;
    },
    backlog() {
      // The collection's count from its metadata: a scrape must not scan it.
      return Records.estimatedDocumentCount();
    },
    start(intervalMs = 1000) {
      let running: Promise<unknown> = Promise.resolve();
      const timer = setInterval(() => {
        running = running
          .then(() => outbox.sweep())
          .catch((err: unknown) => logger.warn({ err: (err as Error).message }, 'outbox sweep failed'));
      }, intervalMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await running.catch(() => undefined);
        await inFlight.settled();
      };
    },
  };
  return outbox;
}
