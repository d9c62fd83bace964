import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';

const COST = 2 ** 14;
const KEY_LENGTH = 32;

const scrypt = (value: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(value, salt, KEY_LENGTH, { N: COST, r: 8, p: 1 }, (error, key) => (error ? reject(error) : resolve(key))),
  );

/**
 * A salted scrypt fingerprint of a secret that only the instances' environment holds: enough to tell
 * "the same value" at start, not enough to recover a guessable value from a database dump.
 */
export async function fingerprintOf(secret: string): Promise<string> {
  const salt = randomBytes(16);
  return ['scrypt', COST, salt.toString('base64url'), (await scrypt(secret, salt)).toString('base64url')].join('$');
}

export async function matchesFingerprint(secret: string, fingerprint: string): Promise<boolean> {
  const [scheme, cost, salt, expected] = fingerprint.split('$');
  if (scheme !== 'scrypt' || Number(cost) !== COST || !salt || !expected) return false;
  const key = await scrypt(secret, Buffer.from(salt, 'base64url'));
  const expectedKey = Buffer.from(expected, 'base64url');
  return expectedKey.length === key.length && timingSafeEqual(key, expectedKey);
}
