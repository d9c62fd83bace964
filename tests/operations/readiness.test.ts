import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Runner } from 'graphile-worker';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReadiness } from '@/lib/operations/readiness';
import { config, parseConfig, setConfig } from '@/lib/platform/config';
import { openDatabase, type OpenDatabase } from '@/lib/platform/database';
import { startWorker } from '@/lib/platform/jobs/worker';
import { pool } from '@/lib/platform/db';
import { readCredentials } from '@/lib/platform/postgres/credentials';
import { sample, startOperationsServer } from './support';

/**
 * The app's own embedded PostgreSQL, supervised as `npm start` runs it, is killed: /readyz says
 * 503 and which check failed while it is down, and 200 again once the supervisor has it back,
 * while /healthz answers 200 throughout.
 */
let dataDir: string;
const logLines: string[] = [];
let database: OpenDatabase;
let worker: Runner | undefined;
let operations: Awaited<ReturnType<typeof startOperationsServer>>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'collect-readiness-'));
  fs.chmodSync(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
  setConfig(parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  // The app's logger, writing into this test: what an operator would read at start.
  (globalThis as { __collectLogger?: unknown }).__collectLogger = pino({ level: 'info', base: undefined }, { write: (line: string) => void logLines.push(line) });
  database = await openDatabase(config());
  worker = await startWorker({ tasks: {} }); // the default concurrency, as server.ts starts it
  operations = await startOperationsServer();
}, 120_000);

afterAll(async () => {
  await operations?.stop();
  await worker?.stop();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  delete (globalThis as { __collectLogger?: unknown }).__collectLogger;
});

function postmasterPid(): number {
  const pgDir = readCredentials(dataDir)?.pgDir ?? path.join(dataDir, 'postgres');
  return Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

const get = async (what: string) => {
  const response = await fetch(`${operations.origin}${what}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, retryAfter: response.headers.get('retry-after') };
};

describe('starting the job worker', () => {
  it('logs no warning that the pool is smaller than the concurrency: graphile-worker has a pool of its own', () => {
    expect(logLines.filter((line) => line.includes('smaller than concurrency'))).toEqual([]);
  });

  it("holds only graphile-worker's own handful of connections in its pool, whatever its concurrency (40)", async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // a few idle polls and a heartbeat
    const { rows } = await pool().query<{ connections: number }>(
      "select count(*)::int as connections from pg_stat_activity where application_name = 'collect-jobs' and datname = current_database()",
    );
    console.log(`graphile-worker's pool holds ${rows[0]!.connections} connections idle`);
    expect(rows[0]!.connections).toBeGreaterThanOrEqual(1); // its LISTEN
    expect(rows[0]!.connections).toBeLessThanOrEqual(4);
  });
});

describe('/healthz and /readyz', () => {
  it('are 200 when the database answers, its migrations are applied and the worker runs', async () => {
    expect(await get('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await get('/readyz')).toMatchObject({
      status: 200,
      body: { status: 'ready', database: { ok: true }, migrations: { ok: true }, worker: { ok: true } },
    });
  });

  it('flips /readyz to 503 naming the database while PostgreSQL is down, and back to 200 after the restart', async () => {
    process.kill(postmasterPid(), 'SIGKILL');
    const seen: number[] = [];
    let down: Awaited<ReturnType<typeof get>> | undefined;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const answer = await get('/readyz');
      seen.push(answer.status);
      // The worker may notice first (its runner restarts too): wait for the database check itself to fail.
      if (answer.status === 503 && (answer.body.database as { ok: boolean }).ok === false) down ??= answer;
      if (down && answer.status === 200) break;
      expect(Date.now()).toBeLessThan(deadline);
      expect((await get('/healthz')).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(down).toMatchObject({ status: 503, retryAfter: '5', body: { status: 'not ready', database: { ok: false, detail: expect.any(String) } } });
    expect(seen.at(-1)).toBe(200);
    const metrics = await (await fetch(`${operations.origin}/metrics`)).text();
    expect(sample(metrics, 'collect_embedded_postgres_restarts_total')).toBe(1);
  });

  it('is not ready when the code ships a migration the database has not applied', async () => {
    const journalFile = path.join(dataDir, 'journal.json');
    const shipped = JSON.parse(fs.readFileSync(path.resolve('migrations/meta/_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
    shipped.entries.push({ when: Date.now() + 86_400_000, tag: '9999_from_the_future' });
    fs.writeFileSync(journalFile, JSON.stringify(shipped));
    const readiness = await checkReadiness({ journalFile });
    expect(readiness).toMatchObject({ ready: false, checks: { database: { ok: true }, migrations: { ok: false, detail: expect.stringContaining('9999_from_the_future') } } });
  });

  it('is not ready once the job worker has stopped', async () => {
    await worker!.stop();
    worker = undefined;
    expect(await get('/readyz')).toMatchObject({ status: 503, body: { worker: { ok: false, detail: 'the job worker is not running' } } });
  });
});
