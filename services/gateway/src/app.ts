import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import {
  type ReadinessCheck,
  type ServiceRuntime,
  authenticate,
  clientAddressKey,
  createMediaStore,
  errorHandler,
  healthz,
  httpLogger,
  rateLimit,
  readableWhileBanned,
  readyz,
} from '@quad/common';
import { apiDocs } from './api-docs';
import type { Config } from './config';
import { mediaHandler } from './media';
import { createServiceProxies } from './proxy';
import { routePatternLabel } from './route-label';
import { minioCheck, smtpCheck, upstreamChecks } from './readiness';
import { webApp } from './web';

/**
 * The only public port: security headers, request ids, rate limits, the ban check, then the
 * route table's proxies; /media from object storage; the API reference at /api/docs; the web build for
 * everything else.
 */
export function createApp(runtime: ServiceRuntime<Config>) {
  const { config, logger } = runtime;
  const media = createMediaStore(config);
  const proxies = createServiceProxies(config, logger);
  const readiness = [
    ...upstreamChecks(config),
    ...runtime.readiness,
    minioCheck(media),
    smtpCheck(config.SMTP_HOST, config.SMTP_PORT),
  ];

  const app = express();
  app.disable('x-powered-by');
  // Only the configured proxy hops may name the client's address (TRUSTED_PROXIES).
  app.set('trust proxy', config.TRUSTED_PROXIES);
  app.use(
    fixedHeaders(
      helmet({
        // Quad's own requests carry their origin (a form post's Origin is 'null' under no-referrer,
        // and cookie-signed writes must show they come from Quad's page); other sites learn nothing.
        referrerPolicy: { policy: 'same-origin' },
        contentSecurityPolicy: {
          directives: {
            'img-src': ["'self'", 'data:', 'blob:'],
            'style-src': ["'self'", "'unsafe-inline'"],
            'connect-src': ["'self'", 'ws:', 'wss:'],
          },
        },
      }),
    ),
  );
  app.use(httpLogger(logger));
  app.use(runtime.metrics.middleware);
  // Liveness only: what the detailed readiness and the metrics say (every internal service and
  // server, per-route traffic) is served on the internal listener (internalApp), never here.
  app.get('/healthz', healthz);
  app.all(['/readyz', '/metrics'], (req, res) => {
    res.status(404).json({ message: `No route for ${req.method} ${req.path}` });
  });
  app.use('/media', mediaHandler(media));
  app.use(apiDocs());
  app.use(routePatternLabel());

  // Who calls: the token is verified here (signature, deny-list) so the limits below can count a
  // signed-in student's calls per account. Bans take effect at once: every authenticated API call
  // of a banned user gets the 403 body, except logout, their own appeal and their data download,
  // which a suspended student must still be able to reach.
  const identify = authenticate({ publicKey: config.JWT_PUBLIC_KEY, redis: runtime.redis });
  const identifyWhileBanned = authenticate({
    publicKey: config.JWT_PUBLIC_KEY,
    redis: runtime.redis,
    enforceBan: false,
  });
  app.use('/api', (req, res, next) =>
    (reachableWhileBanned(req.path) ? identifyWhileBanned : identify)(req, res, next),
  );
  for (const limiter of apiRateLimits(runtime)) app.use('/api', limiter);

  app.use(proxies.http);
  app.use('/api', (req, res) => {
    res.status(404).json({ message: `No API route for ${req.method} ${req.originalUrl.split('?')[0]}` });
  });
  app.use(webApp(config.WEB_DIST));
  app.use(errorHandler(logger));
  return { app, internalApp: internalApp(runtime, readiness), proxies, media };
}

/**
 * What operators and Prometheus read, on its own port (INTERNAL_PORT) that no Service port or
 * Ingress routes: /healthz, /readyz naming every upstream and server, and /metrics.
 */
function internalApp(runtime: ServiceRuntime<Config>, readiness: ReadinessCheck[]) {
  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', healthz);
  app.get(
    '/readyz',
    readyz(readiness, () => runtime.shuttingDown),
  );
  app.get('/metrics', runtime.metrics.handler);
  app.use((req, res) => {
    res.status(404).json({ message: `No route for ${req.method} ${req.path}` });
  });
  return app;
}

/**
 * The headers a middleware sets, worked out once and set by one middleware: helmet's are the same
 * for every answer here (no nonces), and its twelve middlewares ran on every call.
 */
function fixedHeaders(middleware: RequestHandler): RequestHandler {
  const headers: Array<[string, string]> = [];
  const probe = {
    setHeader: (name: string, value: unknown) => void headers.push([name, String(value)]),
    removeHeader: () => undefined,
    getHeader: () => undefined,
  };
  let called = false;
  void middleware({} as never, probe as never, () => (called = true));
  if (!called) throw new Error('fixedHeaders: the middleware did not finish at once');
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * Ceilings against floods, counted in Redis across gateway replicas: signed-in calls per account
 * (a campus shares one public address, so never per address), anonymous calls per address.
 */
function apiRateLimits(runtime: ServiceRuntime<Config>) {
  const { config, redis, namespace } = runtime;
  const message = 'Too many requests. Please slow down and try again in a minute.';
  const onRedisOut = (err: Error) =>
    runtime.logger.warn(
      { err: err.message },
      'rate limits fail open: Redis does not answer (calls pass uncounted for 5 s)',
    );
  return [
    rateLimit({
      redis,
      name: `${namespace}:api-account`,
      leases: true,
      windowMs: 60_000,
      limit: config.API_RATE_LIMIT_PER_MINUTE,
      message,
      key: (req) => req.auth?.userId,
      onRedisOut,
    }),
    rateLimit({
      redis,
      name: `${namespace}:api-anonymous`,
      leases: true,
      windowMs: 60_000,
      limit: config.API_ANONYMOUS_RATE_LIMIT_PER_MINUTE,
      message,
      key: (req) => (req.auth ? undefined : clientAddressKey(req)),
      onRedisOut,
    }),
  ];
}

/** Paths under /api a suspended student may still call: logout, sending or reading their appeal, and downloading their data. */
export function reachableWhileBanned(path: string): boolean {
  return (
    path === '/logout' ||
    path === '/appeals' ||
    path.startsWith('/appeals/') ||
    readableWhileBanned(`/api${path}`)
  );
}
