import { getHeapStatistics, setFlagsFromString } from 'node:v8';

/** How long the server must have served nothing before it starts giving memory back. */
export const QUIET_AFTER_MS = 2_000;
/**
 * V8 shrinks its young generation at a collection only if less than 1 kB/ms was allocated over the
 * last 5 s, counted from the collection before: so the quiet is first marked by a young collection
 * (milliseconds), and the one that returns memory comes 5.5 s later.
 */
export const RETURN_AFTER_QUIET_MS = 5_500;
/** Heap grown by less than this since the last return is not worth collecting for. */
export const WORTH_RETURNING_BYTES = 16 * 1024 * 1024;

type Collect = (options?: { type: 'minor' }) => void;

export interface IdleMemoryOptions {
  /** V8's collector (`globalThis.gc`, there when node runs with --expose-gc); without it nothing is done. */
  gc?: Collect;
  /** The heap's committed size in bytes (V8's total_heap_size). */
  heapSize?: () => number;
}

/**
 * A full collection that also compacts: moves the survivors of a fragmented old generation
 * together so that its emptied pages go back to the system. V8 compacts on its own only past a
 * fragmentation threshold (or in its memory reducer, much later); after the portal benchmark the
 * old generation held 117 MiB of pages for 85 MiB of objects. The flag is one V8 reads at each full
 * collection; it is set for this one only. Should this node refuse flags at run time, the
 * collection still runs, uncompacted.
 */
function compactingCollection(gc: Collect): void {
  let compacting = false;
  try {
    setFlagsFromString('--compact-on-every-full-gc');
    compacting = true;
  } catch {
    // collect without compacting
  }
  try {
    gc(); // full: node 20's V8 reads { type: 'major' } as a young collection
  } finally {
    if (compacting) setFlagsFromString('--no-compact-on-every-full-gc');
  }
}

/**
 * Gives the heap back to the machine once the server falls quiet.
 *
 * Under load V8 grows its young generation to 32 MiB and its old one to what the burst needed, and
 * keeps both long after: measured, the server held 261 MiB resident for 25 s after the portal
 * benchmark, and 148 MiB idle after start (a young generation grown to 29 MiB by start-up), until
 * V8's own memory reducer acted, which waits for its allocation statistics to show a quiet heap:
 * 20–30 s after a burst, and after start perhaps never. Here, 7.5 s after the last request ended, a
 * young collection shrinks the young generation to 1 MiB and a compacting full one returns the old
 * generation's garbage: 165–175 MiB 12 s after the benchmark, 118–127 idle after start. Only when
 * the heap grew by 16 MiB since the last return, and only after requests (or start): an idle
 * server is not collected again and again, and a busy one never, as a request arriving cancels the
 * wait. The collections take a few to a few tens of milliseconds of the one thread, once per quiet
 * spell (docs/benchmarks.md, "Memory and start").
 */
export function returnMemoryWhenIdle(options: IdleMemoryOptions = {}) {
  const gc = options.gc ?? (globalThis as { gc?: Collect }).gc;
  const heapSize = options.heapSize ?? (() => getHeapStatistics().total_heap_size);

  let inFlight = 0;
  let timer: NodeJS.Timeout | undefined;
  let heapAfterLastReturn = 0;
  let returns = 0;

  const later = (step: () => void, ms: number) => {
    timer = setTimeout(step, ms);
    timer.unref(); // never what keeps the process alive
  };
  const stillQuietAndWorthIt = () => inFlight === 0 && heapSize() - heapAfterLastReturn >= WORTH_RETURNING_BYTES;
  const giveBack = (collect: Collect) => {
    timer = undefined;
    if (!stillQuietAndWorthIt()) return;
    collect({ type: 'minor' });
    compactingCollection(collect);
    heapAfterLastReturn = heapSize();
    returns += 1;
  };
  const markQuiet = (collect: Collect) => {
    timer = undefined;
    if (!stillQuietAndWorthIt()) return;
    collect({ type: 'minor' });
    later(() => giveBack(collect), RETURN_AFTER_QUIET_MS);
  };
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const waitForQuiet = () => {
    if (!gc) return; // node without --expose-gc: left to V8
    cancel();
    later(() => markQuiet(gc), QUIET_AFTER_MS);
  };

  return {
    /** A request began: no collection while any is being served. */
    requestStarted(): void {
      inFlight += 1;
      cancel();
    },
    /** A request ended (answered or abandoned); call exactly once per requestStarted. */
    requestEnded(): void {
      inFlight = Math.max(0, inFlight - 1);
      if (inFlight === 0) waitForQuiet();
    },
    /** Start-up grew the heap too: the first quiet spell after it is one to return memory in. */
    started: waitForQuiet,
    stop: cancel,
    /** How many times memory was given back (tests). */
    get returns() {
      return returns;
    },
  };
}
