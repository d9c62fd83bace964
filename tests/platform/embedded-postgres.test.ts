import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type RunningPostgres } from '@/lib/platform/postgres/embedded';

const fixture = path.join(import.meta.dirname, 'fixtures', 'start-postgres.ts');
const isRoot = process.getuid?.() === 0;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh data folder under the system temp folder, reachable by the postgres user when running as root. */
function dataFolder(mode = 0o755): string {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'collect-pg-test-'));
  fs.chmodSync(base, mode);
  const dataDir = path.join(base, 'data');
  cleanups.push(() => {
    // Last resort if a test failed half-way: no server may outlive its folder.
    for (const pid of postmastersOn(path.join(dataDir, 'postgres'))) process.kill(pid, 'SIGKILL');
    fs.rmSync(base, { recursive: true, force: true });
  });
  return dataDir;
}

async function start(dataDir: string): Promise<RunningPostgres> {
  const running = await startEmbeddedPostgres({ dataDir });
  cleanups.push(() => running.stop());
  return running;
}

async function query<T = Record<string, unknown>>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

const portOf = (url: string) => Number(new URL(url).port);

/**
 * Pids of live PostgreSQL postmasters whose command line names `pgDir` (`-D pgDir`). A process the
 * postmaster has just forked (a backend, an autovacuum worker) shows the same command line until it
 * sets its own title ("postgres: …"): one whose parent is among them is such a child, not a second
 * postmaster (CI run 33 counted one, 5 pids after its postmaster).
 */
function postmastersOn(pgDir: string): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (path.basename(argv[0]) !== 'postgres' || argv[argv.indexOf('-D') + 1] !== pgDir) continue;
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended while we looked
    }
  }
  return [...parents].filter(([, parent]) => !parents.has(parent)).map(([pid]) => pid);
}

/** Runs the fixture in its own Node process; resolves with what it printed once its server is up. */
async function startInChild(dataDir: string): Promise<{ child: ChildProcess; url: string; owned: boolean }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const line = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      if (stdout.includes('\n')) resolve(stdout.split('\n')[0]);
    });
    child.once('exit', (code) => reject(new Error(`The fixture exited (${code}) before printing: ${stderr}`)));
  });
  return { child, ...(JSON.parse(line) as { url: string; owned: boolean }) };
}

const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));

