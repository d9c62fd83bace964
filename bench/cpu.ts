import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds used so far by a process and, apart, by all its descendants (the embedded PostgreSQL). */
export interface CpuSeconds {
  server: number;
  children: number;
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function stat(pid: string): { ppid: string; ticks: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields are counted after its end.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: fields[1]!, ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined; // the process ended while we looked
  }
}

/**
 * Reads /proc: CPU per request is a steadier figure than requests per second on a machine shared
 * with other work (issue 24), since another process's load slows both but costs neither. A
 * descendant that exits between two readings takes its time with it, so figures are a lower bound.
 */
export function cpuSeconds(pid: number): CpuSeconds {
  const all = new Map<string, { ppid: string; ticks: number }>();
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
  for (const [id, { ticks }] of all) if (id !== root && isDescendant(id)) children += ticks;
  return { server: (all.get(root)?.ticks ?? 0) / TICKS_PER_SECOND, children: children / TICKS_PER_SECOND };
}
