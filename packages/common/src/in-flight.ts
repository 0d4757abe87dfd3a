/**
 * Work still running that a stop has to wait for (an outbox's publishes, presence's writes), counted
 * rather than kept: a long-lived set of the promises themselves, added to and deleted from on every
 * write, made V8 carry each one and what it holds through the young generation's collections, and
 * cost the identity hash of every promise. Measured in a loop of 50 awaited operations: a set of
 * them ran at a third of the rate of a count (the same pattern for the HTTP answers in progress,
 * `shutdown.ts`, copied 6–15 MB per scavenge under load; bench/README.md, search).
 */
export interface InFlight {
  /** Counts `work` until it settles; returns it. */
  track<T>(work: Promise<T>): Promise<T>;
  /** Resolves once nothing tracked is running (at once when nothing is). */
  settled(): Promise<void>;
  readonly size: number;
}

export function createInFlight(): InFlight {
  let size = 0;
  let waiters: Array<() => void> = [];
  const done = () => {
    size -= 1;
    if (size > 0 || waiters.length === 0) return;
    const wake = waiters;
    waiters = [];
    for (const resolve of wake) resolve();
  };
  return {
    track(work) {
      size += 1;
      work.then(done, done);
      return work;
    },
    settled() {
      return size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve));
    },
    get size() {
      return size;
    },
  };
}
