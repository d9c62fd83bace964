import fs from 'node:fs';
import path from 'node:path';

/** Linux exposes processes under /proc; elsewhere only `kill(pid, 0)` is available. */
export const hasProcFs = process.platform === 'linux' && fs.existsSync('/proc/self/stat');

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The fields of /proc/<pid>/stat that follow the command name (index 0 = state, 19 = start time). */
function procStat(pid: number): string[] | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * Whether a process exists and is not a zombie. Zombies matter here: on some machines PID 1 never reaps
 * re-parented processes, so a stopped PostgreSQL keeps answering `kill(pid, 0)`.
 */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (!hasProcFs) return true;
  const state = procStat(pid)?.[0];
  return state !== undefined && state !== 'Z' && state !== 'X';
}

/** Start time of a process in clock ticks since boot (Linux only), to tell a live process from a reused pid. */
export function startTime(pid: number): number | null {
  const value = Number(procStat(pid)?.[19]);
  return Number.isFinite(value) ? value : null;
}

function sameFolder(a: string, b: string): boolean {
  const real = (p: string) => {
    try {
      return fs.realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  return real(a) === real(b);
}

/**
 * Whether `pid` is a PostgreSQL postmaster serving `pgDir`: 'ours', 'other', or 'unknown' when /proc
 * cannot tell. Without /proc the lock file is trusted.
 */
export function postmasterFor(pid: number, pgDir: string): 'ours' | 'other' | 'unknown' {
  if (!isAlive(pid)) return 'other';
  if (!hasProcFs) return 'ours';
  let argv: string[];
  try {
    argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return 'unknown';
  }
  if (argv.length === 0 || path.basename(argv[0]) !== 'postgres') return 'other';
  const dataIndex = argv.indexOf('-D');
  const dataArg = dataIndex >= 0 ? argv[dataIndex + 1] : argv.find((a) => a.startsWith('-D'))?.slice(2);
  return dataArg && sameFolder(dataArg, pgDir) ? 'ours' : 'other';
}

/** Waits until `pid` is gone; returns false on timeout. */
export async function waitGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await sleep(50);
  }
  return true;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ESRCH') return;
    if (code === 'EPERM') {
      throw new Error(
        `PostgreSQL process ${pid} belongs to another user, so this process may not stop it. ` +
          'Stop it as that user (or as root), then start again.',
        { cause: error },
      );
    }
    throw error;
  }
}

/** Fast shutdown (SIGINT), then SIGKILL as a last resort after `timeoutMs`. Resolves when the pid is gone. */
export async function stopProcess(pid: number, timeoutMs = 30_000): Promise<void> {
  signal(pid, 'SIGINT');
  if (await waitGone(pid, timeoutMs)) return;
  signal(pid, 'SIGKILL');
  if (await waitGone(pid, 5_000)) return;
  throw new Error(`PostgreSQL process ${pid} did not exit, even after SIGKILL.`);
}
