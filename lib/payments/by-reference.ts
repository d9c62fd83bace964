import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@/lib/platform/db';
import { payments, type PaymentRail } from './schema';

/**
 * Where the payment of this rail reference is: its rail, reference and created_at, the partition
 * key its claim keeps since migration 0034 (rail_references: one row per reference, a plain table).
 * The claim is read first, one index probe; the payment's statement then carries its created_at as
 * a value, so the planner reads the one month partition that holds it instead of planning and
 * probing every month's (docs/scaling.md, "Partitioning", "Reads by rail reference"). Null when no
 * payment holds the reference (unknown, or held in suspense: its claim has no time).
 */
export async function paymentWithReference(queryable: Queryable, rail: PaymentRail, providerReference: string): Promise<SQL | null> {
  // As text, passed back as it came: a Date would drop created_at's microseconds.
  const { rows } = await queryable.execute<{ created_at: string | null }>(sql`
    select created_at::text as created_at from rail_references where rail = ${rail} and provider_reference = ${providerReference}`);
  const createdAt = rows[0]?.created_at;
  if (!createdAt) return null;
  return sql`${payments.rail} = ${rail} and ${payments.providerReference} = ${providerReference} and ${payments.createdAt} = ${createdAt}`;
}
