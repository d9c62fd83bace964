import { createHash, timingSafeEqual } from 'node:crypto';
import { config } from '@/lib/platform/config';
import { persistentSecret } from '@/lib/platform/secrets';

/**
 * Each rail's shared secret: from the environment, or made once into the data folder so that a
 * restart keeps the URLs registered with Safaricom and the key given to the bank valid.
 * Never logged: the request log writes paths only, and the M-Pesa secret travels in the query.
 */
export const mpesaCallbackSecret = async () => config().MPESA_CALLBACK_SECRET ?? persistentSecret(config().dataDir, 'mpesa-callback-secret');

export const bankWebhookSecret = async () => config().BANK_WEBHOOK_SECRET ?? persistentSecret(config().dataDir, 'bank-webhook-secret');

const digest = (value: string) => createHash('sha256').update(value).digest();
// The expected side is one of a few secrets of this process: hashed once each.
const expectedDigests = new Map<string, Buffer>();

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
export function sameSecret(given: string, expected: string): boolean {
  let expectedDigest = expectedDigests.get(expected);
  if (!expectedDigest) expectedDigests.set(expected, (expectedDigest = digest(expected)));
  return timingSafeEqual(digest(given), expectedDigest);
}
