import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { logger } from '@/lib/platform/logger';
import { isServiceError } from './errors';
import { isAdmin } from './roles';
import { requireSession, type PortalSession } from './session';

/** Every admin page's server action: a session, the admin role (the service checks it again). */
export async function requireAdminSession(): Promise<PortalSession | null> {
  const session = await requireSession();
  return isAdmin(session.user) ? session : null;
}

export const NOT_ADMIN = 'Only an administrator of your merchant can do this.';

/** A refusal of the service as one sentence for the form; redirects (an ended session) pass through. */
export function refusalMessage(error: unknown): string {
  unstable_rethrow(error);
  if (isServiceError(error) && error.status < 500) return error.detail ?? error.title;
  logger().error({ err: error }, 'portal admin action could not reach the service');
  return 'We could not save this just now. Please try again in a moment.';
}
