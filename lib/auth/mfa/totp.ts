import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
export const ISSUER = 'Collect';

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

export const otpauthUrl = (secret: string, email: string) => totpOf(secret, email).toString();

/**
 * The time step a code belongs to, or undefined. One step either side is accepted for clock drift;
 * the caller refuses a step not later than the last one used, so a code works once.
 */
export function matchingStep(secret: string, code: string, now = Date.now()): number | undefined {
  const digits = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(digits)) return undefined;
  const delta = totpOf(secret).validate({ token: digits, timestamp: now, window: 1 });
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** Ten codes like `k7f3q-9x2mw` (about 49 random bits each); only their SHA-256 is stored. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export const normaliseRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/[^a-z0-9]/g, '').replace(/^(.{5})(.{5})$/, '$1-$2');
export const hashRecoveryCode = (code: string) => createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
