import type { Server } from 'node:http';
import type { Logger } from './logger';

export type Closer = { name: string; close: () => Promise<unknown> };

/**
 * Graceful stop on SIGTERM/SIGINT: stop accepting, let in-flight requests finish (idle keep-alive
 * sockets are closed at once), cut what remains after the timeout, then close dependencies in order,
 * each within the timeout too. Exits within `timeoutMs` per step, well inside Kubernetes' 30 s grace
 * period.
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

  const stop = () => {
    stopping ??= (async () => {
      options.onStart?.();
      logger.info('shutting down');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Connections that finish their last request while draining become idle; sweep them so a
      // client's keep-alive never holds the process open.
      server.closeIdleConnections();
      const sweeper = setInterval(() => server.closeIdleConnections(), 50);
      const timer = setTimeout(() => {
        logger.warn('drain timeout reached, closing remaining connections');
        server.closeAllConnections();
      }, timeoutMs);
      timer.unref();
      await closed;
      clearTimeout(timer);
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
