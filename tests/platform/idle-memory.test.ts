import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUIET_AFTER_MS, RETURN_AFTER_QUIET_MS, WORTH_RETURNING_BYTES, returnMemoryWhenIdle } from '@/lib/platform/idle-memory';

const MiB = 1024 * 1024;

/** A stand-in collector that records its calls; the heap "shrinks" to `after` when it runs a full collection. */
function fakeHeap(initial: number) {
  const heap = { size: initial, after: 40 * MiB, calls: [] as string[] };
  const gc = (options?: { type: 'minor' }) => {
    heap.calls.push(options?.type ?? 'full');
    if (!options) heap.size = heap.after;
  };
  return { heap, gc, heapSize: () => heap.size };
}

describe('returnMemoryWhenIdle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('marks the quiet with a young collection, then returns memory 5.5 s later', () => {
    const { heap, gc, heapSize } = fakeHeap(120 * MiB);
    const memory = returnMemoryWhenIdle({ gc, heapSize });
    memory.requestStarted();
    memory.requestEnded();
    vi.advanceTimersByTime(QUIET_AFTER_MS - 1);
    expect(heap.calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(heap.calls).toEqual(['minor']);
    vi.advanceTimersByTime(RETURN_AFTER_QUIET_MS);
    expect(heap.calls).toEqual(['minor', 'minor', 'full']);
    expect(memory.returns).toBe(1);
  });

  it('never collects while a request is being served, and a request cancels the wait', () => {
    const { heap, gc, heapSize } = fakeHeap(120 * MiB);
    const memory = returnMemoryWhenIdle({ gc, heapSize });
    memory.requestStarted();
    memory.requestStarted();
    memory.requestEnded(); // one still in flight
    vi.advanceTimersByTime(60_000);
    expect(heap.calls).toEqual([]);

    memory.requestEnded();
    vi.advanceTimersByTime(QUIET_AFTER_MS); // quiet marked
    memory.requestStarted(); // and broken before the return
    vi.advanceTimersByTime(60_000);
    expect(heap.calls).toEqual(['minor']);
    expect(memory.returns).toBe(0);

    memory.requestEnded();
    vi.advanceTimersByTime(QUIET_AFTER_MS + RETURN_AFTER_QUIET_MS);
    expect(memory.returns).toBe(1);
  });

  it('does not collect an idle server again until its heap has grown by 16 MiB', () => {
    const { heap, gc, heapSize } = fakeHeap(120 * MiB);
    const memory = returnMemoryWhenIdle({ gc, heapSize });
    const quietSpell = () => {
      memory.requestStarted();
      memory.requestEnded();
      vi.advanceTimersByTime(QUIET_AFTER_MS + RETURN_AFTER_QUIET_MS);
    };
    quietSpell();
    expect(memory.returns).toBe(1);
    heap.size = heap.after + WORTH_RETURNING_BYTES - 1;
    quietSpell();
    expect(memory.returns).toBe(1);
    expect(heap.calls).toEqual(['minor', 'minor', 'full']);
    heap.size = heap.after + WORTH_RETURNING_BYTES;
    quietSpell();
    expect(memory.returns).toBe(2);
  });

  it('returns the memory start-up took once the server is quiet after start', () => {
    const { gc, heapSize } = fakeHeap(90 * MiB);
    const memory = returnMemoryWhenIdle({ gc, heapSize });
    memory.started();
    vi.advanceTimersByTime(QUIET_AFTER_MS + RETURN_AFTER_QUIET_MS);
    expect(memory.returns).toBe(1);
  });

  it('does nothing when node runs without --expose-gc, and stop() cancels a pending return', () => {
    const without = returnMemoryWhenIdle({ gc: undefined, heapSize: () => 500 * MiB });
    without.started();
    vi.advanceTimersByTime(60_000);
    expect(without.returns).toBe(0);

    const { heap, gc, heapSize } = fakeHeap(120 * MiB);
    const memory = returnMemoryWhenIdle({ gc, heapSize });
    memory.started();
    memory.stop();
    vi.advanceTimersByTime(60_000);
    expect(heap.calls).toEqual([]);
  });
});

describe('returnMemoryWhenIdle with V8 itself', () => {
  /**
   * In a node of its own (--expose-gc): a burst grows the young generation to its maximum; 7.5 s
   * after the last "request" it must be back near its minimum and the old generation's garbage gone.
   */
  it('shrinks the young generation a burst grew, and frees the old generation', async () => {
    const script = `
      import { getHeapSpaceStatistics } from 'node:v8';
      import { returnMemoryWhenIdle } from ${JSON.stringify(path.resolve('lib/platform/idle-memory.ts'))};
      const space = (name) => getHeapSpaceStatistics().find((s) => s.space_name === name).physical_space_size;
      const memory = returnMemoryWhenIdle();
      memory.requestStarted();
      let kept = [];
      for (let round = 0; round < 200; round++) { const a = []; for (let i = 0; i < 20000; i++) a.push({ i, s: 'x' + i }); if (round % 10 === 0) kept.push(a); }
      const before = { young: space('new_space'), old: space('old_space') };
      kept = null;
      memory.requestEnded();
      // An idle server still allocates a little (timers, the job worker's polls).
      const ticker = setInterval(() => { globalThis.crumbs = Array.from({ length: 100 }, (_, i) => ({ i })); }, 50);
      setTimeout(() => {
        clearInterval(ticker);
        console.log(JSON.stringify({ before, after: { young: space('new_space'), old: space('old_space') }, returns: memory.returns }));
      }, ${QUIET_AFTER_MS + RETURN_AFTER_QUIET_MS + 500});
    `;
    const folder = await mkdtemp(path.join(os.tmpdir(), 'idle-memory-'));
    const file = path.join(folder, 'burst.mjs');
    await writeFile(file, script);
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', file], { cwd: process.cwd() }).finally(() =>
      rm(folder, { recursive: true, force: true }),
    );
    const { before, after, returns } = JSON.parse(stdout) as { before: Record<string, number>; after: Record<string, number>; returns: number };
    expect(returns).toBe(1);
    expect(before.young).toBeGreaterThanOrEqual(16 * MiB);
    expect(after.young).toBeLessThanOrEqual(2 * MiB);
    expect(after.old).toBeLessThan(before.old / 2);
  }, 30_000);
});
