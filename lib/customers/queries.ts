import { and, eq, ilike, like, or, type SQL } from 'drizzle-orm';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { conflict, notFound } from '@/lib/api/errors';
import { recordEvent } from '@/lib/events/record';
import { subMerchantForCreate, visibleTo } from '@/lib/api/scope';
import type { Principal } from '@/lib/auth/principal';
import { subMerchants } from '@/lib/merchants/schema';
import { db, type Queryable } from '@/lib/platform/db';
import { likeLiteral, violatedUniqueConstraint } from '@/lib/platform/db/errors';
import { readDb } from '@/lib/platform/db/read-pool';
import { phoneSearchDigits } from '@/lib/platform/phone';
import { customers } from './schema';
import type { CreateCustomerInput, CustomerListFilters } from './schemas';
import { toCustomerJson } from './serialize';
import { recordAudit } from '@/lib/audit/record';

export type CustomerRow = typeof customers.$inferSelect;

/** The customer when the caller may see it; another merchant's or sub-merchant's is simply absent. */
export async function findCustomer(tx: Queryable, principal: Principal, customerId: string): Promise<CustomerRow | undefined> {
  const [customer] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), visibleTo(principal, customers)));
  return customer;
}

export async function getCustomer(principal: Principal, customerId: string): Promise<CustomerRow> {
  const customer = await findCustomer(db(), principal, customerId);
  if (!customer) throw notFound('The customer');
  return customer;
}

/** The sub-merchant id a create may use: the caller's own when scoped, else one of its merchant's. */
export async function usableSubMerchant(tx: Queryable, principal: Principal, requested: string | null | undefined) {
  const subMerchantId = subMerchantForCreate(principal, requested);
  if (!subMerchantId) return null;
  const [subMerchant] = await tx
    .select()
    .from(subMerchants)
    .where(and(eq(subMerchants.id, subMerchantId), eq(subMerchants.merchantId, principal.merchantId)));
  if (!subMerchant) throw notFound('The sub-merchant');
  return subMerchant;
}

export async function createCustomer(principal: Principal, input: CreateCustomerInput): Promise<CustomerRow> {
  const subMerchant = await usableSubMerchant(db(), principal, input.subMerchantId);
  try {
    // The customer and its customer.created event commit together, or neither does.
    return await db().transaction(async (tx) => {
      const [created] = await tx
        .insert(customers)
        .values({
          merchantId: principal.merchantId,
          subMerchantId: subMerchant?.id ?? null,
          externalRef: input.externalRef,
          displayName: input.displayName,
          email: input.email ?? null,
          phone: input.phone,
        })
        .returning();
      await recordEvent(tx, { merchantId: created!.merchantId, subMerchantId: created!.subMerchantId, type: 'customer.created', data: toCustomerJson(created!) });
      await recordAudit(tx, { merchantId: created!.merchantId, action: 'customer.created', target: { type: 'customer', id: created!.id }, summary: `Customer ${created!.externalRef} registered.` });
      return created!;
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) !== 'customers_merchant_external_ref_key') throw error;
    const [existing] = await db()
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.merchantId, principal.merchantId), eq(customers.externalRef, input.externalRef)));
    throw conflict(`A customer with the externalRef "${input.externalRef}" already exists.`, { existingId: existing?.id });
  }
}

/**
 * Search: name, email and external reference contain the text (any letter case); a phone number
 * in any form people type (0712 345 678, +254712345678) or its last digits matches the end of the
 * stored phone, so all of them find 254712345678.
 */
function matching(q: string): SQL {
  const pattern = `%${likeLiteral(q)}%`;
  const conditions = [
    ilike(customers.displayName, pattern),
    ilike(customers.email, pattern),
    ilike(customers.externalRef, pattern),
  ];
  const digits = phoneSearchDigits(q);
  if (digits) conditions.push(like(customers.phone, `%${digits}`));
  return or(...conditions)!;
}

export async function listCustomers(principal: Principal, filters: CustomerListFilters): Promise<CustomerRow[]> {
  return readDb()
    .select()
    .from(customers)
    .where(
      and(
        visibleTo(principal, customers),
        filters.subMerchantId ? eq(customers.subMerchantId, filters.subMerchantId) : undefined,
        filters.q ? matching(filters.q) : undefined,
        afterCursor(filters.cursor, customers.createdAt, customers.id),
      ),
    )
    .orderBy(...newestFirst(customers.createdAt, customers.id))
    .limit(filters.limit + 1);
}
