import { isIP } from 'node:net';
import type { Context } from 'hono';
import { config } from '@/lib/platform/config';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * The caller's IP address. X-Forwarded-For is believed only from a proxy we trust: the portal and
 * any reverse proxy on this machine (loopback), or any peer when TRUST_PROXY is set. Its rightmost
 * entry is the one our proxy appended; entries further left are whatever the client claimed.
 */
export function clientAddress(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const peer = incoming?.socket?.remoteAddress ?? 'unknown';
  const forwarded = c.req.header('x-forwarded-for');
  if (forwarded && (config().TRUST_PROXY || LOOPBACK.test(peer))) {
    const hops = forwarded.split(',').map((hop) => hop.trim()).filter(Boolean);
    const nearest = hops.at(-1);
    if (nearest && isIP(nearest)) return nearest;
  }
  return peer;
}
