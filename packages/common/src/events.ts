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
import mongoose, { type Connection } from 'mongoose';
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

export type { NatsConnection, JetStreamClient };

export async function connectNats(url: string, name: string, logger: Logger): Promise<NatsConnection> {
  return backOff(() => connect({ servers: url, name, maxReconnectAttempts: -1 }), {
    numOfAttempts: 8,
    startingDelay: 250,
    maxDelay: 4000,
    retry: (err, attempt) => {
      logger.warn({ err: err?.message, attempt }, 'NATS not ready, retrying');
      return true;
    },
  });
}

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
          duplicate_window: nanos(2 * 60 * 1000),
        });
      } catch (err) {
        // Another service may have created it between our check and add.
        if (!/already in use|exists/i.test(String((err as Error).message))) throw err;
      }
    }
  }
}

export interface Publisher {
  publish<S extends EventSubject>(subject: S, data: EventData<S>, eventId?: string): Promise<EventEnvelope<EventData<S>>>;
}

/**
 * Publishes a typed event in the common envelope. The event id doubles as `Nats-Msg-Id`, so a
 * retried publish within the duplicate window is stored once.
 */
export function createPublisher(js: JetStreamClient, logger: Logger): Publisher {
  return {
    async publish(subject, data, eventId = randomUUID()) {
      const payload = EVENTS[subject].parse(data) as typeof data;
      const envelope = { id: eventId, subject, occurredAt: new Date().toISOString(), data: payload };
      await backOff(() => js.publish(subject, JSON.stringify(envelope), { msgID: eventId }), {
        numOfAttempts: 5,
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

export type EventHandler<S extends EventSubject = EventSubject> = (
  event: EventEnvelope<EventData<S>>,
) => Promise<void>;

export interface ConsumerOptions {
  js: JetStreamClient;
  jsm: JetStreamManager;
  /** The service's database: handled event ids are remembered there so a duplicate is handled once. */
  db: Connection;
  logger: Logger;
  /** Durable name prefix; one durable per stream is made as `<durable>-<stream>`. */
  durable: string;
  handlers: Partial<{ [S in EventSubject]: EventHandler<S> }>;
  /** Redeliveries before a poison event is given up (and logged). */
  maxDeliver?: number;
  ackWaitMs?: number;
  /** Delay before a failed event is redelivered. */
  retryDelayMs?: number;
}

export interface RunningConsumer {
  stop(): Promise<void>;
}

const processedSchema = new mongoose.Schema(
  { _id: String, subject: String, handledAt: { type: Date, default: Date.now } },
  { versionKey: false },
);

function processedModel(db: Connection) {
  return db.models.ProcessedEvent ?? db.model('ProcessedEvent', processedSchema, 'processed_events');
}

/**
 * Durable JetStream consumers with explicit ack. An event is acked only after its handler's write
 * and the record that it was handled; a handler that throws gets it redelivered (nak with delay)
 * up to `maxDeliver` times; an event id already recorded is acked without running the handler.
 */
export async function startConsumers(options: ConsumerOptions): Promise<RunningConsumer> {
  const { js, jsm, db, logger, durable, handlers } = options;
  const maxDeliver = options.maxDeliver ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const Processed = processedModel(db);
  await Processed.init();

  const byStream = new Map<StreamName, EventSubject[]>();
  for (const subject of Object.keys(handlers) as EventSubject[]) {
    const stream = streamOf(subject);
    byStream.set(stream, [...(byStream.get(stream) ?? []), subject]);
  }

  const stops: Array<() => Promise<void>> = [];
  for (const [stream, subjects] of byStream) {
    const name = `${durable}-${stream}`;
    const config = {
      durable_name: name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
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
    stops.push(async () => {
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
      return;
    }
    const handler = handlers[msg.subject as EventSubject] as EventHandler | undefined;
    if (!handler) return msg.ack();
    const key = `${durable}:${envelope.id}`;
    try {
      if (await Processed.exists({ _id: key })) return msg.ack();
      const schema = EVENTS[msg.subject as EventSubject];
      const data = schema.parse(envelope.data);
      await handler({ ...envelope, data });
      await Processed.updateOne({ _id: key }, { $setOnInsert: { subject: msg.subject } }, { upsert: true });
      msg.ack();
    } catch (err) {
      const attempt = msg.info.redeliveryCount;
      if (attempt >= maxDeliver) {
        logger.error({ err, subject: msg.subject, eventId: envelope.id, attempt }, 'event failed for the last time');
        msg.term();
      } else {
        logger.warn({ err: (err as Error).message, subject: msg.subject, attempt }, 'event handler failed, will retry');
        msg.nak(retryDelayMs);
      }
    }
  }

  return {
    async stop() {
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}
