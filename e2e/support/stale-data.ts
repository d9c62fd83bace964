import { readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Whether a process of this pid runs (signal 0 only asks). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the data folders earlier browser-suite runs left in the temp folder (environment.ts names
 * them collect-e2e-<time>-<pid>). A run cannot remove its own: Playwright stops the web server, whose
 * embedded PostgreSQL lives there, only after the global teardown. So each run removes those of runs
 * that are over: the runner that named it is gone and no PostgreSQL runs from it (postmaster.pid).
 * Without this every run left about 55 MB behind.
 */
export async function removeStaleDataFolders(own: string | undefined): Promise<void> {
  const temp = os.tmpdir();
  for (const name of await readdir(temp)) {
    const match = /^collect-e2e-\d+-(\d+)$/.exec(name);
    const folder = path.join(temp, name);
    if (!match || folder === own || running(Number(match[1]))) continue;
    const postmaster = await readFile(path.join(folder, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '');
    const postgresPid = Number(postmaster.split('\n')[0]);
    if (postgresPid > 0 && running(postgresPid)) continue;
    await rm(folder, { recursive: true, force: true });
  }
}
