import { randomUUID } from 'node:crypto';
import { IncomingMessage, type ServerResponse } from 'node:http';
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

/**
 * Secrets never reach the log: tokens, cookies, passwords and e-mail addresses are redacted
 * wherever a log object carries them (at the top or one level down; request logs carry no headers
 * or bodies at all), and errors are scrubbed of e-mail addresses (a duplicate-key error quotes one).
 */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'adminPassword',
  'token',
  'authToken',
  'adminToken',
  'authorization',
  'cookie',
  'email',
  'userEmail',
  'privateKey',
  'secretKey',
];
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
];

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;

function scrubEmails(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(EMAIL, '[email]');
  if (Array.isArray(value)) return value.map(scrubEmails);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, scrubEmails(inner)]));
  }
  return value;
}

/** `json` for machines; `pretty` for people (service, level, message on one line); `auto` picks. */
export type LogFormat = 'auto' | 'json' | 'pretty';

/**
 * `auto`: lines for people on a terminal outside production, JSON otherwise (a pipe, a file, a log
 * collector). A supervisor that prefixes its children's lines on a terminal (`npm start`) asks for
 * `pretty` explicitly.
 */
export function resolveLogFormat(format: LogFormat, where: { isTTY: boolean; production: boolean }): 'json' | 'pretty' {
  if (format !== 'auto') return format;
  return where.isTTY && !where.production ? 'pretty' : 'json';
}

/**
 * A line as a person reads it, with the request and user it belongs to: a finished request as
 * `GET /api/posts 200 12 ms (req …, user …)`, anything else as `message (req …, user …)`.
 */
function prettyMessage(log: Record<string, unknown>, messageKey: string): string {
  const message = String(log[messageKey] ?? '');
  const req = log.req as { method?: string; url?: string } | undefined;
  const res = log.res as { statusCode?: number } | undefined;
  const who = [log.reqId ? `req ${String(log.reqId)}` : undefined, log.userId ? `user ${String(log.userId)}` : undefined]
    .filter(Boolean)
    .join(', ');
  const suffix = who ? ` (${who})` : '';
  if (!req?.method || !res) return `${message}${suffix}`;
  return `${req.method} ${req.url} ${res.statusCode} ${String(log.responseTime)} ms${suffix}`;
}

export interface LoggerOptions {
  format?: LogFormat;
  /** NODE_ENV is production: `auto` never picks pretty there. */
  production?: boolean;
  /** Where lines go; standard output by default. */
  destination?: DestinationStream;
}

export function createLogger(service: string, level = 'info', options: LoggerOptions = {}): Logger {
  const isTTY = options.destination ? false : Boolean(process.stdout.isTTY);
  const format = resolveLogFormat(options.format ?? 'auto', { isTTY, production: options.production ?? false });
  const settings = {
    name: service,
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: { err: (err: Error) => scrubEmails(pino.stdSerializers.err(err)) },
  };
  if (format === 'json') return options.destination ? pino(settings, options.destination) : pino(settings);
  const stream = pretty({
    // In-process and synchronous, so lines keep their order and the last ones before a crash show.
    sync: true,
    destination: options.destination ?? 1,
    // Colours on a terminal, and under a supervisor that asked for pretty lines for its terminal.
    colorize: isTTY || options.format === 'pretty',
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,req,res,responseTime,reqId,userId',
    singleLine: true,
    messageFormat: prettyMessage,
  });
  return pino(settings, stream);
}

/** Query parameters whose values may identify someone or grant access: logged as `[redacted]`. */
const PRIVATE_QUERY = /token|password|secret|code|key|email|^q$|term|search/i;

/** The URL as logged: the path, and the query with private values replaced. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const key of new Set(params.keys())) {
    if (PRIVATE_QUERY.test(key)) params.set(key, '[redacted]');
  }
  return `${url.slice(0, at)}?${params.toString().replace(/%5Bredacted%5D/g, '[redacted]')}`;
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

// Registered symbols: the getter below is installed once per process, and a second copy of this
// module (jest loads one per test file) must use the same ones.
const BASE_LOGGER = Symbol.for('quad.baseLogger');
const CHILD_LOGGER = Symbol.for('quad.childLogger');
type RequestWithLogger = IncomingMessage & { [BASE_LOGGER]?: Logger; [CHILD_LOGGER]?: Logger };

// `req.log` is a getter on the prototype, defined once, rather than a property defined on every
// request: an accessor added per object cost the feed's requests a slower shape for every later
// property read.
if (!Object.getOwnPropertyDescriptor(IncomingMessage.prototype, 'log')) {
  Object.defineProperty(IncomingMessage.prototype, 'log', {
    configurable: true,
    get(this: RequestWithLogger): Logger | undefined {
      const base = this[BASE_LOGGER];
      if (!base) return undefined;
      return (this[CHILD_LOGGER] ??= base.child({ reqId: this.id, userId: userIdOf(this) }));
    },
    set(this: RequestWithLogger, value: Logger | undefined) {
      this[CHILD_LOGGER] = value;
      this[BASE_LOGGER] ??= value;
    },
  });
}

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
    (req as RequestWithLogger)[BASE_LOGGER] = logger;
    const url = req.url ?? '';
    if (!QUIET_PATHS.has(url.split('?')[0]!)) {
      const started = performance.now();
      res.once('finish', () => {
        const level = res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug';
        if (!logger.isLevelEnabled(level)) return;
        logger[level](
          {
            reqId: id,
            // Set by the authentication middleware once the token is verified; absent when anonymous.
            userId: userIdOf(req),
            req: { method: req.method, url: loggableUrl(url) },
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
