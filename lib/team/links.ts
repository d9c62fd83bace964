import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { config } from '@/lib/platform/config';

export const INVITATION_TTL_DAYS = 7;
export const PASSWORD_RESET_TTL_HOURS = 24;

/** 256 random bits behind a readable kind; only the SHA-256 is stored, so a database leak opens no link. */
export const newLinkToken = (kind: 'inv' | 'rst') => `${kind}_${randomBytes(32).toString('base64url')}`;
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The portal's own address: PUBLIC_URL when set, else the origin the request came to (fine on localhost). */
export function portalUrl(c: Context, path: string): string {
  return new URL(path, config().PUBLIC_URL ?? new URL(c.req.url).origin).toString();
}
