/**
 * FerretDB v1 applies an update by reading the document and writing all of it back, so two
 * concurrent updates of one document can lose one another (two viewers' `$inc viewCount`, events
 * of two streams for one user). Updates of one document are therefore queued one after another
 * within the process. MongoDB applies updates atomically and pays next to nothing for the queue;
 * replicas on FerretDB could still race, but FerretDB is the single-replica local backend.
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
