/**
 * Runs the work of one key one after another within this process. It orders a process's own
 * writes; across processes it is not enough, and every document write goes through
 * `withDocumentLock` (data/document-lock.ts), which queues here first and then takes a Redis lease.
 */
const queues = new Map<string, Promise<void>>();

export function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const next = previous.then(work);
  // The queue's own promise never rejects: a failure belongs to this caller (via `next`) and must
  // not also surface as an unhandled rejection, which would stop the service.
  const settled: Promise<void> = next
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
  queues.set(key, settled);
  return next;
}
