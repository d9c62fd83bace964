import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): a secret is `whsec_` + base64 of
 * its key bytes, and a signature is `v1,` + base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`.
 */
export const SECRET_PREFIX = 'whsec_';
export const MIN_KEY_BYTES = 24;
export const MAX_KEY_BYTES = 64;
const GENERATED_KEY_BYTES = 32;
const SECRET_PATTERN = /^whsec_([A-Za-z0-9+/]+={0,2})$/;

export const generateSecret = () => SECRET_PREFIX + randomBytes(GENERATED_KEY_BYTES).toString('base64');

/** The key bytes of a well-formed secret (canonical base64 of 24 to 64 bytes), else undefined. */
export function secretKey(secret: string): Buffer | undefined {
  const encoded = SECRET_PATTERN.exec(secret)?.[1];
  if (!encoded) return undefined;
  const key = Buffer.from(encoded, 'base64');
  if (key.toString('base64') !== encoded) return undefined;
  return key.length >= MIN_KEY_BYTES && key.length <= MAX_KEY_BYTES ? key : undefined;
}

export const isValidSecret = (secret: string) => secretKey(secret) !== undefined;

export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = secretKey(secret);
  if (!key) throw new Error('webhook secret is malformed');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** One signature per live secret, space-separated: receivers accept the message if any matches. */
export const signatureHeader = (secrets: string[], id: string, timestamp: number, body: string) =>
  secrets.map((secret) => sign(secret, id, timestamp, body)).join(' ');
