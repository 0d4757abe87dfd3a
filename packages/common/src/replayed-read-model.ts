import { DeliverPolicy, type JetStreamClient, type JsMsg } from 'nats';
import { EVENTS, type EventSubject, type StreamName, streamOf } from '@quad/contracts';
import type { ConsumerOptions, EventHandler } from './events';
import type { Logger } from './logger';
import type { Metrics } from './metrics';

/*
 * A read model kept in each process's memory (search's index) needs EVERY event, on every
 * replica: the durable consumers of events.ts share one durable per service, so JetStream hands
 * each event to one replica only. This feeds a process from its own ordered consumer per stream
 * instead: ephemeral, in stream order, replaying the stream from its first event (or from
 * `since`) at start, so a new replica rebuilds the same model from the same events and then
 * follows new ones as they are published. Nothing is acknowledged and nothing is stored: the
 * stream is the model's durable copy.
 *
 * Handlers are the same typed handlers as the durable consumers' and must be as idempotent: the
 * ordered consumer may deliver again after a reconnect. Events of one stream arrive in order; the
 * streams are independent, so a handler must not rely on an order across streams.
 */

export interface ReplayOptions {
  js: JetStreamClient;
  logger: Logger;
  handlers: ConsumerOptions['handlers'];
  /** Replay from this moment instead of each stream's first event (test runs share one NATS). */
  since?: Date;
  metrics?: Pick<Metrics, 'eventsHandled'>;
}

export interface ReplayingReadModel {
  /** Resolves once every stream's events published before the start have been handled. */
  caughtUp: Promise<void>;
  isCaughtUp(): boolean;
  stop(): Promise<void>;
}

export async function startReplay(options: ReplayOptions): Promise<ReplayingReadModel> {
  const { js, logger, handlers, metrics } = options;
  const byStream = new Map<StreamName, EventSubject[]>();
  for (const subject of Object.keys(handlers) as EventSubject[]) {
    const stream = streamOf(subject);
    byStream.set(stream, [...(byStream.get(stream) ?? []), subject]);
  }
  const count = (subject: string, outcome: 'ok' | 'failed' | 'dropped') =>
    metrics?.eventsHandled.inc({ subject, outcome });

  async function handleOne(msg: JsMsg): Promise<void> {
    const handler = handlers[msg.subject as EventSubject] as EventHandler | undefined;
    if (!handler) return;
    let envelope: { id: string; subject: string; occurredAt: string; data: unknown };
    let data: unknown;
    try {
      envelope = JSON.parse(msg.string());
      data = EVENTS[msg.subject as EventSubject].parse(envelope.data);
    } catch (err) {
      logger.warn(
        { err: (err as Error).message, subject: msg.subject, sequence: msg.seq },
        'read model: unreadable event skipped',
      );
      count(msg.subject, 'dropped');
      return;
    }
    try {
      await handler({ ...envelope, data: data as never, sequence: msg.seq });
      count(msg.subject, 'ok');
    } catch (err) {
      // No redelivery on an ordered consumer: a handler of an in-memory model should not throw.
      logger.error({ err, subject: msg.subject, eventId: envelope.id }, 'read model: event handler failed');
      count(msg.subject, 'failed');
    }
  }

  const waiting: Array<Promise<void>> = [];
  const stops: Array<() => Promise<void>> = [];
  let pendingStreams = byStream.size;
  for (const [stream, subjects] of byStream) {
    const consumer = await js.consumers.get(stream, {
      filterSubjects: subjects,
      // Without `since`, no deliver policy at all: an ordered consumer starts at the stream's first
      // event by default, and nats.js sends an explicit `all` with a start sequence, which the
      // server refuses, so consume() retried for ever and the service never started.
      ...(options.since ? { deliver_policy: DeliverPolicy.StartTime, opt_start_time: options.since.toISOString() } : {}),
    });
    const backlog = (await consumer.info()).num_pending;
    let markCaughtUp!: () => void;
    const streamCaughtUp = new Promise<void>((resolve) => {
      markCaughtUp = () => {
        resolve();
        markCaughtUp = () => undefined;
      };
    });
    if (backlog === 0) markCaughtUp();
    waiting.push(streamCaughtUp);
    void streamCaughtUp.then(() => {
      pendingStreams -= 1;
    });
    const messages = await consumer.consume({ max_messages: 512 });
    const loop = (async () => {
      for await (const msg of messages) {
        await handleOne(msg);
        if (msg.info.pending === 0) markCaughtUp();
      }
    })();
    stops.push(async () => {
      await messages.close();
      await loop.catch(() => undefined);
    });
  }
  const caughtUp = Promise.all(waiting).then(() => undefined);
  return {
    caughtUp,
    isCaughtUp: () => pendingStreams === 0,
    async stop() {
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}
