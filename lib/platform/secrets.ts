import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const globalSecrets = globalThis as unknown as { __collectSecrets?: Map<string, Promise<string>> };
const known = (globalSecrets.__collectSecrets ??= new Map());

/**
 * A secret kept in the data folder (mode 0600), made on first use, so restarts keep sessions valid.
 * Read once per process: rail handlers ask for it on every callback.
 */
export function persistentSecret(dataDir: string, name: string): Promise<string> {
  const file = path.join(dataDir, name);
  let secret = known.get(file);
  if (!secret) {
    secret = readOrCreate(file);
    known.set(file, secret);
    secret.catch(() => known.delete(file));
  }
  return secret;
}

async function readOrCreate(file: string): Promise<string> {
  const dataDir = path.dirname(file);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // 'wx' fails if another process won the race; then its secret is the one to use.
  await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return (await readFile(file, 'utf8')).trim();
}
