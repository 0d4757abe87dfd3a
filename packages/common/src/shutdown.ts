import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from './logger';

/** How long an upgraded socket's owner has to close it by itself once the drain starts. */
const UPGRADED_GRACE_MS = 1000;

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
 * Graceful stop on SIGTERM/SIGINT: stop accepting, let in-flight requests finish (idle keep-alive
 * sockets are closed at once), cut what remains after the timeout, then close dependencies in order,
 * each within the timeout too. Exits within `timeoutMs` per step, well inside Kubernetes' 30 s grace
 * period. Upgraded sockets (WebSockets) never finish by themselves: their owner gets a moment to
 * close them cleanly (chat's socket.io sends each a close frame on SIGTERM), then what is left is
 * ended, so clients reconnect to another replica at once (the service behind a proxied one sees it
 * end too), and destroyed with the rest at the timeout.
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

  const stop = () => {
    stopping ??= (async () => {
      options.onStart?.();
      logger.info('shutting down');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Connections that finish their last request while draining become idle; sweep them so a
      // client's keep-alive never holds the process open.
      server.closeIdleConnections();
      const endUpgraded = setTimeout(() => {
        for (const socket of upgraded) socket.end();
      }, Math.min(UPGRADED_GRACE_MS, timeoutMs / 4));
      const sweeper = setInterval(() => server.closeIdleConnections(), 50);
      const timer = setTimeout(() => {
        logger.warn('drain timeout reached, closing remaining connections');
        server.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
      }, timeoutMs);
      timer.unref();
      await closed;
      clearTimeout(timer);
      clearTimeout(endUpgraded);
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
