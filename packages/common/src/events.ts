import { randomUUID } from 'node:crypto';
import {
  AckPolicy,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
  StorageType,
  connect,
  nanos,
} from 'nats';
import { backOff } from 'exponential-backoff';
import {
  EVENTS,
  STREAMS,
  type EventData,
  type EventEnvelope,
  type EventSubject,
  type StreamName,
  streamOf,
} from '@quad/contracts';
import type { Logger } from './logger';
import type { Metrics } from './metrics';

export type { NatsConnection, JetStreamClient };

/**
 * nats.js ignores credentials in a server URL: `nats://user:password@host:4222` (NATS_URL where
 * the server requires a user, as the Kubernetes local overlay's does) becomes the server without
 * them plus the `user` and `pass` options. A URL without credentials is passed on unchanged.
 */
export function natsConnectionOptions(url: string): { servers: string; user?: string; pass?: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { servers: url };
  }
  if (!parsed.username && !parsed.password) return { servers: url };
  const user = decodeURIComponent(parsed.username);
  const pass = decodeURIComponent(parsed.password);
  return { servers: `${parsed.protocol}//${parsed.host}`, user, pass };
}

export async function connectNats(url: string, name: string, logger: Logger): Promise<NatsConnection> {
  const options = natsConnectionOptions(url);
  return backOff(() => connect({ ...options, name, maxReconnectAttempts: -1 }), {
    numOfAttempts: 8,
    startingDelay: 250,
    maxDelay: 4000,
    retry: (err, attempt) => {
      logger.warn({ err: err?.message, attempt }, 'NATS not ready, retrying');
      return true;
    },
  });
}

const DUPLICATE_WINDOW_MS = 60 * 60 * 1000;

/** Creates the domain streams if absent. File storage keeps history so a new projection can replay it. */
export async function ensureStreams(jsm: JetStreamManager): Promise<void> {
  for (const [name, subject] of Object.entries(STREAMS)) {
    try {
      await jsm.streams.info(name);
    } catch {
      try {
        await jsm.streams.add({
          name,
          subjects: [subject],
          storage: StorageType.File,
          // Long enough that an outbox record re-published after an outage is still stored once.
          duplicate_window: nanos(DUPLICATE_WINDOW_MS),
        });
      } catch (err) {
        // Another service may have created it between our check and add.
        if (!/already in use|exists/i.test(String((err as Error).message))) throw err;
      }
    }
  }
}

export interface PublishOptions {
  /** When the fact happened (an outbox record's time); now by default. */
  occurredAt?: Date;
  /** Tries before giving up; the outbox tries once and leaves retries to its sweep. */
  attempts?: number;
}

export interface Publisher {
  publish<S extends EventSubject>(
    subject: S,
    data: EventData<S>,
    eventId?: string,
    options?: PublishOptions,
  ): Promise<EventEnvelope<EventData<S>>>;
}

/**
 * Publishes a typed event in the common envelope. The event id doubles as `Nats-Msg-Id`, so a
 * retried publish within the duplicate window is stored once.
 */
export function createPublisher(js: JetStreamClient, logger: Logger): Publisher {
  return {
    async publish(subject, data, eventId = randomUUID(), options = {}) {
      const payload = EVENTS[subject].parse(data) as typeof data;
      const occurredAt = (options.occurredAt ?? new Date()).toISOString();
      const envelope = { id: eventId, subject, occurredAt, data: payload };
      await backOff(() => js.publish(subject, JSON.stringify(envelope), { msgID: eventId }), {
        numOfAttempts: options.attempts ?? 5,
        startingDelay: 100,
        retry: (err) => {
          logger.warn({ err: err?.message, subject }, 'publish failed, retrying');
          return true;
        },
      });
      return envelope;
    },
  };
}

/**
 * A handler gets the event with its stream sequence: a total order of the events of one stream,
 * which handlers use to order changes of one fact (see data/facts.ts), never a clock.
 */
export type EventHandler<S extends EventSubject = EventSubject> = (
  event: EventEnvelope<EventData<S>> & { sequence: number },
) => Promise<void>;

export interface ConsumerOptions {
  js: JetStreamClient;
  jsm: JetStreamManager;
  logger: Logger;
  /** Durable name prefix; one durable per stream is made as `<durable>-<stream>`. */
  durable: string;
  handlers: Partial<{ [S in EventSubject]: EventHandler<S> }>;
  /** Redeliveries before a poison event is given up (and logged). */
  maxDeliver?: number;
  ackWaitMs?: number;
  /** Delay before a failed event is redelivered. */
  retryDelayMs?: number;
  /** The service's settings (passed along with the runtime): EVENTS_REPLAY says where a new durable starts. */
  config?: { EVENTS_REPLAY?: 'all' | 'new' };
  /** The runtime's metrics (passed along with it): each durable's backlog and each event's outcome. */
  metrics?: Pick<Metrics, 'trackConsumer' | 'eventsHandled'>;
}

