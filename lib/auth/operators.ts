import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { conflict, unprocessable } from '@/lib/api/errors';
import type { PlatformRole } from '@/lib/api/principal';
import { db } from '@/lib/platform/db';
import { violatedUniqueConstraint } from '@/lib/platform/db/errors';
import { userTotp } from './mfa-schema';
import { hashPassword } from './passwords';
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
