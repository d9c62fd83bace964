import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/db';
import { preparedWithInput } from '@/lib/platform/db/prepared';
import { useTestApi } from '../support/api-server';

useTestApi(); // the run's PostgreSQL

describe('preparedWithInput', () => {
  it('renders once and runs with each call\'s input, the constants kept', async () => {
    let builds = 0;
    const run = preparedWithInput<{ value: string; label: string }>((input) => {
      builds++;
      return sql`select ${input}::text as value, ${'constant'}::text as label`;
    });
    expect(builds).toBe(0); // nothing rendered at import
    expect(await run(db(), 'first')).toEqual([{ value: 'first', label: 'constant' }]);
    expect(await run(db(), 'second')).toEqual([{ value: 'second', label: 'constant' }]);
    expect(builds).toBe(1);
  });

  it('refuses a statement that does not use its input exactly once', async () => {
    const twice = preparedWithInput((input) => sql`select ${input}::text, ${input}::text`);
    await expect(twice(db(), 'x')).rejects.toThrow(/exactly once/);
    const never = preparedWithInput(() => sql`select 1`);
    await expect(never(db(), 'x')).rejects.toThrow(/exactly once/);
  });
});
