import { createHash } from 'node:crypto';
import path from 'node:path';
import { config } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { lockSharedSetting, replaceSharedSetting, resolveSharedSecret, SharedSettingConflict, type SharedSecretSpec } from '@/lib/platform/shared-state/store';
import { v4, type PublicKey, type SecretKey } from './paseto';

/** A signing key as stored: PASERK strings, so the database, an old keys.json and the environment share one format. */
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

const TOKEN_KEYS = 'token-signing-keys';

export async function generateStoredKey(now = new Date()): Promise<StoredKey> {
  const pair = await v4.GenerateKeyPair({ extractable: true });
  const secretKey = await v4.ExportSecretKey(pair.secretKey);
  const publicKey = await v4.ExportPublicKey(pair.publicKey);
  return { kid: keyIdOf(publicKey), secretKey, publicKey, createdAt: now.toISOString(), retiredAt: null };
}

const isStoredKey = (key: Partial<StoredKey> | null): key is StoredKey =>
  typeof key?.kid === 'string' &&
  typeof key.publicKey === 'string' &&
  key.publicKey.startsWith('k4.public.') &&
  (key.secretKey === undefined || (typeof key.secretKey === 'string' && key.secretKey.startsWith('k4.secret.'))) &&
  (key.retiredAt === null || typeof key.retiredAt === 'string');

const activeKey = (keys: StoredKey[]) => keys.find((key) => key.retiredAt === null && key.secretKey);

/** The same JSON as the keys.json of earlier versions, so that the file imports as it is. */
function parseStoredKeys(text: string, where: string): StoredKey[] {
  let keys: unknown;
  try {
    keys = (JSON.parse(text) as { keys?: unknown }).keys;
  } catch {
    throw new SharedSettingConflict(`The token keys in ${where} are not valid JSON: restore them, or delete them to make new keys (signed-in users then sign in again).`);
  }
  if (!Array.isArray(keys) || !keys.every(isStoredKey) || !activeKey(keys)) {
    throw new SharedSettingConflict(`The token keys in ${where} are not a list of PASERK keys with one active signing key.`);
  }
  return keys;
}

const serialise = (keys: StoredKey[]) => JSON.stringify({ keys });

/**
 * Signing keys every instance shares: PASETO_SECRET_KEY when set (the database records only its
 * fingerprint), else kept in the database (made by the first start, or imported from the
 * DATA_DIR/keys.json of an earlier version so that issued tokens keep verifying).
 */
const tokenKeysSpec = (): SharedSecretSpec => ({
  name: TOKEN_KEYS,
  variable: 'PASETO_SECRET_KEY',
  label: 'the token signing key',
  given: config().PASETO_SECRET_KEY,
  legacyFile: path.join(config().dataDir, 'keys.json'),
  readLegacy: (text, file) => serialise(parseStoredKeys(text, file)),
  generate: async () => serialise([await generateStoredKey()]),
  agrees: (stored, given) => activeKey(parseStoredKeys(stored, 'the database'))?.secretKey === given,
});

/** At start: the keys agreed with the other instances on the database, or the start is refused. */
export const establishTokenKeys = async (): Promise<void> => {
  await resolveSharedSecret(tokenKeysSpec());
};

/** For `settings:adopt`. */
export const tokenKeySpecs = () => [tokenKeysSpec()];

/** Keys from the environment when PASETO_SECRET_KEY is set, else the database's, read afresh (another instance may have rotated them). */
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
  return parseStoredKeys(await resolveSharedSecret(tokenKeysSpec()), 'the database');
}

/**
 * Makes a new signing key; the old one keeps verifying for TOKEN_KEY_GRACE_SECONDS. The row is locked
 * so two rotations at once cannot lose a key; running instances pick the change up on their own
 * (lib/auth/tokens.ts: at once for an unknown key id, within a minute for signing).
 */
export async function rotateKeys(now = new Date()): Promise<{ activeKid: string; retiredKids: string[] }> {
  if (config().PASETO_SECRET_KEY) {
    throw new Error('Keys come from PASETO_SECRET_KEY: rotate them by changing the environment.');
  }
  return db().transaction(async (tx) => {
    await resolveSharedSecret(tokenKeysSpec(), tx);
    const row = await lockSharedSetting(TOKEN_KEYS, tx);
    const graceEnds = now.getTime() - config().TOKEN_KEY_GRACE_SECONDS * 1000;
    const kept = parseStoredKeys(row!.value!, 'the database')
      .map((key) => (key.retiredAt === null ? { ...key, retiredAt: now.toISOString() } : key))
      .filter((key) => Date.parse(key.retiredAt!) > graceEnds);
    const fresh = await generateStoredKey(now);
    await replaceSharedSetting(TOKEN_KEYS, { value: serialise([fresh, ...kept]) }, 'generated', tx);
    return { activeKid: fresh.kid, retiredKids: kept.map((key) => key.kid) };
  });
}

export async function loadKeyRing(now = new Date()): Promise<KeyRing> {
  const keys = await storedKeys();
  const active = activeKey(keys);
  if (!active) throw new Error('No active token signing key is configured.');
  const graceEnds = now.getTime() - config().TOKEN_KEY_GRACE_SECONDS * 1000;
  const verifying = new Map<string, PublicKey>();
  for (const key of keys) {
    const stillValid = key.retiredAt === null || config().PASETO_SECRET_KEY || Date.parse(key.retiredAt) > graceEnds;
    if (stillValid) verifying.set(key.kid, await v4.ImportPublicKey(key.publicKey));
  }
  return { signing: { kid: active.kid, key: await v4.ImportSecretKey(active.secretKey!) }, verifying };
}
