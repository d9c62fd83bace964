import { and, eq, ne } from 'drizzle-orm';
import type { Principal } from '@/lib/api/principal';
import { users } from '@/lib/auth/schema';
import { config } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { emailLink } from '@/lib/team/mailer';

/**
 * Tells every other active administrator of the merchant that where its money goes has changed, so
 * that a change nobody made is noticed at once. Sent after commit and never awaited by the request:
 * a slow or absent mail server delays nobody (the mailer has its own timeouts and logs failures).
 * Answers the promise so that a caller (a test) may wait for it.
 */
export function noticeOtherAdmins(principal: Principal, subject: string, text: string): Promise<void> {
  if (!config().SMTP_URL) return Promise.resolve();
  const sending = (async () => {
    const admins = await db()
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.merchantId, principal.merchantId), eq(users.role, 'MERCHANT_ADMIN'), eq(users.active, true), ne(users.id, principal.userId)));
    await Promise.all(admins.map((admin) => emailLink(admin.email, subject, text)));
  })().catch((error: unknown) => {
    logger().warn({ err: error instanceof Error ? error.message : String(error) }, 'settlement account notice not sent');
  });
  return sending;
}
