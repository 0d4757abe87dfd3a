import type { RequestHandler, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** How long a scrape waits for one sampled value (a consumer's info, a count) before leaving it out. */
const SAMPLE_TIMEOUT_MS = 2000;

/** Resolves with `read()`'s value, or undefined when it fails or takes too long: a scrape never fails for one sample. */
async function sample<T>(read: () => T | Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), SAMPLE_TIMEOUT_MS);
    timer.unref();
  });
  try {
    return await Promise.race([Promise.resolve().then(read), timeout]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** What a durable consumer has not handled yet (JetStream consumer info). */
export interface ConsumerBacklog {
  /** Stored events not yet delivered to any replica (`num_pending`). */
  pending: number;
  /** Delivered and not yet acknowledged (`num_ack_pending`). */
  ackPending: number;
}

/**
 * The route label of a request: the matched express route pattern (`/api/posts/:id`), never the raw
 * path, so label cardinality stays bounded. An app without express routes for a path (the gateway's
 * proxies) may name the pattern itself in `res.locals.routePattern`.
 */
function routeLabel(req: { route?: { path?: unknown }; baseUrl?: string }, res: Response): string {
  if (typeof req.route?.path === 'string') return `${req.baseUrl ?? ''}${req.route.path}`;
  return typeof res.locals.routePattern === 'string' ? res.locals.routePattern : 'unmatched';
}

/** A registry per app (not the global one) so several apps can live in one test process. */
export function createMetrics(service: string) {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status class (2xx, 4xx, ...)',
    labelNames: ['method', 'route', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const eventsHandled = new Counter({
    name: 'events_handled_total',
    help: 'Events handled by subject and outcome (ok, retry, failed, dropped)',
    labelNames: ['subject', 'outcome'],
    registers: [registry],
  });

  // Durable consumers of this process, sampled on each scrape: one round of consumer info serves
  // both gauges (a scrape collects them concurrently, so they share the round in flight).
  const consumers = new Map<string, { stream: string; consumer: string; read: () => Promise<ConsumerBacklog> }>();
  let sampling: Promise<Array<{ stream: string; consumer: string; backlog?: ConsumerBacklog }>> | undefined;
  const sampleConsumers = () =>
    (sampling ??= Promise.all(
      [...consumers.values()].map(async ({ stream, consumer, read }) => ({ stream, consumer, backlog: await sample(read) })),
    ).finally(() => {
      sampling = undefined;
    }));
  const consumerGauge = (name: string, help: string, field: keyof ConsumerBacklog) =>
    new Gauge({
      name,
      help,
      labelNames: ['stream', 'consumer'],
      registers: [registry],
      async collect() {
        const sampled = await sampleConsumers();
        this.reset();
        for (const { stream, consumer, backlog } of sampled) {
          if (backlog) this.set({ stream, consumer }, backlog[field]);
        }
      },
    });
  consumerGauge('events_consumer_pending', 'Events stored but not yet delivered to a durable consumer (JetStream num_pending)', 'pending');
  consumerGauge('events_consumer_ack_pending', 'Events delivered to a durable consumer and not yet acknowledged (num_ack_pending)', 'ackPending');

  const middleware: RequestHandler = (req, res, next) => {
    const end = duration.startTimer({ method: req.method });
    res.on('finish', () => {
      end({ route: routeLabel(req, res), status_class: `${Math.floor(res.statusCode / 100)}xx` });
    });
    next();
  };
  const handler: RequestHandler = async (_req, res) => {
    res.set('Content-Type', registry.contentType).send(await registry.metrics());
  };
  return {
    registry,
    middleware,
    handler,
    eventsHandled,
    /**
     * A gauge whose value is read at each scrape (left out when the read fails or hangs). Registering
     * a name again replaces its reader: the newest owner (e.g. a re-created socket server) reports.
     */
    gaugeFrom(name: string, help: string, read: () => number | Promise<number>): void {
      registry.removeSingleMetric(name);
      const gauge = new Gauge({
        name,
        help,
        registers: [],
        async collect() {
          const value = await sample(read);
          this.reset();
          if (value !== undefined) this.set(value);
        },
      });
      registry.registerMetric(gauge);
    },
    /** Reports a durable consumer's backlog at each scrape until the returned function is called. */
    trackConsumer(stream: string, consumer: string, read: () => Promise<ConsumerBacklog>): () => void {
      const key = `${stream}/${consumer}`;
      consumers.set(key, { stream, consumer, read });
      return () => void consumers.delete(key);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
