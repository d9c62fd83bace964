import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { merchants } from '@/lib/merchants/schema';
import { createMerchant } from '@/lib/merchants/operations';
import { db } from '@/lib/platform/db';

export const DEMO_EMAIL = 'demo@example.com';

/** On an empty database, a merchant to sign in with; the password is printed once, never logged. */
export async function ensureDemoMerchant(password?: string): Promise<{ email: string; password: string } | undefined> {
  const [{ merchantCount }] = (await db().select({ merchantCount: count() }).from(merchants)) as [{ merchantCount: number }];
  if (merchantCount > 0) return undefined;
  const chosen = password ?? randomBytes(12).toString('base64url');
  try {
    await createMerchant({ name: 'Demo Duka Ltd', email: DEMO_EMAIL, password: chosen, firstName: 'Demo', lastName: 'Merchant' });
  } catch (error) {
    // Another instance starting on the same empty database seeded it first.
    if (error instanceof ApiError && error.status === 409) return undefined;
    throw error;
  }
  return { email: DEMO_EMAIL, password: chosen };
}
