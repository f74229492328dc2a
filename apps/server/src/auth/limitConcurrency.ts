/**
 * Runs at most `limit` of the tasks given to it at once; the others wait, first come first served.
 * A task that fails frees its place like one that succeeds.
 */
export function limitConcurrency(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (running < limit) running++;
    // The place of a task that ends passes straight to the first one waiting (running stays as is).
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
