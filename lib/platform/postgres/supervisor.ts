import fs from 'node:fs';
import path from 'node:path';
import { metrics } from '@/lib/platform/metrics';
import { postmasterFor, sleep } from './processes';
import type { Launched } from './server';

/** What the supervisor tells the operator: an unexpected exit at error level, the recovery at info. */
export type PostgresEvent = (level: 'error' | 'warn' | 'info', message: string) => void;

/**
 * Waits between restart attempts: 100 ms, 200, 400, 800, then every 1.6 s. A killed postmaster's
 * backends exit within milliseconds and until then a new postmaster refuses the data folder
 * ("pre-existing shared memory block is still in use"), so the first tries are quick; the bound
 * keeps a longer trouble (a full disk) from being retried in a tight loop or forgotten.
 */
export const restartDelay = (attempt: number) => Math.min(100 * 2 ** (attempt - 1), 1_600);

/** Failed attempts logged: the first, then one in ten, so a long trouble stays visible but quiet. */
const worthLogging = (attempt: number) => attempt === 1 || attempt % 10 === 0;

export interface Supervisor {
  /** The postmaster running now (a new one after each restart). */
  current(): Launched;
  /** No more restarts; stops the current postmaster. Idempotent. */
  stop(): Promise<void>;
}

const describeExit = (launched: Launched) =>
  launched.child.signalCode ? `killed by ${launched.child.signalCode}` : `exit code ${launched.child.exitCode}`;

/**
 * Keeps an embedded PostgreSQL running: when the postmaster exits without being asked to, it is
 * started again on the same data folder, port and credentials (so every pool's URL stays right),
 * until it is up or stop() is called. Never while stopping.
 */
export function superviseLaunched(
  first: Launched,
  options: {
    pgDir: string;
    relaunch: () => Promise<Launched>;
    /** Called with each postmaster when it starts and when it exits (to keep a registry). */
    onStarted?: (launched: Launched) => void;
    onExited?: (launched: Launched) => void;
    onEvent?: PostgresEvent;
  },
): Supervisor {
  const { pgDir, relaunch, onEvent } = options;
  let current = first;
  let stopping: Promise<void> | undefined;
  let restarting: Promise<void> | undefined;

  /** A lock file left by the killed postmaster is stale unless a live postgres of ours holds it. */
  function clearStaleLock(): 'cleared' | 'held' {
    const lockFile = path.join(pgDir, 'postmaster.pid');
    let pid: number;
    try {
      pid = Number(fs.readFileSync(lockFile, 'utf8').split('\n')[0]);
    } catch {
      return 'cleared';
    }
    if (Number.isInteger(pid) && pid > 0 && postmasterFor(pid, pgDir) !== 'other') return 'held';
    fs.rmSync(lockFile, { force: true });
    return 'cleared';
  }

  async function restart(exited: Launched): Promise<void> {
    const started = Date.now();
    metrics().postgresRestarts.inc(); // counted when the restart begins: /metrics shows it while it is under way
    onEvent?.('error', `PostgreSQL exited unexpectedly (${describeExit(exited)}); restarting (${pgDir})`);
    for (let attempt = 1; !stopping; attempt += 1) {
      await sleep(restartDelay(attempt));
      if (stopping) return;
      try {
        if (clearStaleLock() === 'held') throw new Error('its lock file still names a running postmaster');
        const launched = await relaunch();
        if (stopping) {
          await launched.stop();
          return;
        }
        current = launched;
        watch(launched);
        onEvent?.('info', `PostgreSQL is back after ${Date.now() - started} ms (attempt ${attempt})`);
        return;
      } catch (error) {
        if (worthLogging(attempt)) {
          const reason = (error as Error).message.split('\n')[0];
          onEvent?.('warn', `PostgreSQL restart attempt ${attempt} failed: ${reason}; retrying in ${restartDelay(attempt + 1)} ms`);
        }
      }
    }
  }

  function watch(launched: Launched): void {
    options.onStarted?.(launched);
    void launched.exited.then(() => {
      options.onExited?.(launched);
      if (stopping || launched !== current) return;
      restarting = restart(launched).finally(() => (restarting = undefined));
    });
  }

  watch(first);
  return {
    current: () => current,
    stop: () =>
      (stopping ??= (async () => {
        await restarting; // a postmaster being started now is stopped by the loop itself
        await current.stop();
      })()),
  };
}
