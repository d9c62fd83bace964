import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { isAlive, sleep } from '@/lib/platform/postgres/processes';
import type { SystemUser } from '@/lib/platform/postgres/system-user';

/**
 * A process an HA trial started: its own process group (`detached`), its output in a log file of the
 * trial's temp folder. `kill()` signals that group only, never anything the trial did not start.
 */
export interface Spawned {
  pid: number;
  child: ChildProcess;
  log: string;
  exited: Promise<void>;
  running(): boolean;
  /** The signal to the whole group; resolves once the leader exited (SIGKILL after `graceMs`). */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
  lastLines(count?: number): string;
}

export function spawnLogged(command: string, args: string[], options: { log: string; env?: NodeJS.ProcessEnv; cwd?: string; user?: SystemUser }): Spawned {
  const out = fs.openSync(options.log, 'a');
  if (options.user) fs.chownSync(options.log, options.user.uid, options.user.gid);
  const child = spawn(command, args, {
    cwd: options.cwd ?? '/',
    env: options.env ?? { NODE_ENV: 'production', PATH: '/usr/sbin:/usr/bin:/sbin:/bin', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
    stdio: ['ignore', out, out],
    detached: true,
    ...(options.user ? { uid: options.user.uid, gid: options.user.gid } : {}),
  });
  fs.closeSync(out);
  child.unref();
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const pid = child.pid!;
  const spawned: Spawned = {
    pid,
    child,
    log: options.log,
    exited,
    running: () => child.exitCode === null && child.signalCode === null,
    async stop(signal = 'SIGTERM', graceMs = 15_000) {
      signalGroup(pid, signal);
      const done = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
      if (!done) signalGroup(pid, 'SIGKILL');
      await exited;
    },
    lastLines: (count = 30) => {
      try {
        return fs.readFileSync(options.log, 'utf8').split('\n').slice(-count).join('\n');
      } catch {
        return '';
      }
    },
  };
  return spawned;
}

/** kill(-pgid): the group the trial created with `detached`. A group already gone is fine. */
export function signalGroup(leader: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-leader, signal);
  } catch {
    // already gone
  }
}

/** Every live process whose parent chain leads to `root` (Linux /proc: field 2 after the name is the ppid). */
export function descendantsOf(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended while we looked
    }
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const [pid, ppid] of parents) {
      if (ppid === parent) {
        found.push(pid);
        visit(pid);
      }
    }
  };
  visit(root);
  return found;
}

/** SIGKILL to a process and everything it forked, at once, as when its machine loses power. */
export async function killTree(root: number): Promise<void> {
  const all = [root, ...descendantsOf(root)];
  for (const pid of all) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + 10_000;
  while (all.some(isAlive) && Date.now() < deadline) await sleep(20);
}

/** The postmaster of a data folder: line 1 of its postmaster.pid, when the file is there. */
export function postmasterOf(dataDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Polls until `check` holds or the time is up; the error names what was awaited. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs: number, explain: () => string = () => ''): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s.\n${explain()}`);
    await sleep(200);
  }
}
