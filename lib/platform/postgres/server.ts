import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { PostgresBinaries } from './binaries';
import { sleep } from './processes';
import type { SystemUser } from './system-user';

const childEnv = () => ({ ...process.env, LC_ALL: 'C', LANG: 'C' });
const runAs = (user?: SystemUser) => (user ? { uid: user.uid, gid: user.gid } : {});

/** Splits a stream into lines, forwards them to `onLog` and keeps the last few for error messages. */
function collectLines(stream: NodeJS.ReadableStream | null, onLog?: (line: string) => void) {
  const recent: string[] = [];
  let partial = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines.filter((l) => l.trim())) {
      recent.push(line);
      if (recent.length > 30) recent.shift();
      onLog?.(line);
    }
  });
  return () => [...recent, ...(partial.trim() ? [partial] : [])].join('\n') || '(no output)';
}

/**
 * Runs initdb into a staging folder, then renames it into place: a process killed half-way never leaves a
 * half-initialised `pgDir` behind (the staging folder is wiped on the next attempt).
 */
export async function initialise(options: {
  binaries: PostgresBinaries;
  pgDir: string;
  password: string;
  user?: SystemUser;
  onLog?: (line: string) => void;
}): Promise<void> {
  const { binaries, pgDir, password, user, onLog } = options;
  const staging = `${pgDir}.initdb-tmp`;
  const secrets = `${pgDir}.initdb-secret`; // next to pgDir: the postgres user can reach it, unlike some TMPDIRs
  fs.mkdirSync(path.dirname(pgDir), { recursive: true });
  for (const folder of [staging, secrets]) {
    fs.rmSync(folder, { recursive: true, force: true });
    fs.mkdirSync(folder, { mode: 0o700 });
  }
  const pwfile = path.join(secrets, 'pwfile');
  try {
    fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (user) for (const item of [staging, secrets, pwfile]) fs.chownSync(item, user.uid, user.gid);
    const args = [`--pgdata=${staging}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwfile}`];
    const child = spawn(binaries.initdb, [...args, '--encoding=UTF8', '--locale=C'], {
      cwd: '/',
      env: childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
      ...runAs(user),
    });
    const output = collectLines(child.stderr, onLog);
    collectLines(child.stdout);
    const status = await new Promise<string | null>((resolve) => {
      child.once('error', (error) => resolve(`it could not be run (${error.message})`));
      child.once('exit', (code, signal) => resolve(code === 0 ? null : signal ? `signal ${signal}` : `exit code ${code}`));
    });
    if (status) throw new Error(`PostgreSQL's initdb failed for ${pgDir}: ${status}. Its last messages:\n${output()}`);
  } finally {
    fs.rmSync(secrets, { recursive: true, force: true });
  }
  if (fs.existsSync(pgDir)) {
    if (fs.readdirSync(pgDir).length > 0) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw new Error(`${pgDir} is not empty but holds no PostgreSQL data (no PG_VERSION file). Move it away or delete it.`);
    }
    fs.rmdirSync(pgDir);
  }
  fs.renameSync(staging, pgDir);
}

export interface Launched {
  child: ChildProcess;
  /** Resolves once the process has exited (or could not be spawned). */
  exited: Promise<void>;
  /** Stops the server: SIGINT (fast shutdown), SIGKILL after `timeoutMs`; resolves when the process is gone. */
  stop(timeoutMs?: number): Promise<void>;
}

/** Spawns the postmaster: TCP on 127.0.0.1 only, no Unix socket. Resolves with a connected client. */
export async function launch(options: {
  binaries: PostgresBinaries;
  pgDir: string;
  port: number;
  password: string;
  user?: SystemUser;
  onLog?: (line: string) => void;
}): Promise<Launched> {
  const { binaries, pgDir, port, password, user, onLog } = options;
  // Lean on one machine (docs/benchmarks.md, "Memory and start"): reads done by the backends themselves
  // rather than by three I/O worker processes (PostgreSQL 18's default), and no logical replication
  // launcher (nothing here replicates): four processes and about 33 MiB of resident memory fewer.
  const lean = ['io_method=sync', 'max_logical_replication_workers=0'];
  const settings = ['listen_addresses=127.0.0.1', 'unix_socket_directories=', 'max_connections=200', 'fsync=on', ...lean];
  const child = spawn(binaries.postgres, ['-D', pgDir, '-p', String(port), ...settings.flatMap((s) => ['-c', s])], {
    cwd: '/',
    env: childEnv(),
    stdio: ['ignore', 'ignore', 'pipe'],
    // Own process group: a Ctrl-C in the terminal reaches the app, which decides when to stop PostgreSQL.
    detached: true,
    ...runAs(user),
  });
  const output = collectLines(child.stderr, onLog);
  let exitStatus: string | null = null;
  const exited = new Promise<void>((resolve) => {
    child.once('error', (error) => {
      exitStatus ??= `it could not be run: ${error.message}`;
      resolve();
    });
    child.once('exit', (code, signal) => {
      exitStatus ??= signal ? `killed by signal ${signal}` : `exit code ${code}`;
      resolve();
    });
  });
  // Neither the child nor its log pipe keeps this Node process alive: the caller decides when to stop.
  child.unref();
  (child.stderr as unknown as { unref?: () => void } | null)?.unref?.();

  const stop = async (timeoutMs = 30_000) => {
    if (exitStatus !== null) return;
    child.kill('SIGINT');
    let timer: NodeJS.Timeout | undefined;
    const done = await Promise.race([
      exited.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
    ]);
    clearTimeout(timer); // a pending 30 s timer would keep the caller's process alive
    if (!done) {
      child.kill('SIGKILL');
      await exited;
    }
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exitStatus !== null) {
      throw new Error(`PostgreSQL (${pgDir}, port ${port}) exited during start-up (${exitStatus}). Its last messages:\n${output()}`);
    }
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres', connectionTimeoutMillis: 2_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end();
      return { child, exited, stop };
    } catch (error) {
      await client.end().catch(() => {});
      if ((error as { code?: string }).code === '28P01') {
        await sleep(200); // another server on this port would make ours exit: prefer reporting that
        if (exitStatus !== null) continue;
        await stop();
        throw new Error(
          `PostgreSQL in ${pgDir} rejected the password stored in postgres.json. ` +
            'The credentials file does not belong to this data folder: restore the right one, or delete both to start afresh.',
        );
      }
    }
    if (Date.now() >= deadline) {
      await stop();
      throw new Error(`PostgreSQL (${pgDir}, port ${port}) did not accept connections within 30 s. Its last messages:\n${output()}`);
    }
    await sleep(50);
  }
}

/** Creates the application database when it does not exist yet. */
export async function ensureDatabase(url: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
  client.on('error', () => {});
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created concurrently
      });
    }
  } finally {
    await client.end();
  }
}
