import fs from 'node:fs';
import path from 'node:path';
import { isAlive, sleep } from './processes';

const shared = globalThis as unknown as { __collectPostgresStartLocks?: Map<string, Promise<void>> };

function readHolder(file: string): { pid: number; text: string; ageMs: number } | null {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return { pid: Number(text.trim()), text, ageMs: Date.now() - fs.statSync(file).mtimeMs };
  } catch {
    return null;
  }
}

async function acquire(file: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o644 });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (!holder) continue;
    // Our own pid: nobody in this process holds it (calls are serialised below), so a previous process with
    // the same pid left it. An empty file older than 5 s was left by a writer killed mid-write.
    const stale =
      holder.pid === process.pid || (Number.isInteger(holder.pid) && holder.pid > 0 ? !isAlive(holder.pid) : holder.ageMs > 5_000);
    if (stale) {
      if (readHolder(file)?.text === holder.text) fs.rmSync(file, { force: true });
      continue;
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `Another process (pid ${holder.pid}) has been starting PostgreSQL for ${path.dirname(file)} for more than ` +
          `${Math.round(timeoutMs / 1000)} s. Stop it, or delete ${file} if that process is not starting PostgreSQL.`,
      );
    }
    await sleep(100);
  }
}

/**
 * Runs `task` while holding `${dataDir}/postgres.lock`, so that the inspect-stop-initialise-start sequence
 * never runs twice at once on one data folder (other processes, or another copy of this module).
 */
export async function withStartupLock<T>(dataDir: string, task: () => Promise<T>, timeoutMs = 120_000): Promise<T> {
  const locks = (shared.__collectPostgresStartLocks ??= new Map());
  const previous = locks.get(dataDir) ?? Promise.resolve();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const mine = previous.then(() => gate);
  locks.set(dataDir, mine);
  await previous;
  const file = path.join(dataDir, 'postgres.lock');
  try {
    await acquire(file, timeoutMs);
    try {
      return await task();
    } finally {
      if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
    }
  } finally {
    release();
    if (locks.get(dataDir) === mine) locks.delete(dataDir);
  }
}
