import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { isAlive, sleep } from '@/lib/platform/postgres/processes';
import { clusterFolder, freePort, postgresUser, type Cluster } from './cluster';

/** Debian's pgbouncer (1.18 on Debian 12: no named prepared statements in transaction mode before 1.21). */
export const PGBOUNCER = '/usr/sbin/pgbouncer';

export interface PgBouncer {
  /** postgres://postgres:<password>@127.0.0.1:<port>/<database>: the app's DATABASE_URL through the pooler. */
  url: string;
  port: number;
  folder: string;
  pid: number;
  /** The server connections PgBouncer holds to PostgreSQL now (SHOW SERVERS on its admin console). */
  serverConnections(): Promise<number>;
  /** SIGINT (PgBouncer's immediate shutdown); removes its folder. Idempotent. */
  stop(): Promise<void>;
}

export interface PgBouncerOptions {
  /** The server connections per database and user pair: small, so that the app's clients really share them. */
  poolSize?: number;
  /** The statement_timeout every server connection gets on opening (connect_query), ms. */
  statementTimeoutMs?: number;
}

/**
 * PgBouncer in transaction mode in front of `cluster`'s app database, configured as docs/scaling.md
 * ("PgBouncer") tells an operator to: each transaction (each statement, outside one) gets whichever
 * server connection is free; the server connections get the statement timeout from connect_query,
 * since PgBouncer refuses it as a startup parameter. It runs as the postgres OS user when we are root
 * (pgbouncer refuses root), in a temp folder of its own, and checks passwords itself (auth_file).
 */
export async function startPgBouncer(cluster: Cluster, options: PgBouncerOptions = {}): Promise<PgBouncer> {
  const user = await postgresUser();
  const folder = clusterFolder('pgbouncer');
  const port = await freePort();
  const database = new URL(cluster.url).pathname.slice(1);
  const file = (name: string) => path.join(folder, name);
  fs.writeFileSync(file('userlist.txt'), `"postgres" "${cluster.password}"\n`, { mode: 0o600 });
  const connectQuery = `set statement_timeout = ${options.statementTimeoutMs ?? 10_000}`;
  fs.writeFileSync(
    file('pgbouncer.ini'),
    [
      '[databases]',
      `${database} = host=127.0.0.1 port=${cluster.port} dbname=${database} connect_query='${connectQuery}'`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = scram-sha-256',
      `auth_file = ${file('userlist.txt')}`,
      'admin_users = postgres',
      'pool_mode = transaction',
      `default_pool_size = ${options.poolSize ?? 4}`,
      'max_client_conn = 1000',
      `logfile = ${file('pgbouncer.log')}`,
      `pidfile = ${file('pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  if (user) for (const name of ['', 'userlist.txt', 'pgbouncer.ini']) fs.chownSync(file(name), user.uid, user.gid);

  const child = spawn(PGBOUNCER, [file('pgbouncer.ini')], {
    cwd: folder,
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.once('error', (error) => (output += error.message));
  child.unref();
  (child.stderr as unknown as { unref?: () => void }).unref?.();
  const pid = child.pid!;
  const running = () => child.exitCode === null && child.signalCode === null && isAlive(pid);
  const url = `postgres://postgres:${encodeURIComponent(cluster.password)}@127.0.0.1:${port}/${database}`;

  let stopping: Promise<void> | undefined;
  const bouncer: PgBouncer = {
    url,
    port,
    folder,
    pid,
    async serverConnections() {
      const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/pgbouncer') });
      await admin.connect();
      try {
        // The admin console speaks only the simple query protocol: a query without parameters.
        const { rows } = await admin.query<{ database: string }>('show servers');
        return rows.filter((row) => row.database === database).length;
      } finally {
        await admin.end();
      }
    },
    stop: () =>
      (stopping ??= (async () => {
        if (running()) {
          child.kill('SIGINT');
          const deadline = Date.now() + 10_000;
          while (running() && Date.now() < deadline) await sleep(50);
          if (running()) child.kill('SIGKILL');
        }
        fs.rmSync(folder, { recursive: true, force: true });
      })()),
  };

  const deadline = Date.now() + 30_000;
  while (!(await accepts(port))) {
    const log = () => `${output}${fs.existsSync(file('pgbouncer.log')) ? fs.readFileSync(file('pgbouncer.log'), 'utf8') : ''}`;
    if (!running()) throw new Error(`pgbouncer exited during start-up:\n${log()}`);
    if (Date.now() > deadline) {
      await bouncer.stop();
      throw new Error(`pgbouncer did not listen within 30 s:\n${log()}`);
    }
    await sleep(100);
  }
  return bouncer;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
