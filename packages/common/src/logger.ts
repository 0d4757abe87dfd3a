import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Logger } from 'pino';

export type { Logger };

/** Secrets never reach the log: tokens, cookies and passwords are redacted wherever they appear. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.adminPassword',
  '*.authToken',
  '*.adminToken',
  '*.token',
  // Other people's addresses never reach the log, whatever object carries them.
  '*.email',
  '*.userEmail',
];

export function createLogger(service: string, level = 'info'): Logger {
  return pino({ name: service, level, redact: { paths: REDACT, censor: '[redacted]' } });
}

export const REQUEST_ID_HEADER = 'x-request-id';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's id (from the gateway, or made here). */
    id?: string;
    /** A logger that names the request; made on first use. */
    log?: Logger;
  }
}

/** The signed-in caller's id, once the authentication middleware has verified the token (never the token). */
const userIdOf = (req: IncomingMessage): string | undefined => (req as { auth?: { userId?: string } }).auth?.userId;

/** Paths probed constantly by the platform: never logged. */
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Request ids and request logs. Reuses the gateway's request id (so one id follows a request
 * through every service) or makes one. A finished request is logged at error (5xx), info (4xx) or
 * debug (the rest). Written here rather than with pino-http, whose per-request child logger cost
 * the forum's feed about a tenth of its CPU: the child is made only when something logs.
 */
export function httpLogger(logger: Logger) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    const id = typeof incoming === 'string' && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader(REQUEST_ID_HEADER, id);
    req.id = id;
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () => (child ??= logger.child({ reqId: id, userId: userIdOf(req) })),
    });
    const url = req.url ?? '';
    if (!QUIET_PATHS.has(url.split('?')[0]!)) {
      const started = performance.now();
      res.once('finish', () => {
        const level = res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug';
        if (!logger.isLevelEnabled(level)) return;
        logger[level](
          {
            reqId: id,
            userId: userIdOf(req),
            req: { method: req.method, url },
            res: { statusCode: res.statusCode },
            responseTime: Math.round(performance.now() - started),
          },
          'request completed',
        );
      });
    }
    next();
  };
}
