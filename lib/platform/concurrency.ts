/**
 * At most `limit` tasks run at once; the others wait their turn, first come first served.
 *
 * The portal's pages go through one of these (server.ts). Under a burst of page loads, Next 16
 * keeps what every overlapping render touched alive long after the response (vercel/next.js
 * #84648, #94919): 50 simultaneous loads of the portal's pages held about 5,000 finished requests
 * and ran the server out of a 512 MiB heap (docs/benchmarks.md). Renders share one thread, so
 * running more than a few at once makes none of them faster; queued, the rest wait as a small
 * request object each instead of a render in progress.
 */
export function concurrencyLimit(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next(); // the slot passes straight to the next in line
    else running -= 1;
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < limit) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** Running and waiting now. */
    get state() {
      return { running, waiting: waiting.length };
    },
  };
}
