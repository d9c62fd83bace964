import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a signature's timestamp may be from our clock before a replay is assumed. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Hex HMAC-SHA256 of "<t>.<raw body>": what the bank puts after v1= in X-Bank-Signature. */
export const bankSignature = (secret: string, timestamp: string, rawBody: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

export type SignatureCheck = 'valid' | 'missing' | 'stale' | 'mismatch';

/**
 * Checks `X-Bank-Signature: t=<unix seconds>,v1=<hex>` (several v1 entries are allowed, so a bank
 * can sign with an old and a new key while a key is being changed).
 */
export function checkBankSignature(header: string | undefined, rawBody: string, secret: string, nowMs = Date.now()): SignatureCheck {
  if (!header) return 'missing';
  const parts = header.split(',').map((part) => part.trim().split('=', 2) as [string, string?]);
  const timestamp = parts.find(([key]) => key === 't')?.[1];
  const signatures = parts.filter(([key, value]) => key === 'v1' && value).map(([, value]) => value!);
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) return 'missing';
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return 'stale';
  const expected = Buffer.from(bankSignature(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? 'valid' : 'mismatch';
}
