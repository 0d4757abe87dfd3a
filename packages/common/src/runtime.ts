import { IncomingMessage, type Server, ServerResponse, createServer } from 'node:http';
import cookieParser from 'cookie-parser';
import express, { type Express, type Router } from 'express';
import type { JetStreamManager } from 'nats';
import type { BaseConfig } from './config';
import { errorHandler, notFoundHandler } from './errors';
import {
  type JetStreamClient,
  type NatsConnection,
  type Publisher,
  connectNats,
  createPublisher,
  ensureStreams,
} from './events';
import { type ReadinessCheck, healthz, readyz } from './health';
import { type Logger, createLogger, httpLogger } from './logger';
import { createMetrics } from './metrics';
import { type Connection, connectMongo, pingMongo } from './mongo';
import { type Redis, createRedis } from './redis';
import { type Closer, installShutdown } from './shutdown';
import type { RunningConsumer } from './events';
import { type Outbox, createOutbox } from './data/outbox';
import { type UserDirectory, createUserDirectory } from './user-directory';

/** Everything a service talks to, made once at start and handed to its app and domain code. */
export interface ServiceRuntime<C extends BaseConfig = BaseConfig> {
  service: string;
  config: C;
  logger: Logger;
  db: Connection;
  nats: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  redis: Redis;
  publisher: Publisher;
  /** Every event goes out through it (data/outbox.ts); its sweep runs for the runtime's life. */
  outbox: Outbox;
  /** The cached user directory: per-request checks read it, never the database. */
  directory: UserDirectory;
  /** Namespaces Redis keys of this runtime's repositories and caches: its database's name. */
  namespace: string;
  metrics: ReturnType<typeof createMetrics>;
  /** Prefix of this instance's durable consumer names (the service name; unique per test file). */
  consumerPrefix: string;
  /** Consumers started by the service; stopped before connections close. */
  consumers: RunningConsumer[];
  readiness: ReadinessCheck[];
  shuttingDown: boolean;
  close(): Promise<void>;
}

export async function createRuntime<C extends BaseConfig>(options: {
  service: string;
  config: C;
  dbName?: string;
  consumerPrefix?: string;
  logger?: Logger;
}): Promise<ServiceRuntime<C>> {
  const { service, config } = options;
  const logger =
    options.logger ??
    createLogger(service, config.LOG_LEVEL, { format: config.LOG_FORMAT, production: config.NODE_ENV === 'production' });
  const db = await connectMongo(config.MONGO_URL, options.dbName ?? `quad_${service}`, logger);
  const nats = await connectNats(config.NATS_URL, service, logger);
  const jsm = await nats.jetstreamManager();
  await ensureStreams(jsm);
  const js = nats.jetstream();
  const redis = createRedis(config.REDIS_URL);
  redis.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));

  const publisher = createPublisher(js, logger);
  const outbox = createOutbox({ db, publisher, logger });
  const stopOutbox = outbox.start();
  const directory = createUserDirectory({ db, redis, logger, namespace: db.name });
  directory.listen(nats);

  const metrics = createMetrics(service);
  metrics.gaugeFrom('outbox_backlog', 'Events recorded in the outbox and not yet published', () => outbox.backlog());

  const runtime: ServiceRuntime<C> = {
    service,
    config,
    logger,
    db,
    nats,
    js,
    jsm,
    redis,
    publisher,
    outbox,
    directory,
    namespace: db.name,
    metrics,
    consumerPrefix: options.consumerPrefix ?? service,
    consumers: [],
    shuttingDown: false,
    // What makes a replica unready (ARCHITECTURE/README, Reliability): MongoDB (nothing is served
    // without it) and Redis (every signed-in call fails closed without it). NATS is reported but
    // not required: writes go on through the outbox and events follow once it is back.
    readiness: [
      { name: 'mongodb', check: () => pingMongo(db) },
      {
        name: 'nats',
        required: false,
        check: async () => {
          if (nats.isClosed()) throw new Error('connection closed');
          await jsm.getAccountInfo();
        },
      },
      { name: 'redis', check: () => redis.ping() },
    ],
    async close() {
      for (const consumer of runtime.consumers) await consumer.stop().catch(() => undefined);
      await stopOutbox().catch(() => undefined);
      await directory.stop().catch(() => undefined);
      await nats.drain().catch(() => undefined);
      await db.close().catch(() => undefined);
      redis.disconnect();
    },
  };
  return runtime;
}

