import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { config } from '@/lib/platform/config';
import { v4, type PublicKey, type SecretKey } from './paseto';

/** A signing key as stored: PASERK strings, so the file and the environment share one format. */
type SecretPaserk = `k4.secret.${string}`;
type PublicPaserk = `k4.public.${string}`;

export interface StoredKey {
  kid: string;
  secretKey?: SecretPaserk;
  publicKey: PublicPaserk;
  createdAt: string;
  retiredAt: string | null;
}

export interface KeyRing {
  signing: { kid: string; key: SecretKey };
  verifying: Map<string, PublicKey>;
}

export const keyIdOf = (publicPaserk: string) =>
  createHash('sha256').update(publicPaserk).digest('base64url').slice(0, 22);

const keysFile = () => path.join(config().dataDir, 'keys.json');

export async function generateStoredKey(now = new Date()): Promise<StoredKey> {
  const pair = await v4.GenerateKeyPair({ extractable: true });
  const secretKey = await v4.ExportSecretKey(pair.secretKey);
  const publicKey = await v4.ExportPublicKey(pair.publicKey);
  return { kid: keyIdOf(publicKey), secretKey, publicKey, createdAt: now.toISOString(), retiredAt: null };
}

async function readStoredKeys(): Promise<StoredKey[] | undefined> {
  try {
    return (JSON.parse(await readFile(keysFile(), 'utf8')) as { keys: StoredKey[] }).keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`The token key file ${keysFile()} cannot be read: ${(error as Error).message}`);
  }
}

async function writeStoredKeys(keys: StoredKey[]): Promise<void> {
  await mkdir(path.dirname(keysFile()), { recursive: true });
  const temporary = `${keysFile()}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify({ keys }, null, 2), { mode: 0o600 });
  await rename(temporary, keysFile());
}

/** Keys from the environment when PASETO_SECRET_KEY is set, else from the data folder (made on first start). */
async function storedKeys(): Promise<StoredKey[]> {
  const { PASETO_SECRET_KEY, PASETO_PUBLIC_KEYS } = config();
  if (PASETO_SECRET_KEY) {
    const secret = await v4.ImportSecretKey(PASETO_SECRET_KEY as SecretPaserk);
    const publicKey = await v4.ExportPublicKey(await v4.GetPublicKey(secret));
    const retired = (PASETO_PUBLIC_KEYS ?? '')
      .split(',')
      .map((value) => value.trim())
      .filter((value): value is PublicPaserk => value.startsWith('k4.public.'))
      .map((value) => ({ kid: keyIdOf(value), publicKey: value, createdAt: '', retiredAt: new Date().toISOString() }));
    return [{ kid: keyIdOf(publicKey), secretKey: PASETO_SECRET_KEY as SecretPaserk, publicKey, createdAt: '', retiredAt: null }, ...retired];
  }
  const existing = await readStoredKeys();
  if (existing?.some((key) => key.retiredAt === null)) return existing;
  const created = [await generateStoredKey(), ...(existing ?? [])];
  await writeStoredKeys(created);
  return created;
}

/** Makes a new signing key; the old one keeps verifying for TOKEN_KEY_GRACE_SECONDS. */
export async function rotateKeys(now = new Date()): Promise<{ activeKid: string; retiredKids: string[] }> {
  if (config().PASETO_SECRET_KEY) {
    throw new Error('Keys come from PASETO_SECRET_KEY: rotate them by changing the environment.');
  }
  const graceEnds = now.getTime() - config().TOKEN_KEY_GRACE_SECONDS * 1000;
  const kept = ((await readStoredKeys()) ?? [])
    .map((key) => (key.retiredAt === null ? { ...key, retiredAt: now.toISOString() } : key))
    .filter((key) => Date.parse(key.retiredAt!) > graceEnds);
  const fresh = await generateStoredKey(now);
  await writeStoredKeys([fresh, ...kept]);
  return { activeKid: fresh.kid, retiredKids: kept.map((key) => key.kid) };
}

export async function loadKeyRing(now = new Date()): Promise<KeyRing> {
  const keys = await storedKeys();
  const active = keys.find((key) => key.retiredAt === null && key.secretKey);
  if (!active) throw new Error('No active token signing key is configured.');
  const graceEnds = now.getTime() - config().TOKEN_KEY_GRACE_SECONDS * 1000;
  const verifying = new Map<string, PublicKey>();
  for (const key of keys) {
    const stillValid = key.retiredAt === null || config().PASETO_SECRET_KEY || Date.parse(key.retiredAt) > graceEnds;
    if (stillValid) verifying.set(key.kid, await v4.ImportPublicKey(key.publicKey));
  }
  return { signing: { kid: active.kid, key: await v4.ImportSecretKey(active.secretKey!) }, verifying };
}
