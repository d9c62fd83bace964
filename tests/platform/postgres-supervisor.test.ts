import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type RunningPostgres } from '@/lib/platform/postgres/embedded';
import { isAlive } from '@/lib/platform/postgres/processes';
import { restartDelay } from '@/lib/platform/postgres/supervisor';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function supervised(): Promise<{ running: RunningPostgres; pgDir: string; events: [string, string][] }> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'collect-supervisor-'));
  fs.chmodSync(base, 0o755);
  const dataDir = path.join(base, 'data');
  const events: [string, string][] = [];
  const running = await startEmbeddedPostgres({ dataDir, supervise: { onEvent: (level, message) => void events.push([level, message]) } });
  cleanups.push(async () => {
    await running.stop();
    fs.rmSync(base, { recursive: true, force: true });
  });
  const stored = JSON.parse(fs.readFileSync(path.join(dataDir, 'postgres.json'), 'utf8')) as { pgDir?: string };
  return { running, pgDir: stored.pgDir ?? path.join(dataDir, 'postgres'), events };
}

const postmasterOf = (pgDir: string) => Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.query(text)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

async function until<T>(probe: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await probe();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe('the supervised embedded PostgreSQL', () => {
  it('is restarted on the same port, credentials and data after a SIGKILL, and says so', async () => {
    const { running, pgDir, events } = await supervised();
    await query(running.url, 'create table kept (value text); insert into kept values (\'before the crash\')');
    const first = postmasterOf(pgDir);
    const killedAt = Date.now();
    process.kill(first, 'SIGKILL');

    const rows = await until(() => query(running.url, 'select value from kept'), 10_000);
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    await until(async () => {
      if (events.at(-1)?.[0] !== 'info') throw new Error('not reported yet');
    }, 2_000);
    expect(rows).toEqual([{ value: 'before the crash' }]);
    expect(postmasterOf(pgDir)).not.toBe(first);
    expect(events[0]).toEqual(['error', expect.stringMatching(/^PostgreSQL exited unexpectedly \(killed by SIGKILL\); restarting/)]);
    expect(events.at(-1)).toEqual(['info', expect.stringMatching(/^PostgreSQL is back after \d+ ms/)]);
  });

  it('is not restarted once stop() was called, even when stop() comes during a restart', async () => {
    const { running, pgDir, events } = await supervised();
    const first = postmasterOf(pgDir);
    process.kill(first, 'SIGKILL');
    await until(async () => {
      if (!events.some(([level]) => level === 'error')) throw new Error('not noticed yet');
    }, 5_000);
    await running.stop();
    await new Promise((resolve) => setTimeout(resolve, restartDelay(1) + restartDelay(2) + 500));
    const lock = path.join(pgDir, 'postmaster.pid');
    const left = fs.existsSync(lock) ? postmasterOf(pgDir) : undefined;
    expect(left === undefined || left === first || !isAlive(left)).toBe(true);
    await expect(query(running.url, 'select 1')).rejects.toThrow();

    const { running: other, pgDir: otherDir } = await supervised();
    const pid = postmasterOf(otherDir);
    await other.stop(); // an asked-for stop is never mistaken for a crash
    await new Promise((resolve) => setTimeout(resolve, restartDelay(1) + 300));
    expect(isAlive(pid)).toBe(false);
    await expect(query(other.url, 'select 1')).rejects.toThrow();
  });

  it('waits a bounded, growing time between attempts', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(restartDelay)).toEqual([100, 200, 400, 800, 1_600, 1_600, 1_600]);
  });
});
