/*
 * Group commit: calls that arrive while batches are being written wait and go together in the next
 * one, so a process makes one database write per batch instead of one per call, and no call waits
 * on a timer (a lone call goes at once). With `maxInFlight` above 1, that many batches may be
 * written at once: a call that arrives while one is in flight goes at once instead of waiting for
 * it, which at low load takes the wait for the previous write out of every call's latency (under
 * load every writer is busy and the batches grow as before).
 */

export interface GroupCommit<I, O> {
  /** Queues one item; resolves with its own result, or rejects with its own error. */
  add(item: I): Promise<O>;
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
  maxBatch = 500,
  maxInFlight = 1,
): GroupCommit<I, O> {
  let queue: Array<{ item: I; resolve: (value: O) => void; reject: (err: unknown) => void }> = [];
  let inFlight = 0;
  let scheduled = false;

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
        pump();
      });
    }
  }

  return {
    add(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (inFlight < maxInFlight && !scheduled) {
          scheduled = true;
          // Whatever else this turn of the event loop brings (other sockets' reads) joins the batch.
          setImmediate(() => {
            scheduled = false;
            pump();
          });
        }
      });
    },
  };
}
