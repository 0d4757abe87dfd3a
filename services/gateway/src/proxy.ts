import { Agent, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse, request } from 'node:http';
import type { Socket } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { CHAT_SOCKET_PATH, SERVICES, type ServiceName, serviceForPath } from '@quad/contracts';
import { REQUEST_ID_HEADER, type Logger } from '@quad/common';
import { type Config, upstreamUrl } from './config';
import { UpstreamAgent, roundRobinLookup } from './upstream-agent';

/** What the gateway forwards to the services: API calls by the route table, and chat's WebSocket upgrades. */
export interface ServiceProxies {
  /** Express middleware: a path the route table gives a service is answered by that service; any other goes on. */
  http: (req: Request, res: Response, next: NextFunction) => void;
  /** Forwards a WebSocket upgrade on `/ws` to chat. */
  upgrade(req: IncomingMessage, socket: Socket, head: Buffer): void;
}

/** Headers of one connection, not of the message: never forwarded either way (RFC 9110, section 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Bodies up to this size are gathered and written in one piece; longer ones are streamed. */
const GATHER_MAX_BYTES = 1 << 20;

interface Upstream {
  service: ServiceName;
  hostname: string;
  port: number;
  agent: Agent;
}

/**
 * Proxies every API call to the service the route table names, paths unchanged, over a keep-alive
 * pool per service whose connections retire after 30 s or 1,000 requests (upstream-agent.ts). A
 * service that is down (connection refused) answers a JSON 502 at once; one
 * that does not start its answer within PROXY_TIMEOUT_MS, a JSON 504; a pooled connection the
 * service closes under a request (its drain) sends a bodiless request again, and answers one with
 * a body a retryable 503. The client's address goes on in
 * X-Forwarded-For (the services trust loopback and private proxies), and the request id in
 * X-Request-Id.
 *
 * Written on node's `http` rather than http-proxy: the feed through the gateway spent more CPU in
 * the proxy's per-request machinery (per-header passes, event plumbing, six proxies each testing
 * the path) than the forum spent answering (bench/README.md). WebSocket upgrades still go through
 * http-proxy-middleware, for chat only.
 */
