import { describe, expect, it } from 'vitest';
import { grouped } from '@/lib/platform/grouped';

/** A `run` whose calls are held until released, recording the groups it was given. */
function heldRun(fail: (input: number) => boolean = () => false) {
  const groups: number[][] = [];
  const releases: (() => void)[] = [];
  const run = (inputs: number[]) => {
    groups.push(inputs);
    return new Promise<number[]>((resolve, reject) => {
      releases.push(() => (inputs.some(fail) ? reject(new Error(`bad input in ${inputs.join(',')}`)) : resolve(inputs.map((input) => input * 10))));
    });
  };
  const releaseAll = async () => {
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { run, groups, releaseAll };
}

describe('grouped', () => {
  it('serves an idle caller at once, and groups the callers that arrive meanwhile', async () => {
    const { run, groups, releaseAll } = heldRun();
    const call = grouped(run, { maxSize: 10, concurrency: 1 });
    const first = call(1);
    expect(groups).toEqual([[1]]);
    const rest = [call(2), call(3), call(4)];
    await releaseAll();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40]);
    expect(groups).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps groups within maxSize and calls within concurrency', async () => {
    const { run, groups, releaseAll } = heldRun();
    const call = grouped(run, { maxSize: 2, concurrency: 2 });
    const calls = [1, 2, 3, 4, 5, 6].map((input) => call(input));
    expect(groups).toEqual([[1], [2]]);
    await releaseAll();
    expect(await Promise.all(calls)).toEqual([10, 20, 30, 40, 50, 60]);
    expect(groups.slice(2).flat().sort()).toEqual([3, 4, 5, 6]);
    expect(Math.max(...groups.map((group) => group.length))).toBe(2);
  });

  it('runs a failed group one by one, so only the bad input fails its caller', async () => {
    const { run, groups, releaseAll } = heldRun((input) => input === 3);
    const call = grouped(run, { maxSize: 10, concurrency: 1 });
    const first = call(1);
    const rest = [2, 3, 4].map((input) => call(input).then((value) => value, (error: Error) => error.message));
    await releaseAll();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 'bad input in 3', 40]);
    expect(groups).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });
});