describe('startEmbeddedPostgres', () => {
  it('initialises on first start, then reuses the data and the port', async () => {
    const dataDir = dataFolder();
    const pgDir = path.join(dataDir, 'postgres');

    let t = performance.now();
    const first = await start(dataDir);
    const firstStartMs = performance.now() - t;
    expect(first.owned).toBe(true);
    expect(fs.existsSync(path.join(pgDir, 'PG_VERSION'))).toBe(true);
    expect(fs.readFileSync(path.join(dataDir, 'postgres.owner'), 'utf8').trim()).toBe(String(process.pid));
    expect(new URL(first.url).pathname).toBe('/collect');
    await query(first.url, 'CREATE TABLE kept (value text); INSERT INTO kept VALUES ($$still here$$)');
    expect(postmastersOn(pgDir)).toHaveLength(1);

    t = performance.now();
    await first.stop();
    const stopMs = performance.now() - t;
    expect(postmastersOn(pgDir)).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'postgres.owner'))).toBe(false);
    await first.stop(); // idempotent

    t = performance.now();
    const second = await start(dataDir);
    const secondStartMs = performance.now() - t;
    expect(second.owned).toBe(true);
    expect(portOf(second.url)).toBe(portOf(first.url));
    expect(await query(second.url, 'SELECT value FROM kept')).toEqual([{ value: 'still here' }]);
    console.log(
      `embedded postgres: initdb+start ${firstStartMs.toFixed(0)} ms, stop ${stopMs.toFixed(0)} ms, restart ${secondStartMs.toFixed(0)} ms`,
    );
  });

  it('takes over, with the data intact, after the owning process was SIGKILLed', async () => {
    const dataDir = dataFolder();
    const pgDir = path.join(dataDir, 'postgres');
    const app = await startInChild(dataDir);
    expect(app.owned).toBe(true);
    await query(app.url, 'CREATE TABLE survivors (id int); INSERT INTO survivors VALUES (42)');
    const [orphan] = postmastersOn(pgDir);
    expect(orphan).toBeGreaterThan(0);

    app.child.kill('SIGKILL');
    await exitOf(app.child);
    expect(postmastersOn(pgDir)).toEqual([orphan]); // PostgreSQL outlived its owner

    const t = performance.now();
    const next = await start(dataDir);
    console.log(`embedded postgres: takeover of an orphaned server ${(performance.now() - t).toFixed(0)} ms`);
    expect(next.owned).toBe(true);
    expect(await query(next.url, 'SELECT id FROM survivors')).toEqual([{ id: 42 }]);
    const postmasters = postmastersOn(pgDir);
    expect(postmasters).toHaveLength(1);
    expect(postmasters[0]).not.toBe(orphan);
    expect(fs.readFileSync(path.join(dataDir, 'postgres.owner'), 'utf8').trim()).toBe(String(process.pid));
  });

  it('joins a server owned by another live process, and its stop() leaves that server running', async () => {
    const dataDir = dataFolder();
    const pgDir = path.join(dataDir, 'postgres');
    const app = await startInChild(dataDir);
    const [postmaster] = postmastersOn(pgDir);

    const guest = await start(dataDir);
    expect(guest.owned).toBe(false);
    expect(guest.url).toBe(app.url);
    expect(await query(guest.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await guest.stop();
    expect(postmastersOn(pgDir)).toEqual([postmaster]);
    expect(await query(app.url, 'SELECT 2 AS two')).toEqual([{ two: 2 }]);
    expect(fs.readFileSync(path.join(dataDir, 'postgres.owner'), 'utf8').trim()).toBe(String(app.child.pid));

    app.child.kill('SIGTERM'); // the fixture stops its server, then exits
    await exitOf(app.child);
    expect(postmastersOn(pgDir)).toEqual([]);
  });

  it('removes a stale postmaster.pid whose pid is not a postgres, and starts', async () => {
    const dataDir = dataFolder();
    const pgDir = path.join(dataDir, 'postgres');
    const first = await start(dataDir);
    const port = portOf(first.url);
    await first.stop();

    // A live pid that is not PostgreSQL (this test process): PostgreSQL alone would refuse to start.
    const lockFile = path.join(pgDir, 'postmaster.pid');
    fs.writeFileSync(lockFile, `${process.pid}\n${pgDir}\n1700000000\n${port}\n\n127.0.0.1\n`);
    const second = await start(dataDir);
    expect(second.owned).toBe(true);
    expect(await query(second.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    const [postmaster] = postmastersOn(pgDir);
    expect(fs.readFileSync(lockFile, 'utf8').split('\n')[0]).toBe(String(postmaster));
  });

  it('moves to a new port when the stored one is taken by another program', async () => {
    const dataDir = dataFolder();
    const first = await start(dataDir);
    const oldPort = portOf(first.url);
    await first.stop();

    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(oldPort, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => squatter.close(() => resolve())));
    const second = await start(dataDir);
    expect(portOf(second.url)).not.toBe(oldPort);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'postgres.json'), 'utf8')).port).toBe(portOf(second.url));
    expect(await query(second.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('keeps generated credentials in a 0600 file and enforces the password', async () => {
    const dataDir = dataFolder();
    const running = await start(dataDir);
    const file = path.join(dataDir, 'postgres.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { port: number; password: string; user: string; database: string };
    expect(stored.password).not.toBe('password');
    expect(stored.password.length).toBeGreaterThanOrEqual(32);
    expect(stored).toMatchObject({ user: 'postgres', database: 'collect', port: portOf(running.url) });
    expect(decodeURIComponent(new URL(running.url).password)).toBe(stored.password);

    const wrong = new URL(running.url);
    wrong.password = 'password';
    await expect(query(wrong.toString(), 'SELECT 1')).rejects.toMatchObject({ code: '28P01' });
  });

  it.skipIf(!isRoot)('as root, keeps the files where the postgres user can reach them and records that place', async () => {
    const dataDir = dataFolder(0o700); // the postgres user cannot enter the parent folder
    const running = await start(dataDir);
    const pgDir = path.join('/var/lib/collect-postgres', createHash('sha256').update(dataDir).digest('hex').slice(0, 16));
    cleanups.unshift(() => {
      // runs last, after stop()
      fs.rmSync(pgDir, { recursive: true, force: true });
      fs.rmSync(`${pgDir}.datadir`, { force: true });
    });
    expect(fs.readFileSync(`${pgDir}.datadir`, 'utf8').trim()).toBe(dataDir);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'postgres.json'), 'utf8')).pgDir).toBe(pgDir);
    expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false);
    expect(postmastersOn(pgDir)).toHaveLength(1);
    const owner = fs.statSync(pgDir).uid;
    expect(owner).not.toBe(0);
    expect(await query(running.url, 'SELECT current_user AS who')).toEqual([{ who: 'postgres' }]);
  });
});