export function createServiceProxies(config: Config, logger: Logger): ServiceProxies {
  const upstreams = new Map<ServiceName, Upstream>();
  for (const service of SERVICES) {
    const url = new URL(upstreamUrl(config, service));
    upstreams.set(service, {
      service,
      hostname: url.hostname,
      port: Number(url.port || 80),
      // Without keep-alive every call would open a connection to the service and answer the client
      // `Connection: close`; bounded, so that replicas added later get their share (upstream-agent.ts).
      agent: new UpstreamAgent({ maxSockets: 256 }),
    });
  }
  const chatSockets = createProxyMiddleware<IncomingMessage, ServerResponse>({
    target: upstreamUrl(config, 'chat'),
    ws: true,
    xfwd: true,
    // Each WebSocket is one long connection: every new one goes to the next of the replicas that
    // `chat` resolves to (compose's DNS lists them in the same order each time).
    agent: new Agent({ lookup: roundRobinLookup() }),
    on: {
      error(err) {
        logger.warn({ service: 'chat', code: (err as NodeJS.ErrnoException).code }, 'upstream error');
      },
    },
  });

  function unavailable(res: ServerResponse, service: ServiceName, status: 502 | 503 | 504): void {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const body = JSON.stringify({ message: `The ${service} service is unavailable. Please try again shortly.` });
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      ...(status === 503 ? { 'Retry-After': '1' } : {}),
    });
    res.end(body);
  }

  function forward(req: IncomingMessage, res: ServerResponse, upstream: Upstream, attempt = 1): void {
    const headers = forwardedHeaders(req);
    const upstreamReq = request({
      agent: upstream.agent,
      hostname: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers,
    });
    let timedOut = false;
    upstreamReq.setTimeout(config.PROXY_TIMEOUT_MS, () => {
      timedOut = true;
      upstreamReq.destroy();
    });
    upstreamReq.on('error', (err: NodeJS.ErrnoException) => {
      // A client that left first is no upstream error.
      if (res.destroyed || res.writableEnded) return;
      const code = timedOut ? 'ETIMEDOUT' : err.code;
      // A pooled connection the service closed as idle (its drain on SIGTERM, its keep-alive
      // timeout) just as this request went down it: the service never read the request. One
      // without a body is sent again on another connection; one whose body has gone into the
      // closed one is a retryable 503, never a 502 that reads as a failure.
      if (!timedOut && upstreamReq.reusedSocket && (code === 'ECONNRESET' || code === 'EPIPE')) {
        logger.warn({ service: upstream.service, code, attempt }, 'pooled upstream connection closed under a request');
        if (!hasBody(req) && attempt < RESEND_ATTEMPTS) forward(req, res, upstream, attempt + 1);
        else unavailable(res, upstream.service, 503);
        return;
      }
      logger.warn({ service: upstream.service, code }, 'upstream error');
      unavailable(res, upstream.service, timedOut || code === 'ETIMEDOUT' ? 504 : 502);
    });
    // The client left before the answer: stop asking for it.
    res.on('close', () => {
      if (!res.writableFinished) upstreamReq.destroy();
    });
    upstreamReq.on('response', (upstreamRes) => {
      // It answered in time; how fast the body then flows is the client's pace.
      upstreamReq.setTimeout(0);
      answer(res, upstreamRes);
    });
    if (attempt === 1) req.pipe(upstreamReq);
    else upstreamReq.end();
  }

  function answer(res: ServerResponse, upstreamRes: IncomingMessage): void {
    res.statusCode = upstreamRes.statusCode ?? 502;
    if (upstreamRes.statusMessage) res.statusMessage = upstreamRes.statusMessage;
    const headers = upstreamRes.headers;
    for (const name in headers) {
      // Set-Cookie comes as a list, each cookie kept.
      if (!HOP_BY_HOP.has(name)) res.setHeader(name, headers[name]!);
    }
    upstreamRes.on('error', () => res.destroy());
    upstreamRes.on('aborted', () => res.destroy());
    const length = Number(upstreamRes.headers['content-length']);
    if (!(length <= GATHER_MAX_BYTES)) {
      upstreamRes.pipe(res);
      return;
    }
    // A body of known, bounded size (a feed page) goes out with the headers in one write.
    const chunks: Buffer[] = [];
    upstreamRes.on('data', (chunk: Buffer) => chunks.push(chunk));
    upstreamRes.on('end', () => res.end(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
  }

  return {
    http(req, res, next) {
      const service = serviceForPath(req.url);
      if (!service) return next();
      forward(req, res, upstreams.get(service)!);
    },
    upgrade(req, socket, head) {
      chatSockets.upgrade(req, socket as never, head);
    },
  };
}

/** How often a request without a body goes out when pooled connections keep closing under it. */
const RESEND_ATTEMPTS = 3;

/** Whether a request carries a body (which, once streamed to a service, cannot be sent again). */
function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** The client's headers as the service gets them: without hop-by-hop ones, with X-Forwarded-* and the request id. */
function forwardedHeaders(req: IncomingMessage): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  const incoming = req.headers;
  for (const name in incoming) {
    if (!HOP_BY_HOP.has(name)) headers[name] = incoming[name];
  }
  const encrypted = Boolean((req.socket as Socket & { encrypted?: boolean }).encrypted);
  // The client's address as the gateway worked it out (express's req.ip: the connection's, or what
  // the configured proxies say): only that, so a service, which trusts the gateway as its one hop,
  // never sees an address the client wrote itself.
  const address = (req as IncomingMessage & { ip?: string }).ip ?? req.socket.remoteAddress ?? '';
  headers['x-forwarded-for'] = address;
  const port = /:(\d+)$/.exec(incoming.host ?? '')?.[1] ?? (encrypted ? '443' : '80');
  headers['x-forwarded-port'] = incoming['x-forwarded-port'] ? `${String(incoming['x-forwarded-port'])},${port}` : port;
  const proto = encrypted ? 'https' : 'http';
  headers['x-forwarded-proto'] = incoming['x-forwarded-proto'] ? `${String(incoming['x-forwarded-proto'])},${proto}` : proto;
  headers['x-forwarded-host'] ??= incoming.host;
  if (req.id) headers[REQUEST_ID_HEADER] = String(req.id);
  return headers;
}

/** Whether an upgrade request is for chat's socket.io endpoint (`/ws`, `/ws/…`, `/ws?…`). */
export function isChatSocketPath(url: string | undefined): boolean {
  const bare = (url ?? '').split('?')[0]!;
  return bare === CHAT_SOCKET_PATH || bare.startsWith(`${CHAT_SOCKET_PATH}/`);
}

/** WebSocket upgrades: `/ws` goes to chat, anything else is refused. */
export function proxyUpgrades(server: Server, proxies: ServiceProxies): void {
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    if (isChatSocketPath(req.url)) proxies.upgrade(req, socket, head);
    else socket.destroy();
  });
}
