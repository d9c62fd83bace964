import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { db } from '@/lib/platform/db';
import { loginFailures } from './schema';

export const THROTTLE_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 50;

/** Seconds until another attempt is allowed, or 0 when the caller may try now. */
export async function secondsUntilLoginAllowed(email: string, address: string): Promise<number> {
  const windowStart = sql`now() - make_interval(secs => ${THROTTLE_WINDOW_SECONDS})`;
  const [byEmail, byAddress] = await Promise.all(
    [
      { column: loginFailures.email, value: email, limit: MAX_FAILURES_PER_EMAIL },
      { column: loginFailures.address, value: address, limit: MAX_FAILURES_PER_ADDRESS },
    ].map(async ({ column, value, limit }) => {
      // The limit-th newest failure inside the window decides when the window frees a slot.
      const rows = await db()
        .select({
          waitSeconds: sql<string>`ceil(extract(epoch from (${loginFailures.failedAt} + make_interval(secs => ${THROTTLE_WINDOW_SECONDS}) - now())))`,
        })
        .from(loginFailures)
        .where(and(eq(column, value), gt(loginFailures.failedAt, windowStart)))
        .orderBy(sql`${loginFailures.failedAt} desc`)
        .offset(limit - 1)
        .limit(1);
      return rows[0] ? Math.max(1, Number(rows[0].waitSeconds)) : 0;
    }),
  );
  return Math.max(byEmail!, byAddress!);
}

export async function recordLoginFailure(email: string, address: string): Promise<void> {
  await db().insert(loginFailures).values({ email, address });
  // Old rows say nothing any more; trimming here keeps the table small without a scheduled job.
  if (Math.random() < 0.01) {
    await db()
      .delete(loginFailures)
      .where(lt(loginFailures.failedAt, sql`now() - make_interval(secs => ${THROTTLE_WINDOW_SECONDS})`));
  }
}

/** A successful sign-in clears that email's failures: the owner has proven the password. */
export async function clearLoginFailures(email: string): Promise<void> {
  await db().delete(loginFailures).where(eq(loginFailures.email, email));
}
