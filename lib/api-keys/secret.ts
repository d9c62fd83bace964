import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sandboxEnabled } from '@/lib/platform/config';

/**
 * `ck_live_` or `ck_test_` (by sandbox mode) and 256 random bits: a fixed, documented prefix lets
 * secret scanners (GitHub, GitGuardian) recognise a leaked key. A key that random needs no slow
 * hash: SHA-256 cannot be brute-forced back to it.
 */
export const API_KEY_PATTERN = /^ck_(live|test)_[A-Za-z0-9_-]{43}$/;
const SHOWN_CHARACTERS = 4;

export function newApiKeySecret(): { secret: string; prefix: string; hash: string } {
  const secret = `ck_${sandboxEnabled() ? 'test' : 'live'}_${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, 'ck_live_'.length + SHOWN_CHARACTERS), hash: hashApiKey(secret) };
}

export const hashApiKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The lookup is by hash (an index); this compares once more without leaking time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
