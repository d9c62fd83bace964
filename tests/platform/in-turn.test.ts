import type { JobHelpers } from 'graphile-worker';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { inTurn } from '@/lib/platform/jobs/in-turn';
import { crontab, SCHEDULED_SWEEPS_TASK, tasks } from '@/lib/service/tasks';

const helpers = {} as JobHelpers;
const logged = globalThis as { __collectLogger?: unknown };

afterEach(() => delete logged.__collectLogger);

describe('inTurn', () => {
  it('runs the tasks one after another, never two at once, in the order given', async () => {
    const log: string[] = [];
    let running = 0;
    const task = (name: string) => async () => {
      running += 1;
      log.push(`${name} starts with ${running} running`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
    };
    await inTurn({ a: task('a'), b: task('b'), c: task('c') })({}, helpers);
    expect(log).toEqual(['a starts with 1 running', 'b starts with 1 running', 'c starts with 1 running']);
  });

  it('runs the rest when one fails, logs the failure by name, and succeeds: the next tick is the failed one\'s retry', async () => {
    const lines: string[] = [];
    logged.__collectLogger = pino({ level: 'info', base: undefined }, { write: (line: string) => void lines.push(line) });
    const ran: string[] = [];
    const sweeps = inTurn({
      first: async () => void ran.push('first'),
      broken: async () => {
        ran.push('broken');
        throw new Error('the database went away');
      },
      last: async () => void ran.push('last'),
    });
    await expect(sweeps({}, helpers)).resolves.toBeUndefined();
    expect(ran).toEqual(['first', 'broken', 'last']);
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ sweep: 'broken', msg: 'a scheduled sweep failed; the next tick runs it again', err: expect.objectContaining({ message: 'the database went away' }) }),
    ]);
  });
});

describe('the scheduled sweeps', () => {
  it('are one crontab line, whose task runs each sweep; the sweeps stay tasks under their former names', () => {
    expect(crontab.split('\n')).toEqual([`* * * * * ${SCHEDULED_SWEEPS_TASK}`]);
    expect(tasks[SCHEDULED_SWEEPS_TASK]).toBeTypeOf('function');
    for (const name of ['webhooks:sweep', 'bills:expire', 'reversals:sweep', 'rails:recover']) expect(tasks[name]).toBeTypeOf('function');
  });
});
