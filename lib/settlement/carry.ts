import { sql } from 'drizzle-orm';
import { fromUnits, toUnits } from '@/lib/money/decimal';
import type { Queryable } from '@/lib/platform/db';
import type { AccountMove } from './ledger-entries';
import type { SettlementAccountRow } from './schema';

/** toUnits' scale: amounts are counted in 10^-4. */
const UNIT = 10_000n;

/** M-Pesa (a phone by B2C, a paybill by B2B) moves whole shillings; a bank moves cents. */
export const paysWholeUnits = (account: Pick<SettlementAccountRow, 'kind'>) => account.kind === 'MPESA' || account.kind === 'PAYBILL';

export interface Carry {
  /** What the bucket's earlier settlements left over, brought into this one (may be negative: see carryOf). */
  broughtForward: bigint;
  /** The cents this one cannot pay (M-Pesa), left for the next. */
  carriedForward: bigint;
  /** What is paid: the items' net + broughtForward − carriedForward. */
  amount: bigint;
}

/**
 * The bucket's carry: Σ carried − Σ brought over its standing settlements (PENDING, PROCESSING,
 * PAID). Taken over standing ones only, it corrects itself: a settlement that fails or comes back
 * drops out of both sums, so cents it carried are no longer owed as a carry (its payments are owed
 * again whole), and cents it brought are owed again. Called under the bucket's advisory lock.
 */
export async function carryOf(tx: Queryable, bucket: { merchantId: string; subMerchantId: string | null; currency: string }): Promise<bigint> {
  const { rows } = await tx.execute<{ carry: string }>(sql`
    select coalesce(sum(carried_forward - brought_forward), 0)::text as carry from settlements
     where merchant_id = ${bucket.merchantId}::uuid and currency = ${bucket.currency}
       and sub_merchant_id is not distinct from ${bucket.subMerchantId}::uuid and status in ('PENDING', 'PROCESSING', 'PAID')`);
  return toUnits(rows[0]?.carry ?? '0');
}

/** The amount a settlement of `itemsNet` pays to `account`, with the bucket's carry brought in. */
export function carryFor(account: Pick<SettlementAccountRow, 'kind'>, itemsNet: bigint, broughtForward: bigint): Carry {
  const total = itemsNet + broughtForward;
  const carriedForward = paysWholeUnits(account) && total > 0n ? total % UNIT : 0n;
  return { broughtForward, carriedForward, amount: total - carriedForward };
}

/**
 * The ledger moves of a settlement whose amount differs from its items' net by the carry: the
 * difference is booked on the account paying out the most (the carried cents stay owed in the
 * ledger there, and cents brought forward leave from it), so the entries sum to −amount.
 */
export function withCarry(moves: AccountMove[], carry: Carry): AccountMove[] {
  const shift = carry.carriedForward - carry.broughtForward;
  if (shift === 0n || moves.length === 0) return moves;
  let largest = 0;
  moves.forEach((move, index) => {
    if (toUnits(move.amount) < toUnits(moves[largest]!.amount)) largest = index;
  });
  return moves.map((move, index) => (index === largest ? { ...move, amount: fromUnits(toUnits(move.amount) + shift) } : move));
}