/**
 * The express app every service shares: request ids and logs, metrics, health and readiness,
 * JSON bodies, cookies, the service's routes, JSON 404 and the one error handler.
 */
export function createServiceApp(runtime: ServiceRuntime, mountRoutes: (router: Router) => void): Express {
  const app = express();
  app.disable('x-powered-by');
  // Names the answering service, for the gateway's route-table test only: production responses
  // do not advertise their internals.
  if (runtime.config.NODE_ENV === 'test') {
    app.use((_req, res, next) => {
      res.setHeader('X-Quad-Service', runtime.service);
      next();
    });
  }
  // One hop: the gateway, which appends the client address it worked out (from its own configured
  // proxies) to X-Forwarded-For. Entries before it are the client's say and count for nothing; a
  // private range is no proof of a proxy (a student's laptop on a campus LAN has such an address).
  app.set('trust proxy', 1);
  app.use(httpLogger(runtime.logger));
  app.use(runtime.metrics.middleware);
  app.get('/healthz', healthz);
  app.get(
    '/readyz',
    readyz(runtime.readiness, () => runtime.shuttingDown),
  );
  app.get('/metrics', runtime.metrics.handler);
  app.use(express.json({ limit: '100kb' }));
  app.use(cookieParser());
  const router = express.Router();
  mountRoutes(router);
  app.use(router);
  app.use(notFoundHandler());
  app.use(errorHandler(runtime.logger));
  return app;
}

/**
 * An HTTP server for an express app whose requests and responses are made with the app's own
 * prototypes. Express gives each request and response its prototype with `Object.setPrototypeOf`
 * as it arrives, and V8 then handles every later property access on them (node's HTTP internals
 * included) on a slow path: measured on the gateway, that alone cost about as much CPU as the
 * whole proxying of a call. Made with the right prototype from the start, express's
 * `setPrototypeOf` finds it already set and changes nothing. (`app.listen` and supertest still
 * work as before, only slower.) Idle keep-alive connections stay open for 65 s; clients that honour
 * a hint are told 5 s (installShutdown's `Keep-Alive: timeout=5`, which its drain relies on).
 */
export function createAppServer(app: Express): Server {
  const { request, response } = app as unknown as { request: object; response: object };
  function AppRequest(this: IncomingMessage, socket: unknown) {
    (IncomingMessage as unknown as (this: IncomingMessage, socket: unknown) => void).call(this, socket);
  }
  AppRequest.prototype = request;
  function AppResponse(this: ServerResponse, req: IncomingMessage, options: unknown) {
    (ServerResponse as unknown as (this: ServerResponse, req: IncomingMessage, options: unknown) => void).call(this, req, options);
  }
  AppResponse.prototype = response;
  const server = createServer(
    {
      IncomingMessage: AppRequest as unknown as typeof IncomingMessage,
      ServerResponse: AppResponse as unknown as typeof ServerResponse,
    },
    app,
  );
  // Keep-alive longer than the gateway's pooled connections live, so that the proxy never reuses a
  // socket the service is closing as idle (node's default, 5 s, let a POST meet a closed
  // connection, answered as a retryable 503, in the in-process test system).
  server.keepAliveTimeout = 65_000;
  return server;
}

/** Listens and installs graceful shutdown; returns the server. */
export async function startHttp(options: {
  runtime: ServiceRuntime;
  app: Express;
  port: number;
  host?: string;
  closers?: Closer[];
}): Promise<Server> {
  const { runtime, app, port } = options;
  const server = await new Promise<Server>((resolve, reject) => {
    const s = createAppServer(app);
    s.once('error', reject);
    s.listen(port, options.host ?? runtime.config.HOST, () => resolve(s));
  });
  installShutdown({
    server,
    logger: runtime.logger,
    timeoutMs: runtime.config.SHUTDOWN_TIMEOUT_MS,
    onStart: () => {
      runtime.shuttingDown = true;
    },
    closers: [...(options.closers ?? []), { name: 'runtime', close: () => runtime.close() }],
  });
  runtime.logger.info({ port }, `${runtime.service} listening`);
  settleAfterStart(runtime.logger);
  return server;
}

/**
 * When after listening a production process collects its start-up garbage (settleAfterStart): soon,
 * and again once the first consumers' replays and a slow start on a busy node are surely over.
 */
