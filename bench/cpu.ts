import { readdirSync, readFileSync } from 'node:fs';
import type { Figures } from './load';

/** CPU seconds used so far by a process and, apart, by all its descendants (the embedded PostgreSQL). */
export interface CpuSeconds {
  server: number;
  children: number;
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function stat(pid: string): { ppid: string; ticks: number; reaped: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields are counted after its end.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // utime + stime, and cutime + cstime: what its exited children used, once it has waited for them.
    return { ppid: fields[1]!, ticks: Number(fields[11]) + Number(fields[12]), reaped: Number(fields[13]) + Number(fields[14]) };
  } catch {
    return undefined; // the process ended while we looked
  }
}

/**
 * Reads /proc: CPU per request is a steadier figure than requests per second on a machine shared
 * with other work (issue 24), since another process's load slows both but costs neither. A
 * descendant that exits between two readings leaves its time with its parent (PostgreSQL's backends
 * with the postmaster), counted as the parent's children's time.
 */
export function cpuSeconds(pid: number): CpuSeconds {
  const all = new Map<string, { ppid: string; ticks: number; reaped: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const found = stat(entry);
    if (found) all.set(entry, found);
  }
  const root = String(pid);
  const isDescendant = (id: string): boolean => {
    for (let parent = all.get(id)?.ppid; parent && parent !== '0'; parent = all.get(parent)?.ppid) if (parent === root) return true;
    return false;
  };
  let children = 0;
  // A descendant's reaped children count too: PostgreSQL's backends that exit (idle for 10 s) leave
  // their time with the postmaster, so it is not lost between two readings.
  for (const [id, { ticks, reaped }] of all) if (id !== root && isDescendant(id)) children += ticks + reaped;
  return { server: (all.get(root)?.ticks ?? 0) / TICKS_PER_SECOND, children: children / TICKS_PER_SECOND };
}

/** A load run with the CPU each answered request cost the server and its PostgreSQL, in µs. */
export interface CpuMeasured {
  figures: Figures;
  serverMicros: number;
  postgresMicros: number;
}

/** Runs `run` (one load) and divides the CPU used meanwhile by the requests answered, warm-up included on both sides. */
export async function cpuPerAnswered(pid: number, run: () => Promise<Figures>): Promise<CpuMeasured> {
  const before = cpuSeconds(pid);
  const figures = await run();
  const after = cpuSeconds(pid);
  const per = (seconds: number) => Math.round((seconds * 1e6) / figures.answered);
  return { figures, serverMicros: per(after.server - before.server), postgresMicros: per(after.children - before.children) };
}