export interface RunningConsumer {
  stop(): Promise<void>;
}

/**
 * Durable JetStream consumers with explicit ack, shared by every replica of a service (JetStream
 * hands each event to one of them). An event is acked only after its handler's writes; a handler
 * that throws gets it redelivered (nak with delay) up to `maxDeliver` times.
 *
 * Handlers are idempotent BY CONSTRUCTION, not by a check before they act: an event may be
 * delivered again after a crash mid-handler or an expired ack, and to two replicas at once, so
 * each handler's effect is one that repeating changes nothing: one document per fact under an id
 * derived from the event (insert-if-absent, tombstones for removals), version-guarded upserts, set
 * semantics. Never a bare `$inc` from an event. (A "processed ids" record checked before acting
 * cannot give this: a crash between the effect and the record applies the effect twice.)
 */
export async function startConsumers(options: ConsumerOptions): Promise<RunningConsumer> {
  const { js, jsm, logger, durable, handlers, metrics } = options;
  const maxDeliver = options.maxDeliver ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 1000;

  const byStream = new Map<StreamName, EventSubject[]>();
  for (const subject of Object.keys(handlers) as EventSubject[]) {
    const stream = streamOf(subject);
    byStream.set(stream, [...(byStream.get(stream) ?? []), subject]);
  }

  // Defined before the first consumer starts: its loop may handle an event while the next stream's
  // consumer is still being set up, and a handler reaching `count` before this line threw a
  // ReferenceError that ended the loop (seen under load: the durable stopped taking events).
  const count = (subject: string, outcome: 'ok' | 'retry' | 'failed' | 'dropped') =>
    metrics?.eventsHandled.inc({ subject, outcome });

  const stops: Array<() => Promise<void>> = [];
  for (const [stream, subjects] of byStream) {
    const name = `${durable}-${stream}`;
    const config = {
      durable_name: name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: options.config?.EVENTS_REPLAY === 'new' ? DeliverPolicy.New : DeliverPolicy.All,
      filter_subjects: subjects,
      max_deliver: maxDeliver,
      ack_wait: nanos(options.ackWaitMs ?? 30_000),
    };
    try {
      await jsm.consumers.info(stream, name);
      await jsm.consumers.update(stream, name, { filter_subjects: subjects, max_deliver: maxDeliver });
    } catch {
      await jsm.consumers.add(stream, config);
    }
    const consumer = await js.consumers.get(stream, name);
    const messages = await consumer.consume({ max_messages: 64 });
    const loop = (async () => {
      for await (const msg of messages) {
        await handleOne(msg);
      }
    })();
    // The durable is shared by every replica, so each reports the same backlog: take the max, not the sum.
    const untrack = metrics?.trackConsumer(stream, name, async () => {
      const info = await jsm.consumers.info(stream, name);
      return { pending: info.num_pending, ackPending: info.num_ack_pending };
    });
    stops.push(async () => {
      untrack?.();
      await messages.close();
      await loop.catch(() => undefined);
    });
  }

  async function handleOne(msg: JsMsg): Promise<void> {
    let envelope: EventEnvelope;
    try {
      envelope = JSON.parse(msg.string()) as EventEnvelope;
    } catch {
      logger.error({ subject: msg.subject }, 'unparseable event dropped');
      msg.term();
      count(msg.subject, 'dropped');
      return;
    }
    const handler = handlers[msg.subject as EventSubject] as EventHandler | undefined;
    if (!handler) return msg.ack();
    try {
      const schema = EVENTS[msg.subject as EventSubject];
      const data = schema.parse(envelope.data);
      await handler({ ...envelope, data, sequence: msg.seq });
      msg.ack();
      count(msg.subject, 'ok');
    } catch (err) {
      const attempt = msg.info.redeliveryCount;
      if (attempt >= maxDeliver) {
        logger.error({ err, subject: msg.subject, eventId: envelope.id, attempt }, 'event failed for the last time');
        msg.term();
        count(msg.subject, 'failed');
      } else {
        logger.warn({ err: (err as Error).message, subject: msg.subject, attempt }, 'event handler failed, will retry');
        msg.nak(retryDelayMs);
        count(msg.subject, 'retry');
      }
    }
  }

  return {
    async stop() {
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}