export const SETTLE_AFTER_START_MS = [5_000, 30_000] as const;

/**
 * Each settling is this many collections one second apart: V8 drops the bytecode of a function
 * not run for several full collections (bytecode flushing ages it once a collection), and start-up
 * compiles much that never runs again (module bodies, schema building). One collection left that
 * bytecode; seven in a row drop it (auth: 101 -> 96 MB idle, measured outside a container), and
 * what runs again is compiled again lazily.
 */
export const SETTLE_COLLECTIONS = 7;

/**
 * Start-up leaves garbage no collection has yet freed (modules' top-level work, schema building,
 * the first consumers' replays) and a young generation grown to its maximum, and an idle service
 * runs no collection that would give them back. Where the process was started with `--expose-gc`
 * (the production images: infra/docker/Dockerfile), memory-reducing collections a few seconds
 * after it listens, and again half a minute later, return them (V8's `last-resort` flavour: it also
 * shrinks the young generation and releases freed pages, which a plain full collection leaves:
 * measured, that one changed nothing). Each pause is a few tens of milliseconds on an idle heap.
 * Without the flag (npm start, tests) nothing happens.
 */
export function settleAfterStart(
  logger: Logger,
  delaysMs: readonly number[] = SETTLE_AFTER_START_MS,
  collections: number = SETTLE_COLLECTIONS,
): void {
  const gc = (globalThis as { gc?: (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void }).gc;
  if (typeof gc !== 'function') return;
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  for (const delayMs of delaysMs) {
    let before = 0;
    for (let round = 0; round < collections; round++) {
      setTimeout(() => {
        if (round === 0) before = process.memoryUsage.rss();
        gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
        if (round < collections - 1) return;
        // Read once the allocator has handed the pages back (jemalloc's decay: a second).
        setTimeout(() => logger.info({ rssMb: [mb(before), mb(process.memoryUsage.rss())] }, 'start-up garbage collected'), 3000).unref();
      }, delayMs + round * 1000).unref();
    }
  }
}

/**
 * Starts a service: runtime, app, readiness, then HTTP. `setup` runs after the connections open
 * and before listening (build indexes, start consumers) so a failure stops the start.
 */
export async function runService<C extends BaseConfig>(options: {
  service: string;
  config: C;
  port: number;
  createApp: (runtime: ServiceRuntime<C>) => Express | Promise<Express>;
  setup?: (runtime: ServiceRuntime<C>) => Promise<void>;
}): Promise<{ runtime: ServiceRuntime<C>; server: Server }> {
  const runtime = await createRuntime({
    service: options.service,
    config: options.config,
    dbName: options.config.DB_NAME,
    consumerPrefix: options.config.CONSUMER_PREFIX,
  });
  try {
    await options.setup?.(runtime);
    const app = await options.createApp(runtime);
    const server = await startHttp({ runtime, app, port: options.port });
    return { runtime, server };
  } catch (err) {
    runtime.logger.fatal({ err }, 'start failed');
    await runtime.close();
    throw err;
  }
}

/**
 * The usual start of a service (`src/index.ts`): `runService` whose setup is the service's
 * `prepare<Service>` (`src/setup.ts`) then its `startEventConsumers` (`src/incoming-events.ts`).
 * A failed start was logged by `runService`; it sets the exit code.
 */
export function startService<C extends BaseConfig>(options: {
  service: string;
  config: C;
  port: number;
  createApp: (runtime: ServiceRuntime<C>) => Express | Promise<Express>;
  prepare: (runtime: ServiceRuntime<C>) => Promise<void>;
  startEventConsumers: (runtime: ServiceRuntime<C>) => Promise<void>;
}): void {
  const { prepare, startEventConsumers, ...rest } = options;
  runService({
    ...rest,
    async setup(runtime) {
      await prepare(runtime);
      await startEventConsumers(runtime);
    },
  }).catch(() => {
    process.exitCode = 1;
  });
}

/**
 * One value per runtime, made on first use and shared after: a service's domain context, which
 * its HTTP routes and its event consumers must share (one set of repositories, one cache).
 */
export function perRuntime<R extends object, T>(make: (runtime: R) => T): (runtime: R) => T {
  const made = new WeakMap<R, T>();
  return (runtime) => {
    let value = made.get(runtime);
    if (value === undefined) {
      value = make(runtime);
      made.set(runtime, value);
    }
    return value;
  };
}
