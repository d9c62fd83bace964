import { and, eq } from 'drizzle-orm';
import { ApiError, notFound } from '@/lib/api/errors';
import type { Principal } from '@/lib/api/principal';
import { visibleTo } from '@/lib/api/scope';
import { db } from '@/lib/platform/db';
import { simulatedReference } from './payouts/simulator';
import { settlements, type SettlementRow } from './schema';
import { markFailed, markPaid, markReturned } from './transitions';

export type SandboxOutcome = 'PAID' | 'FAILED' | 'RETURNED';

const finalAlready = (settlement: SettlementRow, outcome: SandboxOutcome) =>
  new ApiError(409, 'settlement_final', 'Settlement already final', `The settlement is ${settlement.status}: it cannot become ${outcome} now.`, { status: settlement.status });

/**
 * Forces what the rail would say, through the same transitions the rails use (events, ledger and
 * release included), so that every path can be tried. Asking for the outcome it already has
 * changes nothing and answers it; one it is past (PAID after FAILED) is a 409.
 */
export async function forceSandboxOutcome(principal: Principal, settlementId: string, outcome: SandboxOutcome): Promise<SettlementRow> {
  const [settlement] = await db().select().from(settlements).where(and(eq(settlements.id, settlementId), visibleTo(principal, settlements)));
  if (!settlement) throw notFound('The settlement');
  if (settlement.status === outcome) return settlement;
  const paid = () => markPaid(settlement.id, { providerReference: simulatedReference(settlement.id) });
  let result;
  if (outcome === 'PAID') result = await paid();
  else if (outcome === 'FAILED') result = await markFailed(settlement.id, 'Failed in the sandbox, as asked (POST …/sandbox/settlements/{id}/outcome).');
  else {
    // A return comes after a payment: an unpaid settlement is paid first, as the bank would have.
    if (settlement.status === 'PENDING' || settlement.status === 'PROCESSING') await paid();
    result = await markReturned(settlement.id, 'Returned by the bank in the sandbox, as asked (POST …/sandbox/settlements/{id}/outcome).');
  }
  if (!result) throw notFound('The settlement');
  if (result.settlement.status !== outcome) throw finalAlready(result.settlement, outcome);
  return result.settlement;
}
