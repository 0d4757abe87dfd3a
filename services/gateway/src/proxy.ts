import { Agent, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import { CHAT_SOCKET_PATH, SERVICES, type ServiceName, serviceForPath } from '@quad/contracts';
import { REQUEST_ID_HEADER, type Logger } from '@quad/common';
import { type Config, upstreamUrl } from './config';

/**
 * One proxy per service, each claiming the paths the route table gives it. Paths are passed on
 * unchanged. A service that is down (connection refused) answers a JSON 502 at once; one that
 * does not answer in time, a JSON 504.
 */
export function createServiceProxies(config: Config, logger: Logger): Record<ServiceName, RequestHandler> {
  const entries = SERVICES.map((service) => {
    // Without an agent http-proxy opens a fresh upstream connection per request and answers the
    // client with `Connection: close`; a keep-alive pool reuses both.
    const agent = new Agent({ keepAlive: true, maxSockets: 256 });
    const proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
      target: upstreamUrl(config, service),
      agent,
      pathFilter: (path) => serviceForPath(path) === service,
      ws: service === 'chat',
      xfwd: true,
      proxyTimeout: config.PROXY_TIMEOUT_MS,
      on: {
        proxyReq(proxyReq, req) {
          const id = (req as IncomingMessage & { id?: string }).id;
          if (id) proxyReq.setHeader(REQUEST_ID_HEADER, String(id));
        },
        error(err, _req, res) {
          const code = (err as NodeJS.ErrnoException).code;
          logger.warn({ service, code }, 'upstream error');
          if ('writeHead' in res) {
            if (res.headersSent) return void res.end();
            const timedOut = code === 'ECONNRESET' && /timeout/i.test(err.message);
            const status = timedOut || code === 'ETIMEDOUT' ? 504 : 502;
            res.writeHead(status, { 'Content-Type': 'application/json' });
            res.end(JSON.stringify({ message: `The ${service} service is unavailable. Please try again shortly.` }));
          } else {
            (res as Socket).destroy();
          }
        },
      },
    });
    return [service, proxy] as const;
  });
  return Object.fromEntries(entries) as Record<ServiceName, RequestHandler>;
}

/** Whether an upgrade request is for chat's socket.io endpoint (`/ws`, `/ws/…`, `/ws?…`). */
export function isChatSocketPath(url: string | undefined): boolean {
  const bare = (url ?? '').split('?')[0]!;
  return bare === CHAT_SOCKET_PATH || bare.startsWith(`${CHAT_SOCKET_PATH}/`);
}

/**
 * WebSocket upgrades: `/ws` goes to chat, anything else is refused. (After its first HTTP request
 * the chat proxy also listens for upgrades itself; its `upgrade` then does nothing, so each upgrade
 * is proxied once either way.)
 */
export function proxyUpgrades(server: Server, proxies: Record<ServiceName, RequestHandler>): void {
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    if (isChatSocketPath(req.url)) proxies.chat.upgrade(req, socket as never, head);
    else socket.destroy();
  });
}
