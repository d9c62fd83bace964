import 'server-only';
import { headers } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import { payerLinkRoutes } from '@/lib/payer-links/routes';
import { paymentOptionRoutes } from '@/lib/payment-options/routes';
import { logger } from '@/lib/platform/logger';
import { isServiceError } from '@/lib/portal/errors';
import { portalClient, type PortalSession } from '@/lib/portal/session';
import { publicUrl } from '@/lib/portal/settings';

export type PayerLinkTarget = 'VIRTUAL_ACCOUNT' | 'EXPECTED_PAYMENT' | 'CUSTOMER';

export interface PayerLinkView {
  /** The absolute address to send a payer. */
  url: string;
  /** The same page, opened for printing. */
  printHref: string;
  /** The KE-QR code a payer scans to pay (null where M-Pesa cannot take the payment, e.g. USD). */
  keQr: { payload: string; kind: 'STATIC' | 'DYNAMIC' } | null;
}

const optionsQuery = (targetType: PayerLinkTarget, targetId: string) =>
  targetType === 'VIRTUAL_ACCOUNT' ? { virtualAccountId: targetId } : targetType === 'EXPECTED_PAYMENT' ? { expectedPaymentId: targetId } : { customerId: targetId };

/**
 * This site's origin as payers will reach it: PUBLIC_URL when it is set, else the request's Host
 * (which the README accepts on localhost and behind a proxy that sets it).
 */
export async function siteOrigin(): Promise<string> {
  const configured = publicUrl();
  if (configured) return new URL(configured).origin;
  const incoming = await headers();
  const forwardedProto = incoming.get('x-forwarded-proto')?.split(',')[0]?.trim();
  const protocol = forwardedProto === 'https' ? 'https' : 'http';
  return `${protocol}://${incoming.get('host') ?? 'localhost'}`;
}

/**
 * The target's payer link, made the first time it is asked for (the service answers the same
 * link every later time, so asking on each render creates nothing new). Read-only SUPPORT users
 * get it too: they help payers on the phone, and the service lets them ask for a link because it
 * only reads (lib/auth/authenticate.ts, docs/roles.md). A failure costs the page its link, not the page.
 */
export async function payerLinkOf(session: PortalSession, targetType: PayerLinkTarget, targetId: string): Promise<PayerLinkView | null> {
  try {
    const client = portalClient(session);
    const [link, origin, options] = await Promise.all([
      client.call(payerLinkRoutes.create, { json: { targetType, targetId } }),
      siteOrigin(),
      client.call(paymentOptionRoutes.get, { query: optionsQuery(targetType, targetId) }),
    ]);
    return { url: `${origin}${link.path}`, printHref: `${link.path}?print=1`, keQr: options.keQr };
  } catch (error) {
    unstable_rethrow(error);
    // 404: the target is not there (or not visible); the page says so itself.
    if (isServiceError(error) && error.status === 404) return null;
    logger().warn({ err: error, targetType, targetId }, 'payer link could not be made');
    return null;
  }
}
