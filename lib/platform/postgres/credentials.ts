import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** The content of `${dataDir}/postgres.json` (mode 0600). */
export interface Credentials {
  port: number;
  password: string;
  user: 'postgres';
  database: 'collect';
  /** Only when PostgreSQL's files live outside `${dataDir}/postgres` (root, unreachable project folder). */
  pgDir?: string;
}

export const credentialsFile = (dataDir: string) => path.join(dataDir, 'postgres.json');

export function readCredentials(dataDir: string): Credentials | null {
  const file = credentialsFile(dataDir);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`Could not read the PostgreSQL credentials file ${file}: ${(error as Error).message}`, { cause: error });
  }
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`The PostgreSQL credentials file ${file} is not valid JSON. Restore it or delete the data folder.`, {
      cause: error,
    });
  }
  const { port, password, pgDir } = value ?? {};
  if (!Number.isInteger(port) || (port as number) < 1 || (port as number) > 65535 || typeof password !== 'string' || !password) {
    throw new Error(`The PostgreSQL credentials file ${file} must hold a "port" (1-65535) and a non-empty "password".`);
  }
  if (pgDir !== undefined && (typeof pgDir !== 'string' || !path.isAbsolute(pgDir))) {
    throw new Error(`The "pgDir" in ${file} must be an absolute path.`);
  }
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return { port: port as number, password, user: 'postgres', database: 'collect', ...(pgDir ? { pgDir } : {}) };
}

/** Writes the file atomically (temporary file + rename), readable by its owner only. */
export function writeCredentials(dataDir: string, credentials: Credentials): void {
  const file = credentialsFile(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(temporary, 0o600);
  fs.renameSync(temporary, file);
}

export const newPassword = () => randomBytes(24).toString('base64url');

function listen(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(null));
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export async function freePort(): Promise<number> {
  const port = await listen(0);
  if (port === null) throw new Error('Could not find a free TCP port on 127.0.0.1 for PostgreSQL.');
  return port;
}

export const isPortFree = async (port: number) => (await listen(port)) === port;
