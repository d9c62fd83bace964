import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadBinaries, type PostgresBinaries } from './binaries';
import { freePort, isPortFree, newPassword, readCredentials, writeCredentials, type Credentials } from './credentials';
import { withStartupLock } from './lock';
import { hasProcFs, isAlive, postmasterFor, startTime, stopProcess } from './processes';
import { ensureDatabase, initialise, launch, type Launched } from './server';
import { superviseLaunched, type PostgresEvent } from './supervisor';
import { blockingAncestor, chownTree, ensurePostgresUser, type SystemUser } from './system-user';

export interface RunningPostgres {
  /** postgres://user:password@127.0.0.1:port/collect */
  url: string;
  /** true when this process started the server and must stop it; false when it joined a server owned by another live process */
  owned: boolean;
  /** Stops the server if owned (fast shutdown, waits until the process is gone); no-op otherwise. Idempotent. */
  stop(): Promise<void>;
}

/** Servers started by this process, shared by every copy of this module (Next loads modules more than once). */
const shared = globalThis as unknown as { __collectEmbeddedPostgres?: Map<string, Launched> };
const startedHere = (shared.__collectEmbeddedPostgres ??= new Map<string, Launched>());

const ROOT_FALLBACK = '/var/lib/collect-postgres';

const urlOf = (c: Credentials, port: number) =>
  `postgres://${c.user}:${encodeURIComponent(c.password)}@127.0.0.1:${port}/${c.database}`;

const joined = (url: string): RunningPostgres => ({ url, owned: false, stop: async () => {} });

