import fs from 'node:fs';
import path from 'node:path';
import { readCredentials } from '@/lib/platform/postgres/credentials';

/** The postmaster of the embedded PostgreSQL in a data folder: line 1 of its postmaster.pid. */
export function postmasterPid(dataDir: string): number {
  const pgDir = readCredentials(dataDir)?.pgDir ?? path.join(dataDir, 'postgres');
  return Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** The processes the postmaster forked: backends, checkpointer, WAL writer… (field 4 of /proc/<pid>/stat). */
function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) children.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return children;
}

/**
 * Freezes PostgreSQL as a hung server is frozen (a stalled disk, a paused VM): SIGSTOP to the
 * postmaster first, so it forks nothing new and accepts no connection, then to every process it
 * forked, so that no connection already open answers either. The kernel still accepts TCP
 * connections on its listening socket: a caller sees a server that connects and never answers.
 * Returns the thaw.
 */
export function freezePostgres(dataDir: string): () => void {
  const postmaster = postmasterPid(dataDir);
  process.kill(postmaster, 'SIGSTOP');
  const children = childrenOf(postmaster);
  for (const pid of children) process.kill(pid, 'SIGSTOP');
  return () => {
    for (const pid of children) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // a backend may have been ended meanwhile
      }
    }
    process.kill(postmaster, 'SIGCONT');
  };
}
