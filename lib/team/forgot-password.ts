import type { Context } from 'hono';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { clientAddress } from '@/lib/api/client-address';
import { recordAudit } from '@/lib/audit/record';
import { users } from '@/lib/auth/schema';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { hashLinkToken, newLinkToken, PASSWORD_RESET_TTL_HOURS, portalUrl } from './links';
import { emailLink } from './mailer';
import { passwordResetRequests, passwordResets } from './schema';

export const FORGOT_WINDOW_SECONDS = 60 * 60;
/** A person who lost a password asks once or twice; more is someone filling an inbox. */
export const MAX_REQUESTS_PER_EMAIL = 3;
/** An office behind one address may have a few people who forgot; a script has many. */
export const MAX_REQUESTS_PER_ADDRESS = 20;

/** The one answer, whether or not the email is a user's: the page says the same to everyone. */
export const FORGOT_PASSWORD_ANSWER =
  'If that email belongs to a Collect user, a link to set a new password is on its way. It works once, for 24 hours.';

async function secondsUntilAllowed(email: string, address: string): Promise<number> {
  const windowStart = sql`now() - make_interval(secs => ${FORGOT_WINDOW_SECONDS})`;
  const waits = await Promise.all(
    [
      { column: passwordResetRequests.email, value: email, limit: MAX_REQUESTS_PER_EMAIL },
      { column: passwordResetRequests.address, value: address, limit: MAX_REQUESTS_PER_ADDRESS },
    ].map(async ({ column, value, limit }) => {
      const rows = await db()
        .select({ wait: sql<string>`ceil(extract(epoch from (${passwordResetRequests.requestedAt} + make_interval(secs => ${FORGOT_WINDOW_SECONDS}) - now())))` })
        .from(passwordResetRequests)
        .where(and(eq(column, value), gt(passwordResetRequests.requestedAt, windowStart)))
        .orderBy(sql`${passwordResetRequests.requestedAt} desc`)
        .offset(limit - 1)
        .limit(1);
      return rows[0] ? Math.max(1, Number(rows[0].wait)) : 0;
    }),
  );
  return Math.max(...waits);
}

/** A fresh link for an active user (earlier unused links are withdrawn), or null for anyone else. */
async function issueForEmail(email: string) {
  const token = newLinkToken('rst');
  return db().transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(and(eq(users.email, email), eq(users.active, true)));
    if (!user) return null;
    await tx.update(passwordResets).set({ usedAt: sql`now()` }).where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({ tokenHash: hashLinkToken(token), userId: user.id, createdBy: null, expiresAt: sql`now() + make_interval(hours => ${PASSWORD_RESET_TTL_HOURS})` });
    await recordAudit(tx, {
      merchantId: user.merchantId,
      actor: { type: 'system', id: null, label: 'Forgot password' },
      action: 'user.password_reset_requested',
      target: { type: 'user', id: user.id },
      summary: `A password-reset link was emailed to ${user.email} at their request.`,
      details: { email: user.email },
    });
    return { token, email: user.email };
  });
}

/**
 * "Forgot password?": with SMTP set, an active user's email gets a one-time reset link (the page of
 * administrator-made resets). The answer is the same whoever asks, and comes before the mail is
 * sent, so neither its words nor its time tell whether the email is a user's. Throttled per email
 * and per address whether or not the email exists (429 says nothing about the account either).
 */
export async function requestPasswordReset(c: Context, typedEmail: string, smtpConfigured: boolean): Promise<void> {
  const email = typedEmail.trim().toLowerCase();
  const address = clientAddress(c);
  const wait = await secondsUntilAllowed(email, address);
  if (wait > 0) {
    throw new ApiError(429, 'too_many_requests', 'Too many reset requests', `Try again in ${wait} seconds.`, { headers: { 'Retry-After': String(wait) } });
  }
  await db().insert(passwordResetRequests).values({ email, address });
  if (Math.random() < 0.01) {
    await db().delete(passwordResetRequests).where(lt(passwordResetRequests.requestedAt, sql`now() - make_interval(secs => ${FORGOT_WINDOW_SECONDS})`));
  }
  // Without a mail server no link is made: nobody could receive it (an administrator issues one instead).
  if (!smtpConfigured) return;
  // The link is made and sent after the answer: how long the answer takes must not tell either.
  const resetUrlOf = (token: string) => portalUrl(c, `/reset-password/${token}`);
  void issueAndEmail(email, resetUrlOf).catch((error: unknown) =>
    logger().warn({ code: (error as { code?: unknown }).code }, 'self-service password reset failed; the user can ask again'),
  );
}

async function issueAndEmail(email: string, resetUrlOf: (token: string) => string): Promise<void> {
  const issued = await issueForEmail(email);
  if (!issued) return;
  await emailLink(
    issued.email,
    'Set a new Collect password',
    `Someone (we hope you) asked to set a new password for your Collect portal. Set it here (the link works once, for 24 hours):\n\n${resetUrlOf(issued.token)}\n\nIf it was not you, ignore this email: your password stays as it is.\n`,
  );
}
