'use server';

import { redirect } from 'next/navigation';
import { clearSessionCookie, storedSessionToken } from '@/lib/portal/session';
import { endSession } from '@/lib/portal/sign-out';

/**
 * Ends the service session (so its tokens stop working at once), then the portal's cookie.
 * Needs no signed-in check: it only ever ends the caller's own session.
 */
export async function signOut(): Promise<void> {
  const token = await storedSessionToken();
  if (token) await endSession(token);
  await clearSessionCookie();
  redirect('/login');
}
