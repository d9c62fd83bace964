import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '@/lib/platform/postgres/credentials';
import { isAlive, sleep } from '@/lib/platform/postgres/processes';
import { ensureDatabase, initialise } from '@/lib/platform/postgres/server';
import { chownTree, ensurePostgresUser, type SystemUser } from '@/lib/platform/postgres/system-user';

/**
 * Debian's PostgreSQL 15 for the HA trials (tests/ha): the version an operator on Debian 12 runs, and the
 * one with pg_basebackup / pg_receivewal, which the embedded PostgreSQL's package lacks. Each cluster lives
 * in a temp folder of its own on a free port; `stop()` and `kill()` act only on the postmaster it started
 * (and, for `kill()`, that postmaster's own process group).
 */
export const PG15_BIN = '/usr/lib/postgresql/15/bin';

export { freePort };

export interface Cluster {
  /** postgres://postgres:<password>@127.0.0.1:<port>/<database> (the superuser; tests need no other role) */
  url: string;
  port: number;
  /** The PostgreSQL data folder (PGDATA), owned by the postgres OS user when we are root. */
  dataDir: string;
  /** The temp folder holding dataDir, the server log (`postgres.log`) and anything the test puts beside it. */
  folder: string;
  /** The superuser's password (standbys and pg_basebackup connect with it). */
  password: string;
  /** The postmaster's pid. */
  pid: number;
  /** The OS user PostgreSQL runs as when we are root; undefined otherwise. */
  user: SystemUser | undefined;
  /** Fast shutdown (SIGINT), SIGKILL after 30 s; then removes the temp folder unless `keepFiles`. Idempotent. */
  stop(options?: { keepFiles?: boolean }): Promise<void>;
  /** A machine lost at once: SIGKILL to the postmaster and every backend it forked (its process group). Keeps the files. */
  kill(): Promise<void>;
}

export interface ClusterOptions {
  /** Extra postgresql.conf lines, e.g. { wal_level: 'replica', synchronous_standby_names: "'*'" } (values written as given). */
  settings?: Record<string, string | number>;
  /** Extra pg_hba.conf lines, placed before initdb's own, e.g. 'host replication all 127.0.0.1/32 scram-sha-256'. */
  hba?: string[];
  /** The database created for the app (default `collect`). */
  database?: string;
  /** A name for the temp folder, to tell the clusters of one test apart in /tmp. */
  name?: string;
}

/** As root, PostgreSQL refuses to run: it runs as the `postgres` OS user, as the embedded server does. */
export async function postgresUser(): Promise<SystemUser | undefined> {
  return process.getuid?.() === 0 ? ensurePostgresUser() : undefined;
}

/** A temp folder the postgres OS user can enter (mkdtemp makes 0700 folders owned by root). */
export function clusterFolder(name = 'pg15'): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `collect-ha-${name}-`));
  fs.chmodSync(folder, 0o755);
  return folder;
}

const urlOf = (password: string, port: number, database: string) =>
  `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

/** Creates, configures and starts a fresh PostgreSQL 15 cluster with the superuser `postgres` and an app database. */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const user = await postgresUser();
  const folder = clusterFolder(options.name);
  const dataDir = path.join(folder, 'data');
  const password = `ha-${Math.random().toString(36).slice(2)}`;
  try {
    await initialise({ binaries: { initdb: path.join(PG15_BIN, 'initdb'), postgres: path.join(PG15_BIN, 'postgres') }, pgDir: dataDir, password, user });
    configure(dataDir, options);
    const cluster = await launchCluster({ folder, dataDir, password, user });
    await ensureDatabase(cluster.url.replace(/\/[^/]*$/, `/${options.database ?? 'collect'}`), options.database ?? 'collect');
    cluster.url = cluster.url.replace(/\/[^/]*$/, `/${options.database ?? 'collect'}`);
    return cluster;
  } catch (error) {
    fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

/** Writes the extra settings into postgresql.conf and the extra lines at the top of pg_hba.conf (first match wins). */
export function configure(dataDir: string, options: Pick<ClusterOptions, 'settings' | 'hba'>): void {
  const settings = Object.entries(options.settings ?? {}).map(([key, value]) => `${key} = ${value}`);
  if (settings.length) fs.appendFileSync(path.join(dataDir, 'postgresql.conf'), `\n# tests/ha\n${settings.join('\n')}\n`);
  if (options.hba?.length) {
    const file = path.join(dataDir, 'pg_hba.conf');
    fs.writeFileSync(file, `${options.hba.join('\n')}\n${fs.readFileSync(file, 'utf8')}`);
  }
}

