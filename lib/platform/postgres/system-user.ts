import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The `postgres` system account that runs PostgreSQL when this process is root (PostgreSQL refuses root). */
export interface SystemUser {
  uid: number;
  gid: number;
  groups: number[];
}

async function lookup(): Promise<SystemUser | null> {
  try {
    const id = async (flag: string) => (await run('id', [flag, 'postgres'])).stdout.trim();
    const [uid, gid, groups] = await Promise.all([id('-u'), id('-g'), id('-G')]);
    return { uid: Number(uid), gid: Number(gid), groups: groups.split(/\s+/).map(Number) };
  } catch {
    return null;
  }
}

/** Finds or creates the `postgres` user; tolerates another process creating it at the same moment. */
export async function ensurePostgresUser(): Promise<SystemUser> {
  const existing = await lookup();
  if (existing) return existing;
  const problems: string[] = [];
  const attempt = async (command: string, args: string[]) => {
    try {
      await run(command, args);
    } catch (error) {
      const failure = error as { code?: unknown; stderr?: string; message: string };
      // Exit status 9: the group or user already exists (created concurrently).
      if (failure.code !== 9) problems.push(`${command}: ${failure.stderr?.trim() || failure.message}`);
    }
  };
  await attempt('groupadd', ['postgres']);
  await attempt('useradd', ['-r', '-g', 'postgres', '-s', '/usr/sbin/nologin', 'postgres']);
  const created = await lookup();
  if (created) return created;
  throw new Error(
    'PostgreSQL refuses to run as root, and the "postgres" system user needed to run it could not be created' +
      (problems.length ? ` (${problems.join('; ')})` : '') +
      '. Create that user yourself, run the app as a normal user, or set DATABASE_URL.',
  );
}

/** The first ancestor folder of `target` that `user` may not enter, or null when every one is traversable. */
export function blockingAncestor(target: string, user: SystemUser): string | null {
  let folder = path.dirname(path.resolve(target));
  for (;;) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(folder);
    } catch {
      return folder;
    }
    // Same rule as the kernel: owner bits if the owner matches, else group bits if a group matches, else others.
    const bit = stat.uid === user.uid ? 0o100 : user.groups.includes(stat.gid) || stat.gid === user.gid ? 0o010 : 0o001;
    if ((stat.mode & bit) === 0) return folder;
    const parent = path.dirname(folder);
    if (parent === folder) return null;
    folder = parent;
  }
}

/** Gives `folder` (recursively) to the postgres user. */
export async function chownTree(folder: string, user: SystemUser): Promise<void> {
  try {
    await run('chown', ['-R', `${user.uid}:${user.gid}`, folder]);
  } catch (error) {
    throw new Error(`Could not give ${folder} to the postgres system user: ${(error as Error).message}`, { cause: error });
  }
}
