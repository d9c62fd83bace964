import 'server-only';
import { logger } from '@/lib/platform/logger';
import { endServiceSession } from './service-auth';
import type { PortalToken } from './token';

/**
 * Ends the service session behind a portal session. Signing out of the portal must not fail
 * because the service did not answer: the cookie is cleared regardless, and the tokens expire.
 */
export async function endSession(token: PortalToken): Promise<void> {
  try {
    await endServiceSession({ accessToken: token.accessToken, refreshToken: token.refreshToken });
  } catch (error) {
    logger().warn({ err: error }, 'service logout failed; the portal cookie is cleared anyway');
  }
}