/**
 * Starts the postmaster on an existing data folder (a fresh cluster, or a standby made by pg_basebackup):
 * TCP on 127.0.0.1 only, no Unix socket, the log in `${folder}/postgres.log`. Resolves once it accepts
 * connections (a hot standby does too). The port is a new free one unless given.
 */
export async function launchCluster(options: {
  folder: string;
  dataDir: string;
  password: string;
  user?: SystemUser;
  port?: number;
}): Promise<Cluster> {
  const { folder, dataDir, password, user } = options;
  // A data folder made as root (a restored base backup, say) is given to the postgres user whole.
  if (user) await chownTree(dataDir, user);
  const port = options.port ?? (await freePort());
  const logFile = path.join(folder, 'postgres.log');
  const log = fs.openSync(logFile, 'a');
  const settings = ['listen_addresses=127.0.0.1', 'unix_socket_directories=', 'max_connections=200'];
  const child = spawn(path.join(PG15_BIN, 'postgres'), ['-D', dataDir, '-p', String(port), ...settings.flatMap((s) => ['-c', s])], {
    cwd: '/',
    env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
    stdio: ['ignore', log, log],
    // Its own process group: kill() reaches the backends too, and a Ctrl-C of the test runner does not.
    detached: true,
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
  fs.closeSync(log);
  child.unref();
  child.once('error', () => {});
  const pid = child.pid!;
  const running = () => child.exitCode === null && child.signalCode === null && isAlive(pid);
  /** Polls rather than awaiting 'exit': the child is unref'd, and a timer keeps a bare script alive meanwhile. */
  const gone = async (ms: number) => {
    const deadline = Date.now() + ms;
    while (groupAlive(pid) && Date.now() < deadline) await sleep(50);
    return !groupAlive(pid);
  };
  const lastLines = () => fs.readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');

  let stopping: Promise<void> | undefined;
  const cluster: Cluster = {
    url: urlOf(password, port, 'postgres'),
    port,
    dataDir,
    folder,
    password,
    pid,
    user,
    stop: ({ keepFiles = false } = {}) =>
      (stopping ??= (async () => {
        if (running()) {
          child.kill('SIGINT');
          if (!(await gone(30_000))) await cluster.kill();
        }
        if (!keepFiles) fs.rmSync(folder, { recursive: true, force: true });
      })()),
    kill: async () => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await gone(10_000);
    },
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!running()) {
      throw new Error(`PostgreSQL 15 (${dataDir}, port ${port}) exited during start-up. Its log:\n${lastLines()}`);
    }
    const client = new pg.Client({ connectionString: cluster.url, connectionTimeoutMillis: 2_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end();
      return cluster;
    } catch {
      await client.end().catch(() => {});
    }
    if (Date.now() > deadline) {
      await cluster.kill();
      throw new Error(`PostgreSQL 15 (${dataDir}, port ${port}) did not accept connections within 60 s. Its log:\n${lastLines()}`);
    }
    await sleep(100);
  }
}

/** Whether any process of the group led by `leader` is still alive (Linux /proc; field 5 of stat is the pgid). */
function groupAlive(leader: number): boolean {
  if (isAlive(leader)) return true;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === leader && fields[0] !== 'Z') return true;
    } catch {
      // ended while we looked
    }
  }
  return false;
}
