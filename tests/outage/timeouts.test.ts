import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseConfig, setConfig } from '@/lib/platform/config';
import { closePool, db, pool, useDatabaseUrl, withStatementTimeout, type Queryable } from '@/lib/platform/db';
import { isDatabaseUnavailable } from '@/lib/platform/db/errors';
import { timeoutOptions } from '@/lib/platform/db/timeouts';

/**
 * The pools' timeouts against the run's real PostgreSQL. One connection in the pool, so that "the
 * next caller" gets the very connection the previous one used. A hung server is one backend stopped
 * with SIGSTOP: it keeps its socket open and never answers.
 */
const CONNECT_MS = 500;
const QUERY_MS = 700;
const CLIENT_GRACE_MS = 100;
const table = `timeouts_probe_${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  setConfig(parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: inject('testDataDir') }));
  useDatabaseUrl(inject('databaseUrl'), 1, { connectMs: CONNECT_MS, queryMs: QUERY_MS });
  await db().execute(sql.raw(`create table ${table} (id int not null)`));
});

afterAll(async () => {
  await db().execute(sql.raw(`drop table if exists ${table}`));
  await closePool();
});

const backendPid = async (queryable: Queryable) =>
  Number(((await queryable.execute(sql`select pg_backend_pid() as pid`)).rows[0] as { pid: number }).pid);

/** Stops one backend (a server that hangs); the returned function lets it run again. */
function freeze(pid: number): () => void {
  process.kill(pid, 'SIGSTOP');
  return () => process.kill(pid, 'SIGCONT');
}

async function failureOf(work: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  return { error, ms: Date.now() - started };
}

describe('the database pools\' timeouts', () => {
  it('cancels a statement that runs longer than the query timeout and answers it as "database unavailable"', async () => {
    const { error, ms } = await failureOf(db().execute(sql`select pg_sleep(3)`));
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(ms).toBeLessThan(QUERY_MS + CLIENT_GRACE_MS + 500);
    expect((await db().execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });

  it('lets an operation long by nature take longer, then gives the connection its default back', async () => {
    await withStatementTimeout(5_000, () => db().execute(sql`select pg_sleep(1.2)`));
    await db().transaction((tx) => withStatementTimeout(5_000, () => tx.execute(sql`select pg_sleep(1.2)`)));
    expect((await db().execute(sql`show statement_timeout`)).rows).toEqual([{ statement_timeout: `${QUERY_MS}ms` }]);
    expect(isDatabaseUnavailable((await failureOf(db().execute(sql`select pg_sleep(3)`))).error)).toBe(true);
  });

  it('answers a caller whose server stops answering mid-transaction within the timeout, and never commits half of that transaction with the next caller\'s', async () => {
    let thaw: (() => void) | undefined;
    const { error, ms } = await failureOf(
      db().transaction(async (tx) => {
        await tx.execute(sql.raw(`insert into ${table} values (1)`));
        thaw = freeze(await backendPid(tx));
        await tx.execute(sql.raw(`insert into ${table} values (2)`));
      }),
    );
    thaw!();
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(ms).toBeLessThan(QUERY_MS + CLIENT_GRACE_MS + 500);

    await db().transaction((tx) => tx.execute(sql.raw(`insert into ${table} values (3)`)));
    expect((await db().execute(sql.raw(`select id from ${table} order by id`))).rows).toEqual([{ id: 3 }]);
  });

  it('gives the pool its connection back when the server stops answering at BEGIN', async () => {
    const thaw = freeze(await backendPid(db()));
    const { error } = await failureOf(db().transaction((tx) => tx.execute(sql`select 1`)));
    thaw();
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The pool's one connection is free again: without that, this waits for it and times out.
    expect((await db().execute(sql`select 2 as two`)).rows).toEqual([{ two: 2 }]);
    expect(pool().totalCount).toBeLessThanOrEqual(1);
  });

  it('answers "database unavailable" within the connect timeout when the server accepts connections and never speaks', async () => {
    const silent = net.createServer(() => undefined); // accepts, then says nothing: a stopped postmaster
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const hung = new pg.Pool({ connectionString: `postgres://collect:x@127.0.0.1:${(silent.address() as net.AddressInfo).port}/collect`, max: 1, ...timeoutOptions({ connectMs: CONNECT_MS, queryMs: QUERY_MS, longQueryMs: 5_000 }) });
    hung.on('error', () => undefined);
    try {
      const first = await failureOf(hung.query('select 1'));
      const second = await failureOf(hung.query('select 1'));
      for (const { error, ms } of [first, second]) {
        expect(isDatabaseUnavailable(error)).toBe(true);
        expect(ms).toBeLessThan(CONNECT_MS + 500);
      }
    } finally {
      await hung.end();
      silent.close();
    }
  });
});
