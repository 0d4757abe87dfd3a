import type { EventData, EventEnvelope, EventSubject } from '@quad/contracts';
import { startConsumers } from '../events';
import type { ServiceRuntime } from '../runtime';
import { waitFor } from './helpers';

/**
 * Records every event of `subjects` published from now on (a probe consumer of the runtime's
 * own, stopped with it): what a test reads to check that a write announced itself.
 */
export async function recordPublished(
  runtime: ServiceRuntime,
  subjects: EventSubject[],
): Promise<Array<EventEnvelope<unknown>>> {
  const published: Array<EventEnvelope<unknown>> = [];
  const record = async (event: EventEnvelope<unknown>) => void published.push(event);
  runtime.consumers.push(
    await startConsumers({
      ...runtime,
      durable: `${runtime.consumerPrefix}-probe`,
      handlers: Object.fromEntries(subjects.map((subject) => [subject, record])),
    }),
  );
  return published;
}

/** Waits for a recorded event of `subject` matching `match`. */
export function publishedMatching<S extends EventSubject>(
  published: Array<EventEnvelope<unknown>>,
  subject: S,
  match: (data: EventData<S>) => boolean,
): Promise<EventEnvelope<EventData<S>>> {
  return waitFor(
    () =>
      published.find((event) => event.subject === subject && match(event.data as EventData<S>)) as
        | EventEnvelope<EventData<S>>
        | undefined,
  );
}

/** Every Redis key a runtime's repositories and directory wrote (the test Redis is shared by every file). */
export async function runtimeRedisKeys(runtime: ServiceRuntime): Promise<string[]> {
  const keys: string[] = [];
  for (const pattern of [`repo:${runtime.namespace}:*`, `directory:${runtime.namespace}:*`]) {
    let cursor = '0';
    do {
      const [next, found] = await runtime.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      keys.push(...found);
      cursor = next;
    } while (cursor !== '0');
  }
  return keys;
}

/**
 * How many events `published` holds once none has been added for `quietMs`: an action's
 * announcements leave through the outbox in batches, later on a loaded box, so a count taken right
 * after the first one arrived can still grow (a replay test then blames the replay).
 */
export async function settledCount(published: readonly unknown[], quietMs = 1000): Promise<number> {
  let count = -1;
  while (count !== published.length) {
    count = published.length;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
  return count;
}

/**
 * The recorded events about any of `ids` (found in the event's data) whose write happened at or
 * after `since` (an envelope's `occurredAt` is when its outbox recorded the write). A replay test
 * asks this rather than comparing counts: the first delivery's announcements can still be arriving
 * after a quiet second on a loaded box, and other tests of the same file (or, with TEST_INFRA=docker,
 * other files, which then share one NATS) may announce their students' news meanwhile; neither is the replay's.
 */
export function publishedSince(
  published: ReadonlyArray<EventEnvelope<unknown>>,
  since: Date,
  ids: readonly string[],
): Array<EventEnvelope<unknown>> {
  return published.filter((event) => {
    if (Date.parse(event.occurredAt) < since.getTime()) return false;
    const data = JSON.stringify(event.data);
    return ids.some((id) => data.includes(id));
  });
}
