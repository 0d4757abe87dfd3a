import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from './logger';

/** The answer a connection is giving now (set as its request arrives), for the drain's `Connection: close`. */
const ANSWERING = Symbol('answering');

/**
 * Once the drain starts, how long idle keep-alive connections stay open (answering with
 * `Connection: close`) and an upgraded socket's owner has to close it by itself.
 */
const DRAIN_GRACE_MS = 1000;

export type Closer = { name: string; close: () => Promise<unknown> };

/**
 * The sockets a server has handed to its `upgrade` listeners (WebSockets, proxied or served), while
 * open. The server stops tracking a connection once it is upgraded, so neither its idle sweep nor
 * `closeAllConnections` reaches them, while `server.close()` still waits for them: a drain would
 * never end. Tracked only once the server has an upgrade listener of its own (added before or after
 * this call), since a listener makes node hand upgrades over instead of answering them as requests.
 */
function trackUpgradedSockets(server: Server): Set<Duplex> {
  const open = new Set<Duplex>();
  const track = (_req: unknown, socket: Duplex) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  const attach = () => {
    if (!server.listeners('upgrade').includes(track)) server.prependListener('upgrade', track);
  };
  if (server.listenerCount('upgrade') > 0) attach();
  else {
    const onListener = (event: string | symbol) => {
      if (event !== 'upgrade') return;
      server.off('newListener', onListener);
      attach();
    };
    server.on('newListener', onListener);
  }
  return open;
}

/**
 * Graceful stop on SIGTERM/SIGINT: stop accepting, let in-flight requests finish (every answer from
 * then on says `Connection: close`; idle keep-alive sockets are closed after a short grace), cut what
 * remains after the timeout, then close dependencies in order,
 * each within the timeout too. Exits within `timeoutMs` per step, well inside Kubernetes' 30 s grace
 * period. Upgraded sockets (WebSockets) never finish by themselves: their owner gets a moment to
 * close them cleanly (chat's socket.io sends each a close frame on SIGTERM), then what is left is
 * ended, so clients reconnect to another replica at once (the service behind a proxied one sees it
 * end too), and destroyed a moment later when their peer has not closed them by then.
 */
export function installShutdown(options: {
  server: Server;
  logger: Logger;
  closers: Closer[];
  timeoutMs: number;
  onStart?: () => void;
  exit?: (code: number) => void;
}): () => Promise<void> {
  const { server, logger, closers, timeoutMs } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping: Promise<void> | undefined;
  const upgraded = trackUpgradedSockets(server);
  // Answers given while draining say `Connection: close`, so a client's (the gateway's) keep-alive
  // pool never sends another request down a connection this server is about to close: without
  // it, a pooled connection swept as idle just as the next request was on its way reset that
  // request (a cut, not an answer). Those already on their way at the drain get it too.
  //
  // The answer in progress is kept on its connection (as node keeps it), and the connections in a
  // set: a set of the answers themselves, added and deleted on every request, made V8 carry each
  // answer (and its request) through the young generation's collections and into the old one,
  // ~10 KB a request: under load a scavenge copied 6–15 MB and paused 12–30 ms, several times a
  // second, in every service (bench/README.md, search).
  let draining = false;
  const connections = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  const answering = () => {
    const answers: ServerResponse[] = [];
    for (const socket of connections) {
      const res = (socket as Socket & { [ANSWERING]?: ServerResponse })[ANSWERING];
      if (res && !res.writableFinished) answers.push(res);
    }
    return answers;
  };
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (draining) {
      res.setHeader('Connection', 'close');
      return;
    }
    (req.socket as Socket & { [ANSWERING]?: ServerResponse })[ANSWERING] = res;
  });

  const stop = () => {
    stopping ??= (async () => {
      options.onStart?.();
      logger.info('shutting down');
      draining = true;
      for (const res of answering()) if (!res.headersSent) res.setHeader('Connection', 'close');
      // net's close, not http's: http's also closes idle connections at once (node 19+), which the grace is for.
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      // Idle keep-alive connections stay open for the grace: a request a client sends down one
      // meanwhile is answered (with `Connection: close`), where closing them at once reset any
      // request already on its way. After it, those still idle are closed, and connections that
      // finish their last request are swept, so a client's keep-alive never holds the process open.
      // Upgraded sockets get the same moment for their owner to close them, then are ended.
      let sweeper: ReturnType<typeof setInterval> | undefined;
      let cutUpgraded: ReturnType<typeof setTimeout> | undefined;
      const grace = Math.min(DRAIN_GRACE_MS, timeoutMs / 4);
      const afterGrace = setTimeout(() => {
        server.closeIdleConnections();
        sweeper = setInterval(() => server.closeIdleConnections(), 50);
        for (const socket of upgraded) socket.end();
        // A peer that never ends its side (seen: a client in the middle of its own close) would hold
        // the half-open socket, and the drain, until the timeout: cut after one more grace.
        cutUpgraded = setTimeout(() => {
          for (const socket of upgraded) socket.destroy();
        }, grace);
      }, grace);
      const timer = setTimeout(() => {
        const ended = [...upgraded].filter((socket) => socket.writableEnded).length;
        logger.warn({ upgraded: upgraded.size, upgradedEnded: ended, answering: answering().length }, 'drain timeout reached, closing remaining connections');
        server.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
      }, timeoutMs);
      timer.unref();
      await closed;
      clearTimeout(timer);
      clearTimeout(afterGrace);
      clearTimeout(cutUpgraded);
      clearInterval(sweeper);
      for (const closer of closers) {
        // A dependency that does not answer (a database gone away) cannot hold the process open:
        // each closer gets `timeoutMs`, then the next one runs.
        let abandon: ReturnType<typeof setTimeout> | undefined;
        const timedOut = new Promise<never>((_resolve, reject) => {
          abandon = setTimeout(() => reject(new Error(`not closed within ${timeoutMs} ms`)), timeoutMs);
        });
        try {
          await Promise.race([closer.close(), timedOut]);
        } catch (err) {
          logger.warn({ err: (err as Error).message, closer: closer.name }, 'close failed');
        } finally {
          clearTimeout(abandon);
        }
      }
      logger.info('stopped');
    })();
    return stopping;
  };

  const onSignal = (signal: string, code = 0) => {
    logger.info({ signal }, 'signal received');
    stop().then(
      () => exit(code),
      (err) => {
        logger.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ err: reason }, 'unhandled rejection');
    onSignal('unhandledRejection', 1);
  });
  return stop;
}
