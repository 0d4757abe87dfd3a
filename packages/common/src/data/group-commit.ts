/*
 * Group commit: calls that arrive while batches are being written wait and go together in the next
 * one, so a process makes one database write per batch instead of one per call. With `maxInFlight`
 * above 1, that many batches may be written at once: a call that arrives while one is in flight
 * goes at once instead of waiting for it, which at low load takes the wait for the previous write
 * out of every call's latency (under load every writer is busy and the batches grow as before).
 *
 * With `lingerMs`, a call that finds a writer free but came less than `lingerMs` after the call
 * before it (calls are coming steadily) waits up to `lingerMs` for others to join its batch, as
 * PostgreSQL's `commit_delay` does: at a few hundred calls a second a database write costs about
 * the same CPU whatever its size, so batches of two or three instead of one halve that cost for a
 * few milliseconds of latency. A lone call (none in the last `lingerMs`) goes at once.
 */

export interface GroupCommit<I, O> {
  /** Queues one item; resolves with its own result, or rejects with its own error. */
  add(item: I): Promise<O>;
}

export interface GroupCommitOptions {
  /** Items in one batch at most (default 500). */
  maxBatch?: number;
  /** Batches written at once (default 1). */
  maxInFlight?: number;
  /** How long a call that follows another within this time waits for company (default 0: never). */
  lingerMs?: number;
}

/**
 * `writeBatch` gets the queued items (at most `maxBatch`) and returns one outcome per item, in
 * order: its result or the Error that item failed with. If it throws, every item of the batch
 * fails with that error. Items of one batch are written together; batches written at once (with
 * `maxInFlight` > 1) may finish in any order, so callers that need an order between two items wait
 * for the first before adding the second.
 */
export function createGroupCommit<I, O>(
  writeBatch: (items: I[]) => Promise<Array<O | Error>>,
  { maxBatch = 500, maxInFlight = 1, lingerMs = 0 }: GroupCommitOptions = {},
): GroupCommit<I, O> {
  let queue: Array<{ item: I; resolve: (value: O) => void; reject: (err: unknown) => void }> = [];
  let inFlight = 0;
  let scheduled: { cancel(): void } | null = null;
  let lastAddAt = -Infinity;

  async function write(batch: typeof queue): Promise<void> {
    try {
      const outcomes = await writeBatch(batch.map((entry) => entry.item));
      batch.forEach((entry, i) => {
        const outcome = outcomes[i];
        if (outcome instanceof Error) entry.reject(outcome);
        else entry.resolve(outcome as O);
      });
    } catch (err) {
      for (const entry of batch) entry.reject(err);
    }
  }

  /** Starts batches while a writer is free and items wait. */
  function pump(): void {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      inFlight += 1;
      void write(batch).finally(() => {
        inFlight -= 1;
        // Items queued while every writer was busy go now; one lingering for company keeps its timer.
        if (!scheduled) pump();
      });
    }
  }

  /** Starts the queued batches (called at the next turn of the loop, or once a call's linger is over). */
  function start(): void {
    scheduled = null;
    pump();
  }

  return {
    add(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        const now = performance.now();
        const steady = now - lastAddAt < lingerMs;
        lastAddAt = now;
        if (inFlight >= maxInFlight) return; // a writer's end starts the next batch
        if (scheduled && queue.length >= maxBatch) {
          scheduled.cancel(); // full: no reason to wait longer
          start();
        } else if (!scheduled && steady) {
          const timer = setTimeout(start, lingerMs);
          scheduled = { cancel: () => clearTimeout(timer) };
        } else if (!scheduled) {
          const immediate = setImmediate(start);
          scheduled = { cancel: () => clearImmediate(immediate) };
        }
      });
    },
  };
}
