import 'server-only';
import { config } from '@/lib/platform/config';

/**
 * The portal's few deployment facts, read from the one validated configuration.
 * Functions, not constants: `next build` imports these modules with no runtime environment.
 */
export function publicUrl(): string | undefined {
  return config().PUBLIC_URL ?? process.env.NEXTAUTH_URL;
}

/** Secure cookies only where the browser will send them back: production behind https. */
export function secureCookiesEnabled(): boolean {
  return process.env.NODE_ENV === 'production' && Boolean(publicUrl()?.startsWith('https://'));
}

export function sessionSecret(): string {
  const secret = process.env.NEXTAUTH_SECRET;
  if (!secret) throw new Error('NEXTAUTH_SECRET is not set: the portal cannot seal its session cookie.');
  return secret;
}

/** The longest a portal session lasts, whatever the refresh tokens allow. */
export function sessionMaxAgeSeconds(): number {
  return config().SESSION_MAX_AGE_SECONDS;
}
