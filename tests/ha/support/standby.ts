import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sleep } from '@/lib/platform/postgres/processes';
import { clusterFolder, configure, launchCluster, PG15_BIN, type Cluster } from './cluster';

/**
 * Runs one of Debian's PostgreSQL 15 tools (pg_basebackup, pg_receivewal…) as the cluster's OS user,
 * with the superuser's password in the environment. Resolves with its output; rejects with it on failure.
 */
export function runPgTool(cluster: Pick<Cluster, 'password' | 'user'>, tool: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(PG15_BIN, tool), args, {
      cwd: '/',
      env: { ...process.env, PGPASSWORD: cluster.password, LC_ALL: 'C', LANG: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(cluster.user ? { uid: cluster.user.uid, gid: cluster.user.gid } : {}),
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${tool} ${args.join(' ')} failed (${code}):\n${output}`))));
  });
}

/** An empty folder the cluster's OS user owns, mode 0700 as PostgreSQL requires of a data folder. */
export function ownedEmptyFolder(cluster: Pick<Cluster, 'user'>, folder: string): string {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  fs.chmodSync(folder, 0o700);
  if (cluster.user) fs.chownSync(folder, cluster.user.uid, cluster.user.gid);
  return folder;
}

/** The libpq connection string of a cluster's superuser (pg_basebackup -R copies it into primary_conninfo). */
export const conninfoOf = (cluster: Pick<Cluster, 'port' | 'password'>) => `host=127.0.0.1 port=${cluster.port} user=postgres password=${cluster.password}`;

/**
 * A hot standby of `primary`, streaming from it: `pg_basebackup -R -X stream` into a new data
 * folder (standby.signal and primary_conninfo written by -R), `hot_standby = on`, then started on a
 * free port. Its `url` names the same database as the primary's. The primary needs nothing beyond
 * initdb's defaults (wal_level replica, ten WAL senders, and the replication line for 127.0.0.1).
 */
export async function startStandby(primary: Cluster, options: { name?: string; settings?: Record<string, string | number> } = {}): Promise<Cluster> {
  const folder = clusterFolder(options.name ?? 'standby');
  const dataDir = ownedEmptyFolder(primary, path.join(folder, 'data'));
  try {
    await runPgTool(primary, 'pg_basebackup', ['-D', dataDir, '-R', '-X', 'stream', '-c', 'fast', '-d', conninfoOf(primary)]);
    configure(dataDir, { settings: { hot_standby: 'on', ...options.settings } });
    const standby = await launchCluster({ folder, dataDir, password: primary.password, user: primary.user });
    standby.url = standby.url.replace(/\/[^/]*$/, primary.url.slice(primary.url.lastIndexOf('/')));
    return standby;
  } catch (error) {
    fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

/** Waits until the standby has replayed everything the primary has written so far. */
export async function waitForReplay(primary: Cluster, standby: Cluster, withinMs = 30_000): Promise<void> {
  const target = await one<{ lsn: string }>(primary.url, 'select pg_current_wal_lsn()::text as lsn');
  const deadline = Date.now() + withinMs;
  for (;;) {
    const { caught } = await one<{ caught: boolean }>(standby.url, `select pg_last_wal_replay_lsn() >= '${target.lsn}'::pg_lsn as caught`);
    if (caught) return;
    if (Date.now() > deadline) throw new Error(`the standby did not replay ${target.lsn} within ${withinMs} ms`);
    await sleep(100);
  }
}

/** One row of one statement, on a connection of its own. */
export async function one<Row>(url: string, text: string, values: unknown[] = []): Promise<Row> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query(text, values)).rows[0] as Row;
  } finally {
    await client.end();
  }
}
