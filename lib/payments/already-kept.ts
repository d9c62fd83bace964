import { and, eq } from 'drizzle-orm';
import { readRailAmount } from '@/lib/money/rail-amount';
import { toUnits } from '@/lib/money/decimal';
import type { Queryable } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { storableText } from '@/lib/platform/text';
import type { IngestResult, RailInbound, SuspenseReason } from './ingest';
import { payments, suspensePayments } from './schema';

/** What a copy of a rail's message says about the money, to compare with what was kept of it. */
export interface CopyOf {
  accountReference: string;
  amountText: string;
  currency: string;
}

/**
 * The answer to a copy of a rail reference that is already kept, as a payment or in suspense: a
 * duplicate of what was kept, whatever the copy says. The first copy to claim the reference wins
 * (lib/payments/record-payment.ts); a later one is acknowledged, so that the rail stops sending
 * it, and never kept. When it names another account, amount or currency than the kept one, that is
 * logged at warn for an operator (docs/rails.md, "One reference, one record").
 */
export async function alreadyKept(tx: Queryable, inbound: Pick<RailInbound, 'rail' | 'providerReference'>, copy: CopyOf): Promise<IngestResult> {
  const [payment] = await tx.select().from(payments).where(and(eq(payments.rail, inbound.rail), eq(payments.providerReference, inbound.providerReference)));
  if (payment) {
    warnIfDifferent(inbound, { accountReference: payment.accountNumber, amountText: payment.amount, currency: payment.currency }, copy, 'payment');
    return { outcome: 'recorded', payment, duplicate: true };
  }
  const [held] = await tx
    .select({ reason: suspensePayments.reason, accountNumber: suspensePayments.accountNumber, amountText: suspensePayments.amountText, currency: suspensePayments.currency })
    .from(suspensePayments)
    .where(and(eq(suspensePayments.rail, inbound.rail), eq(suspensePayments.providerReference, inbound.providerReference)));
  if (held) {
    warnIfDifferent(inbound, { accountReference: held.accountNumber ?? '', amountText: held.amountText, currency: held.currency }, copy, 'suspense');
    return { outcome: 'suspense', reason: held.reason as SuspenseReason, duplicate: true };
  }
  // The claim and its row are written by one statement: a claim alone means something else wrote it.
  throw new Error(`rail reference ${inbound.rail} ${inbound.providerReference} is claimed but neither a payment nor in suspense`);
}

/** The fields in which a copy differs from what was kept (amounts compared as values: 5.00 is 5). */
export function differences(kept: CopyOf, copy: CopyOf): string[] {
  const differs: string[] = [];
  // A payment keeps the account number alone; a copy may carry a bill's reference after it.
  if (!copy.accountReference.trim().startsWith(kept.accountReference.trim())) differs.push('account');
  if (kept.currency !== copy.currency) differs.push('currency');
  const [a, b] = [readRailAmount(kept.amountText, kept.currency), readRailAmount(copy.amountText, copy.currency)];
  const same = a.ok && b.ok ? toUnits(a.amount) === toUnits(b.amount) : kept.amountText.trim() === copy.amountText.trim();
  if (!same) differs.push('amount');
  return differs;
}

const shown = (text: string) => storableText(text).slice(0, 100);

function warnIfDifferent(inbound: Pick<RailInbound, 'rail' | 'providerReference'>, kept: CopyOf, copy: CopyOf, keptAs: 'payment' | 'suspense') {
  const differs = differences(kept, copy);
  if (differs.length === 0) return;
  logger().warn(
    {
      rail: inbound.rail,
      providerReference: inbound.providerReference,
      keptAs,
      differs,
      kept: { account: shown(kept.accountReference), amount: kept.amountText, currency: kept.currency },
      copy: { account: shown(copy.accountReference), amount: shown(copy.amountText), currency: shown(copy.currency) },
    },
    'a copy of a kept rail reference says something else; answered as a duplicate and not kept (the first copy stands)',
  );
}
