/*
 * Group commit: calls that arrive while a batch is being written wait and go together in the next
 * one, so a process makes one database write per batch instead of one per call, and no call waits
 * on a timer (a lone call goes at once). A burst of N calls costs about two writes of latency.
 */

export interface GroupCommit<I, O> {
  /** Queues one item; resolves with its own result, or rejects with its own error. */
  add(item: I): Promise<O>;
}

/**
 * `writeBatch` gets the queued items (at most `maxBatch`) and returns one outcome per item, in
 * order: its result or the Error that item failed with. If it throws, every item of the batch
 * fails with that error.
 */
export function createGroupCommit<I, O>(
  writeBatch: (items: I[]) => Promise<Array<O | Error>>,
  maxBatch = 500,
): GroupCommit<I, O> {
  let queue: Array<{ item: I; resolve: (value: O) => void; reject: (err: unknown) => void }> = [];
  let writing = false;

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
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
    writing = false;
  }

  return {
    add(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (!writing) {
          writing = true;
          // Whatever else this turn of the event loop brings (other sockets' reads) joins the batch.
          setImmediate(() => void drain());
        }
      });
    },
  };
}
