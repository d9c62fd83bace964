import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closePool, db, useDatabaseUrl } from '@/lib/platform/db';
import { createMonthlyPartitions } from '@/lib/platform/db/partitions';
import { parseConfig, setConfig } from '@/lib/platform/config';
import { tasks } from '@/lib/service/tasks';

beforeAll(() => {
  setConfig(parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: inject('testDataDir') }));
  useDatabaseUrl(inject('databaseUrl'));
});
afterAll(() => closePool());

const TABLES = ['balance_entries', 'events', 'payments', 'webhook_attempts'];
const month = (year: number, month: number) => `${year}_${String(month).padStart(2, '0')}`;

async function storageOf(name: string) {
  const { rows } = await db().execute<{ options: string[] | null }>(sql`select reloptions as options from pg_class where relname = ${name}`);
  return rows[0]?.options ?? null;
}

async function indexCount(table: string) {
  const { rows } = await db().execute<{ count: number }>(sql`select count(*)::int as count from pg_index where indrelid = ${table}::regclass`);
  return rows[0]!.count;
}

describe('the job that makes the coming months\' partitions', () => {
  it('makes the current month and the months ahead once, even from two instances at the same time', async () => {
    const now = new Date('2031-03-10T08:00:00Z');
    const [first, second] = await Promise.all([createMonthlyPartitions({ now, monthsAhead: 2 }), createMonthlyPartitions({ now, monthsAhead: 2 })]);
    const expected = TABLES.flatMap((table) => [month(2031, 3), month(2031, 4), month(2031, 5)].map((at) => `${table}_p${at}`));
    expect([...first!, ...second!].sort()).toEqual(expected.sort());
    expect(await createMonthlyPartitions({ now, monthsAhead: 2 })).toEqual([]);
  });

  it('gives payments\' partitions fillfactor 50 (room for settlement\'s HOT update), and each partition its table\'s indexes', async () => {
    await createMonthlyPartitions({ now: new Date('2032-07-01T00:00:00Z'), monthsAhead: 0 });
    expect(await storageOf(`payments_p${month(2032, 7)}`)).toEqual(['fillfactor=50']);
    expect(await storageOf(`events_p${month(2032, 7)}`)).toBeNull();
    for (const table of TABLES) expect(await indexCount(`${table}_p${month(2032, 7)}`)).toBe(await indexCount(table));
  });

  it('gives a partition the month its name says, on UTC month boundaries', async () => {
    await createMonthlyPartitions({ now: new Date('2033-01-31T23:30:00Z'), monthsAhead: 0 });
    const { rows } = await db().execute<{ bound: string }>(sql`select pg_get_expr(relpartbound, oid) as bound from pg_class where relname = ${`payments_p${month(2033, 1)}`}`);
    expect(rows[0]!.bound).toBe("FOR VALUES FROM ('2033-01-01 00:00:00+00') TO ('2033-02-01 00:00:00+00')");
  });

  it('gives up rather than queue every query behind it while a long read holds the default partition, and makes it on a later tick', async () => {
    const reader = new pg.Client({ connectionString: inject('databaseUrl') });
    await reader.connect();
    try {
      await reader.query('begin');
      await reader.query('lock table payments_default in access share mode');
      const started = Date.now();
      const made = await createMonthlyPartitions({ now: new Date('2034-05-05T00:00:00Z'), monthsAhead: 0 });
      expect(made).not.toContain(`payments_p${month(2034, 5)}`);
      expect(Date.now() - started).toBeLessThan(20_000);
      await reader.query('commit');
      expect(await createMonthlyPartitions({ now: new Date('2034-05-05T00:00:00Z'), monthsAhead: 0 })).toEqual([`payments_p${month(2034, 5)}`]);
    } finally {
      await reader.end();
    }
  });

  it('runs with the scheduled sweeps of every minute', () => {
    expect(tasks['partitions:extend']).toBeTypeOf('function');
  });
});
