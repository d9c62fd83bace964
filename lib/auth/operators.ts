import { and, count, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { ApiError, conflict, notFound, unprocessable } from '@/lib/api/errors';
import type { PlatformRole } from '@/lib/api/principal';
import { db, type Queryable } from '@/lib/platform/db';
import { violatedUniqueConstraint } from '@/lib/platform/db/errors';
import { userTotp } from './mfa-schema';
import { hashPassword } from './passwords';
import { endSessionsOf } from './sessions';
import { users } from './schema';

/** The provider's operators (users with no merchant), newest first, one keyset page (+1). */
export async function listOperators(page: { limit: number; cursor?: string }) {
  const rows = await db()
    .select({ user: users, mfaEnabled: sql<boolean>`${userTotp.confirmedAt} is not null` })
    .from(users)
    .leftJoin(userTotp, and(eq(userTotp.userId, users.id), isNotNull(userTotp.confirmedAt)))
    .where(and(isNull(users.merchantId), afterCursor(page.cursor, users.createdAt, users.id)))
    .orderBy(...newestFirst(users.createdAt, users.id))
    .limit(page.limit + 1);
  return rows.map(({ user, mfaEnabled }) => ({ ...user, mfaEnabled: Boolean(mfaEnabled) }));
}

/**
 * An operator made from the command line (`npm run cli -- operator:create`): the first one has to
 * come from there. They enrol in two factors at their first sign-in, before anything else.
 */
export async function createOperator(input: { email: string; password: string; firstName: string; lastName: string; role: PlatformRole }) {
  if (input.password.length < 8) throw unprocessable('The password is too short.', [{ path: 'password', message: 'Use at least 8 characters.' }]);
  try {
    const [created] = await db()
      .insert(users)
      .values({ merchantId: null, email: input.email.toLowerCase(), passwordHash: await hashPassword(input.password), role: input.role, firstName: input.firstName, lastName: input.lastName })
      .returning();
    return created!;
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'users_email_key') throw conflict(`A user with the email ${input.email.toLowerCase()} already exists.`);
    throw error;
  }
}

/**
 * Disables or enables an operator inside the caller's transaction (which records it). Operator
 * status changes run one at a time (a transaction-scoped advisory lock), so two administrators
 * disabling each other at once cannot leave the console without an active PLATFORM_ADMIN: the
 * second finds the first already disabled and is refused (409 `last_platform_admin`). Disabling
 * ends every session of the operator in the same transaction; sign-in refuses them from then on.
 */
export async function setOperatorActive(tx: Queryable, userId: string, active: boolean) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('collect.operator_status'))`);
  const [before] = await tx.select().from(users).where(and(eq(users.id, userId), isNull(users.merchantId))).for('update');
  if (!before) throw notFound('The operator');
  if (before.active === active) return { before, after: before };
  if (!active && before.role === 'PLATFORM_ADMIN') {
    const [{ others }] = (await tx
      .select({ others: count() })
      .from(users)
      .where(and(isNull(users.merchantId), eq(users.role, 'PLATFORM_ADMIN'), eq(users.active, true), ne(users.id, userId)))) as [{ others: number }];
    if (others === 0) {
      throw new ApiError(409, 'last_platform_admin', 'Conflict', 'The console always keeps at least one active PLATFORM_ADMIN: make or enable another one first.');
    }
  }
  const [after] = await tx.update(users).set({ active }).where(eq(users.id, userId)).returning();
  if (!active) await endSessionsOf(tx, userId, 'operator_disabled');
  return { before, after: after! };
}
