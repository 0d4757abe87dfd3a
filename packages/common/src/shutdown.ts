import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from './logger';

/** The answer a connection is giving now (set as its request arrives), for the drain's `Connection: close`. */
const ANSWERING = Symbol('answering');
/** Set by the drain on a connection left idle and keep-alive: since when, and how much it had read then. */
const IDLE_SINCE = Symbol('idleSince');

/** Once the drain starts, how long an upgraded socket's owner has to close it by itself. */
const DRAIN_GRACE_MS = 1000;

/**
 * How long every answer tells its client it may keep the connection idle (`Keep-Alive: timeout=5`,
 * node's own default), whatever longer the server itself allows (`keepAliveTimeout`, 65 s in
 * createAppServer, for clients that ignore the hint). A client that honours it has closed an idle
 * connection by then (fetch, undici: 2 s before; node's agent, given a timeout: 1 s before), so the
 * drain, which closes an idle connection only once it has been idle that long, never closes one
 * under a request that client is sending. 5 s fits inside the drain's timeout (8 s).
 */
export const KEEP_ALIVE_HINT_SECONDS = 5;

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
 * then on says `Connection: close`; an idle keep-alive connection is closed once idle as long as the
 * server told its client it may keep it, `KEEP_ALIVE_HINT_SECONDS`), cut what
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
  //
  // Every answer also says how long the client may keep the connection idle (KEEP_ALIVE_HINT_SECONDS,
  // never more than the server itself keeps one: node's default is 5 s), which is what lets the
  // drain wait for clients to let go of idle connections instead of closing them under a request
  // on its way (see stop()).
  const hintSeconds = server.keepAliveTimeout > 0 ? Math.min(KEEP_ALIVE_HINT_SECONDS, Math.floor(server.keepAliveTimeout / 1000)) : KEEP_ALIVE_HINT_SECONDS;
  const keepAliveHint = `timeout=${hintSeconds}`;
  let draining = false;
  type Connection = Socket & { [ANSWERING]?: ServerResponse; [IDLE_SINCE]?: { at: number; bytesRead: number } };
  const connections = new Set<Connection>();
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  const answering = () => {
    const answers: ServerResponse[] = [];
    for (const socket of connections) {
      const res = socket[ANSWERING];
      if (res && !res.writableFinished) answers.push(res);
    }
    return answers;
  };
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (draining) {
      res.setHeader('Connection', 'close');
      return;
    }
    (req.socket as Connection)[ANSWERING] = res;
    res.setHeader('Keep-Alive', keepAliveHint);
  });
  const idleFromNow = (socket: Connection) => {
    socket[IDLE_SINCE] = { at: Date.now(), bytesRead: socket.bytesRead };
  };
  // Closes the connections idle, with nothing read since, for as long as their clients were told
  // they may keep them: a client that honours the hint has let go of them by now.
  const closeLetGo = () => {
    const now = Date.now();
    for (const socket of connections) {
      const idle = socket[IDLE_SINCE];
      if (idle && socket.bytesRead === idle.bytesRead && now - idle.at >= hintSeconds * 1000) socket.destroy();
    }
  };

  const stop = () => {
    stopping ??= (async () => {
      options.onStart?.();
      logger.info('shutting down');
      draining = true;
      // Idle keep-alive connections stay open: a request a client sends down one is answered (with
      // `Connection: close`, and the connection closed after it). A server that closes an idle
      // connection races the client's next request on it, which no timing on this side avoids: a
      // request the client wrote before the close reached it is cut, a POST never retried (the
      // rolling restart's cut comments, fetch failed, when this closed idle ones after a 1 s grace).
      // So each is left to its client, which closes it within the keep-alive time every answer gave
      // it; only after that long idle does the drain close it, for clients that ignore the hint.
      // Answers already on their way at the drain say `Connection: close` too, or, their headers
      // gone out keep-alive, leave their connection idle from their end.
      for (const socket of connections) {
        if (upgraded.has(socket)) continue;
        const res = socket[ANSWERING];
        if (!res || res.writableFinished) idleFromNow(socket);
        else if (!res.headersSent) res.setHeader('Connection', 'close');
        else res.once('finish', () => idleFromNow(socket));
      }
      // net's close, not http's: http's also closes idle connections at once (node 19+).
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      const sweeper = setInterval(closeLetGo, 50);
      // Upgraded sockets get a moment for their owner to close them, then are ended.
      let cutUpgraded: ReturnType<typeof setTimeout> | undefined;
      const grace = Math.min(DRAIN_GRACE_MS, timeoutMs / 4);
      const afterGrace = setTimeout(() => {
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