function readOwner(ownerFile: string): number | null {
  try {
    const pid = Number(fs.readFileSync(ownerFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Where PostgreSQL's files live: `${dataDir}/postgres`, unless root's postgres user cannot reach it. */
function choosePgDir(dataDir: string, credentials: Credentials | null, user?: SystemUser): string {
  if (credentials?.pgDir) return credentials.pgDir;
  const preferred = path.join(dataDir, 'postgres');
  if (!user) return preferred;
  const blocked = blockingAncestor(preferred, user);
  if (!blocked) return preferred;
  if (fs.existsSync(path.join(preferred, 'PG_VERSION'))) {
    throw new Error(
      `PostgreSQL must run as the "postgres" user, which cannot enter ${blocked} to reach the existing data in ${preferred}. ` +
        `Allow it (chmod o+x ${blocked}) or move the data folder somewhere it can reach.`,
    );
  }
  fs.mkdirSync(ROOT_FALLBACK, { recursive: true, mode: 0o755 });
  const fallback = path.join(ROOT_FALLBACK, createHash('sha256').update(dataDir).digest('hex').slice(0, 16));
  const stillBlocked = blockingAncestor(fallback, user);
  if (stillBlocked) throw new Error(`The "postgres" user cannot enter ${stillBlocked}, so PostgreSQL has nowhere to keep its files.`);
  // Names the data folder this belongs to, so that leftovers of deleted data folders can be found and removed.
  fs.writeFileSync(`${fallback}.datadir`, `${dataDir}\n`);
  return fallback;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  onLog?: (line: string) => void;
  /** Restart the server on its own when it exits unexpectedly (an app; not a short CLI command or a test run). */
  supervise?: { onEvent?: PostgresEvent };
}): Promise<RunningPostgres> {
  const dataDir = path.resolve(options.dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const binaries = await loadBinaries();
  const user = process.getuid?.() === 0 ? await ensurePostgresUser() : undefined;
  return withStartupLock(dataDir, () => start(dataDir, binaries, user, options.onLog, options.supervise));
}

async function start(
  dataDir: string,
  binaries: PostgresBinaries,
  user: SystemUser | undefined,
  onLog: ((line: string) => void) | undefined,
  supervision: { onEvent?: PostgresEvent } | undefined,
): Promise<RunningPostgres> {
  let credentials = readCredentials(dataDir);
  const pgDir = choosePgDir(dataDir, credentials, user);
  const ownerFile = path.join(dataDir, 'postgres.owner');
  const lockFile = path.join(pgDir, 'postmaster.pid');
  const lock = fs.existsSync(lockFile) ? fs.readFileSync(lockFile, 'utf8').split('\n') : null;

  if (lock) {
    const pid = Number(lock[0]);
    const verdict = Number.isInteger(pid) && pid > 0 ? postmasterFor(pid, pgDir) : 'other';
    if (verdict === 'unknown') {
      throw new Error(`PostgreSQL's lock file ${lockFile} names the running process ${pid}, which this process cannot inspect. Stop it, then start again.`);
    }
    if (verdict === 'ours') {
      const owner = readOwner(ownerFile);
      const local = startedHere.get(pgDir);
      const recordedPort = Number(lock[3]) || credentials?.port;
      // The owner is alive (and not a later process that reused its pid: it must predate the postmaster).
      const ownerAlive =
        owner !== null && owner !== process.pid && isAlive(owner) && (!hasProcFs || (startTime(owner) ?? Infinity) <= (startTime(pid) ?? -1));
      if ((owner === process.pid && local && local.child.exitCode === null) || ownerAlive) {
        if (!credentials) {
          throw new Error(`PostgreSQL is running on ${pgDir}, but its credentials file ${path.join(dataDir, 'postgres.json')} is missing.`);
        }
        return joined(urlOf(credentials, recordedPort ?? credentials.port));
      }
      onLog?.(`Stopping PostgreSQL process ${pid}: the process that started it (${owner ?? 'unknown'}) is gone.`);
      await stopProcess(pid);
    }
    fs.rmSync(lockFile, { force: true }); // stale: a dead pid (or a zombie), or a pid reused by another program
  }

  if (!credentials) {
    if (fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
      throw new Error(
        `PostgreSQL data exists in ${pgDir}, but its credentials file ${path.join(dataDir, 'postgres.json')} is missing. ` +
          'Restore that file, or delete the data to start with an empty database.',
      );
    }
    credentials = { port: await freePort(), password: newPassword(), user: 'postgres', database: 'collect' };
  }
  if (pgDir !== path.join(dataDir, 'postgres')) credentials.pgDir = pgDir;
  if (!(await isPortFree(credentials.port))) {
    onLog?.(`Port ${credentials.port} is taken by another program: PostgreSQL moves to a new port.`);
    credentials.port = await freePort();
  }
  writeCredentials(dataDir, credentials);

  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    await initialise({ binaries, pgDir, password: credentials.password, user, onLog });
  }
  if (user && fs.statSync(pgDir).uid !== user.uid) await chownTree(pgDir, user);

  let server: Launched;
  try {
    server = await launch({ binaries, pgDir, port: credentials.port, password: credentials.password, user, onLog });
  } catch (error) {
    if (!/could not bind|Address already in use/i.test((error as Error).message)) throw error;
    credentials.port = await freePort(); // lost a race for the port: one more try on a new one
    writeCredentials(dataDir, credentials);
    server = await launch({ binaries, pgDir, port: credentials.port, password: credentials.password, user, onLog });
  }
  const url = urlOf(credentials, credentials.port);
  try {
    await ensureDatabase(url, credentials.database);
    fs.writeFileSync(ownerFile, `${process.pid}\n`);
  } catch (error) {
    await server.stop();
    throw error;
  }
  const forget = (launched: Launched) => {
    if (startedHere.get(pgDir) === launched) startedHere.delete(pgDir);
  };
  const releaseOwnership = () => {
    if (readOwner(ownerFile) === process.pid) fs.rmSync(ownerFile, { force: true });
  };
  let stopping: Promise<void> | undefined;

  if (supervision) {
    const { port, password } = credentials;
    const supervisor = superviseLaunched(server, {
      pgDir,
      relaunch: () => launch({ binaries, pgDir, port, password, user, onLog }),
      onStarted: (launched) => startedHere.set(pgDir, launched),
      onExited: forget,
      onEvent: supervision.onEvent,
    });
    const stop = () => (stopping ??= supervisor.stop().then(releaseOwnership));
    return { url, owned: true, stop };
  }

  startedHere.set(pgDir, server);
  void server.exited.then(() => {
    forget(server);
    if (!stopping) onLog?.(`PostgreSQL (${pgDir}) exited without being asked to stop.`);
  });
  const stop = () => (stopping ??= server.stop().then(releaseOwnership));
  return { url, owned: true, stop };
}
