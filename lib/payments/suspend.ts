import { sql } from 'drizzle-orm';
import { amountReasons } from '@/lib/money/rail-amount';
import type { Queryable } from '@/lib/platform/db';
import { storableText } from '@/lib/platform/text';
import { alreadyKept } from './already-kept';
import { railSuspenseReasons, rejectionReasons } from './inbound';
import type { IngestResult, RailInbound, SuspenseReason } from './ingest';
import type { AccountRow } from './resolve';

const reasonSentences: Record<SuspenseReason, string> = { ...rejectionReasons, ...amountReasons, ...railSuspenseReasons };
const optionalText = (value: string | null | undefined) => (value === null || value === undefined ? null : storableText(value));

/**
 * Keeps money no account can take, once per rail reference: the reference is claimed in the same
 * statement (migration 0019), so a reference already kept as a payment, or in suspense, is answered
 * as a duplicate of that and nothing is written. Every text is made storable here (the rails'
 * adapters have done so already; this guards any other caller): what is kept is flat, and the
 * request itself is kept as the text it arrived as, never re-serialised.
 */
export async function suspend(
  tx: Queryable,
  inbound: RailInbound,
  reason: SuspenseReason,
  amounts: { amount: string | null; amountText: string },
  account?: Pick<AccountRow, 'id' | 'merchantId' | 'subMerchantId'>,
): Promise<IngestResult> {
  const payload = {
    channel: inbound.channel,
    accountReference: storableText(inbound.accountReference),
    billReference: optionalText(inbound.billReference),
    amountText: storableText(amounts.amountText),
    payerName: optionalText(inbound.payerName),
    payerPhone: optionalText(inbound.payerPhone),
    payerAccount: optionalText(inbound.payerAccount),
    narration: optionalText(inbound.narration),
    receivedAt: inbound.receivedAt.toISOString(),
  };
  const { rows } = await tx.execute(sql`
    with claimed as (
      insert into rail_references (rail, provider_reference) values (${inbound.rail}, ${inbound.providerReference})
      on conflict do nothing
      returning 1
    )
    insert into suspense_payments (merchant_id, sub_merchant_id, virtual_account_id, rail, provider_reference, account_number, amount,
                                   amount_text, currency, reason, detail, payload, raw_body, received_at)
    select ${account?.merchantId ?? null}::uuid, ${account?.subMerchantId ?? null}::uuid, ${account?.id ?? null}::uuid, ${inbound.rail}::text,
           ${inbound.providerReference}::text, ${storableText(inbound.accountReference)}::text, ${amounts.amount}::numeric,
           ${storableText(amounts.amountText)}::text, ${inbound.currency}::text, ${reason}::text, ${reasonSentences[reason]}::text,
           ${JSON.stringify(payload)}::jsonb, ${optionalText(inbound.rawBody)}::text, ${inbound.receivedAt.toISOString()}::timestamptz
     where exists (select 1 from claimed)
    on conflict do nothing
    returning id`);
  if (rows.length > 0) return { outcome: 'suspense', reason, duplicate: false };
  return alreadyKept(tx, inbound, { accountReference: inbound.accountReference, amountText: amounts.amountText, currency: inbound.currency });
}
