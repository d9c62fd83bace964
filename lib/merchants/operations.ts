import { and, eq } from 'drizzle-orm';
import { conflict, notFound, unprocessable } from '@/lib/api/errors';
import { hashPassword } from '@/lib/auth/passwords';
import { users, type UserRole } from '@/lib/auth/schema';
import { db, type Queryable } from '@/lib/platform/db';
import { violatedUniqueConstraint } from '@/lib/platform/db/errors';
import { openMerchant } from './open-merchant';
import { merchants, subMerchants } from './schema';
import { recordAudit } from '@/lib/audit/record';
import { endSessionsOf } from '@/lib/auth/sessions';


export interface NewUser {
  merchantId: string;
  email: string;
  password: string;
  role: UserRole;
  subMerchantId?: string | null;
  firstName?: string;
  lastName?: string;
}

async function insertUser(tx: Queryable, user: NewUser) {
  if (user.password.length < 8) {
    throw unprocessable('The password is too short.', [{ path: 'password', message: 'Use at least 8 characters.' }]);
  }
  try {
    const [created] = await tx
      .insert(users)
      .values({
        merchantId: user.merchantId,
        subMerchantId: user.subMerchantId ?? null,
        email: user.email.toLowerCase(),
        passwordHash: await hashPassword(user.password),
        role: user.role,
        firstName: user.firstName ?? '',
        lastName: user.lastName ?? '',
      })
      .returning();
    return created!;
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'users_email_key') throw conflict(`A user with the email ${user.email.toLowerCase()} already exists.`);
    throw error;
  }
}

/** A merchant arrives with its first user, a MERCHANT_ADMIN, and its LEGACY collection account. */
export async function createMerchant(input: {
  name: string;
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  currency?: string;
}) {
  return db().transaction(async (tx) => {
    const { merchant, virtualAccount } = await openMerchant(tx, input);
    const user = await insertUser(tx, { ...input, merchantId: merchant.id, role: 'MERCHANT_ADMIN' });
    return { merchant, user, virtualAccount };
  });
}

export async function createSubMerchant(input: { merchantId: string; name: string }) {
  const [merchant] = await db().select({ id: merchants.id }).from(merchants).where(eq(merchants.id, input.merchantId));
  if (!merchant) throw notFound('The merchant');
  try {
    return await db().transaction(async (tx) => {
      const [created] = await tx.insert(subMerchants).values(input).returning();
      await recordAudit(tx, { merchantId: input.merchantId, action: 'sub_merchant.created', target: { type: 'sub_merchant', id: created!.id }, summary: `Sub-merchant "${created!.name}" created.` });
      return created!;
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'sub_merchants_merchant_name_key') throw conflict(`A sub-merchant named "${input.name}" already exists.`);
    throw error;
  }
}

export async function createUser(input: NewUser) {
  return db().transaction(async (tx) => {
    const [merchant] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, input.merchantId));
    if (!merchant) throw notFound('The merchant');
    if (input.subMerchantId) {
      const [subMerchant] = await tx
        .select({ id: subMerchants.id })
        .from(subMerchants)
        .where(and(eq(subMerchants.id, input.subMerchantId), eq(subMerchants.merchantId, input.merchantId)));
      if (!subMerchant) throw notFound('The sub-merchant');
    }
    return insertUser(tx, input);
  });
}

/** Disabling a user also ends every session it has, so its tokens stop working at once. */
export async function setUserActive(email: string, active: boolean) {
  return db().transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ active })
      .where(eq(users.email, email.toLowerCase()))
      .returning();
    if (!user) throw notFound(`The user ${email}`);
    if (!active) await endSessionsOf(tx, user.id, 'user_disabled');
    // From the CLI the actor is "system": an operator at a shell, not a user of the merchant.
    await recordAudit(tx, { merchantId: user.merchantId, action: active ? 'user.enabled' : 'user.disabled', target: { type: 'user', id: user.id }, summary: `${user.email} ${active ? 'enabled' : 'disabled'} by an operator.` });
    return user;
  });
}

export async function findMerchantByUserEmail(email: string) {
  const [row] = await db()
    .select({ merchant: merchants, user: users })
    .from(users)
    .innerJoin(merchants, eq(merchants.id, users.merchantId))
    .where(eq(users.email, email.toLowerCase()));
  return row;
}
