import type { RequestHandler } from 'express';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** A registry per app (not the global one) so several apps can live in one test process. */
export function createMetrics(service: string) {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const eventsHandled = new Counter({
    name: 'events_handled_total',
    help: 'Events handled by subject and outcome',
    labelNames: ['subject', 'outcome'],
    registers: [registry],
  });
  const middleware: RequestHandler = (req, res, next) => {
    const end = duration.startTimer({ method: req.method });
    res.on('finish', () => {
      // The matched route pattern, not the raw path, keeps label cardinality bounded.
      const route = req.route?.path ? `${req.baseUrl}${req.route.path}` : 'unmatched';
      end({ route, status: String(res.statusCode) });
    });
    next();
  };
  const handler: RequestHandler = async (_req, res) => {
    res.set('Content-Type', registry.contentType).send(await registry.metrics());
  };
  return { registry, middleware, handler, eventsHandled };
}
