/**
 * Group commit for one kind of write: each call hands in one item and gets its own result, but items
 * that arrive while earlier groups are being written go to the database together, as one statement
 * and one commit. A lone write goes at once (no timer, no added wait); under load, each statement
 * carries what queued meanwhile, so the round trip, the statement's start, the commit's WAL flush and
 * the tables' NOTIFY are paid once per group instead of once per request.
 *
 * `write` takes a group in arrival order and answers one result per item, in the same order. When it
 * throws for a group of several, the error is every item's, unless `retryAlone` says the failed write
 * wrote nothing (the database refused the statement): then each item is written again alone, so that
 * one bad item (a user deleted meanwhile, say) fails by itself and the others are written. A write
 * that may have committed (the connection lost on the way back) is never repeated: nothing doubled.
 *
 * Written here rather than taken from a library: DataLoader groups what one tick asks for and caches
 * by key, and queues (p-queue) run items one by one; neither groups "whatever came while the last
 * group was in flight", which is what amortises a commit without delaying anyone.
 */
export interface WriteBatcherOptions<I> {
  /** Most items in one group (the statement's arrays). */
  maxGroup?: number;
  /** Most groups in flight at once; more items wait and go together in the next. */
  maxInFlight?: number;
  /** True for an error after which the group is known to be unwritten, so each item may go again alone. */
  retryAlone?: (error: unknown) => boolean;
  /**
   * Items with the same key never share a group (one statement may not change a row twice): a later one
   * waits for a later group, the others keep their order.
   */
  keyOf?: (item: I) => string;
}

interface Pending<I, O> {
  item: I;
  resolve: (result: O) => void;
  reject: (error: unknown) => void;
}

export function writeBatcher<I, O>(
  write: (items: I[]) => Promise<O[]>,
  { maxGroup = 64, maxInFlight = 2, retryAlone = () => false, keyOf }: WriteBatcherOptions<I> = {},
): (item: I) => Promise<O> {
  const queue: Pending<I, O>[] = [];
  let inFlight = 0;

  async function writeGroup(group: Pending<I, O>[]): Promise<void> {
    let results: O[];
    try {
      results = await write(group.map((p) => p.item));
    } catch (error) {
      if (group.length > 1 && retryAlone(error)) {
        for (const pending of group) await writeGroup([pending]);
      } else {
        for (const pending of group) pending.reject(error);
      }
      return;
    }
    // Written, but not answered as asked: never written again, each caller told.
    if (results.length !== group.length) {
      const error = new Error(`writeBatcher: ${results.length} results for ${group.length} items`);
      for (const pending of group) pending.reject(error);
      return;
    }
    for (const [i, pending] of group.entries()) pending.resolve(results[i] as O);
  }

  /** The next group: the first items of the queue, none with the key of one before it. */
  function takeGroup(): Pending<I, O>[] {
    if (!keyOf) return queue.splice(0, maxGroup);
    const group: Pending<I, O>[] = [];
    const keys = new Set<string>();
    const left: Pending<I, O>[] = [];
    for (const pending of queue) {
      const key = keyOf(pending.item);
      if (group.length < maxGroup && !keys.has(key)) {
        keys.add(key);
        group.push(pending);
      } else {
        left.push(pending);
      }
    }
    queue.splice(0, queue.length, ...left);
    return group;
  }

  function pump(): void {
    while (inFlight < maxInFlight && queue.length > 0) {
      const group = takeGroup();
      inFlight += 1;
      void writeGroup(group).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      pump();
    });
}

/**
 * A writeBatcher for each database handle (a test's, the app's): `write` is given its handle and a group.
 * Groups never mix handles, and a handle's batcher goes with it.
 */
export function writeBatcherPerHandle<H extends object, I, O>(
  write: (handle: H, items: I[]) => Promise<O[]>,
  options: WriteBatcherOptions<I> = {},
): (handle: H, item: I) => Promise<O> {
  const byHandle = new WeakMap<H, (item: I) => Promise<O>>();
  return (handle, item) => {
    let add = byHandle.get(handle);
    if (!add) {
      add = writeBatcher((items: I[]) => write(handle, items), options);
      byHandle.set(handle, add);
    }
    return add(item);
  };
}
