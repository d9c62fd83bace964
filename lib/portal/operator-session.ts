import 'server-only';
import { notFound } from 'next/navigation';
import type { ServiceClient } from '@/lib/client';
import { isOperator } from './roles';
import { portalClient, requireSession, type PortalSession } from './session';

/**
 * Every /operator page and server action calls this itself. Signed out → /login; a merchant's user
 * gets the portal's 404 page, as the service answers its token 404 on /operator/*: the console's
 * existence is not disclosed (docs/operator.md).
 */
export async function requireOperatorSession(): Promise<PortalSession> {
  const session = await requireSession();
  if (!isOperator(session.user)) notFound();
  return session;
}

/** A service client acting as the signed-in operator: the merchant portal's, enrolling at /operator/account. */
export function operatorClient(session: PortalSession): ServiceClient {
  return portalClient(session, '/operator/account');
}
