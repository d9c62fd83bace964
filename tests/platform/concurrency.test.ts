import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from '@/lib/platform/concurrency';

/** A task that runs until the test lets it finish, and says when it started. */
function controlled(started: number[], id: number) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: async () => (started.push(id), await done, id), finish };
}

describe('concurrencyLimit', () => {
  it('runs at most `limit` tasks at once and the rest in the order they came', async () => {
    const limit = concurrencyLimit(2);
    const started: number[] = [];
    const tasks = [1, 2, 3, 4].map((id) => controlled(started, id));
    const results = tasks.map(({ task }) => limit.run(task));
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    expect(limit.state).toEqual({ running: 2, waiting: 2 });

    tasks[1]!.finish();
    await results[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2, 3]);
    expect(limit.state).toEqual({ running: 2, waiting: 1 });

    for (const { finish } of tasks) finish();
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4]);
    expect(limit.state).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a task that failed', async () => {
    const limit = concurrencyLimit(1);
    await expect(limit.run(() => Promise.reject(new Error('render failed')))).rejects.toThrow('render failed');
    expect(await limit.run(async () => 'next')).toBe('next');
    expect(limit.state).toEqual({ running: 0, waiting: 0 });
  });
});
