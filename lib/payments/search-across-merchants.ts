import { desc, sql } from 'drizzle-orm';
import { merchants } from '@/lib/merchants/schema';
import { db } from '@/lib/platform/db';
import { writtenNear } from '@/lib/platform/db/ids';
import { phoneSearchDigits, storedPhone } from '@/lib/platform/phone';
import { payments } from './schema';
import type { PaymentRow } from './serialize';

/** The most a search answers: the newest payments; a support person narrows the query for older ones. */
export const CROSS_MERCHANT_SEARCH_LIMIT = 50;
const MAX_QUERY = 100;

export interface PaymentOfAnyMerchant {
  payment: PaymentRow;
  merchant: { id: string; name: string };
}

const reversed = (digits: string) => digits.split('').reverse().join('');

/**
 * The provider's support desk finding a payment without knowing whose it is (issue 26): by M-Pesa
 * receipt or bank reference, a virtual account number, the reference the payer typed, the payer's
 * whole phone number in any spelling, or a phone prompt's CheckoutRequestID. Each reading is its
 * own index lookup, newest first and limited, so that a busy account or a frequent payer never
 * makes the others slow (migration 0030 adds the two global indexes the merchant-led ones cannot
 * serve). Deliberately outside visibleTo: it is called only from the operator's guarded routes,
 * which record every merchant whose payments it answered.
 *
 * A phone is matched only when whole (its national digits, which end both 2547… and 07… as rails
 * send it): the last few digits of a number, across every merchant, name thousands of payers.
 */
export async function searchPaymentsAcrossMerchants(query: string): Promise<PaymentOfAnyMerchant[]> {
  const q = query.trim().slice(0, MAX_QUERY);
  if (!q) return [];
  // The national digits (712345678) of a whole number, which end 254712345678 and 0712345678 alike.
  const phonePrefix = storedPhone(q) ? reversed(phoneSearchDigits(q)!) : null;
  const limit = CROSS_MERCHANT_SEARCH_LIMIT;
  const found = await db().execute<{ id: string; created_at: string }>(sql`
    select id, created_at::text from (
      (select id, created_at from payments
        where (rail, provider_reference) in (('MPESA', ${q}), ('MPESA', ${q.toUpperCase()}), ('BANK', ${q})))
      union
      (select id, created_at from payments where bill_reference = ${q} and bill_reference is not null
        order by created_at desc limit ${limit})
      union
      (select id, created_at from payments
        where virtual_account_id = (select id from virtual_accounts where account_number = ${q})
        order by created_at desc, id desc limit ${limit})
      union
      (select id, created_at from payments
        where ${phonePrefix}::text is not null and payer_phone_reversed is not null
          and payer_phone_reversed like ${phonePrefix ? `${phonePrefix}%` : ''}
        order by created_at desc limit ${limit})
      union
      (select payment.id, payment.created_at from stk_initiations prompt
         join payments payment on payment.id = prompt.payment_id and ${writtenNear(sql`payment.created_at`, sql`prompt.payment_id`)}
        where prompt.checkout_request_id = ${q})
    ) found
    order by created_at desc, id desc
    limit ${limit}`);
  if (found.rows.length === 0) return [];
  // By id and created_at, as found: each row read in its own month partition (migration 0034).
  const keys = sql.join(found.rows.map((row) => sql`(${row.id}::uuid, ${row.created_at}::timestamptz)`), sql`, `);
  const rows = await db()
    .select({ payment: payments, merchant: { id: merchants.id, name: merchants.name } })
    .from(payments)
    .innerJoin(merchants, sql`${merchants.id} = ${payments.merchantId}`)
    .where(sql`(${payments.id}, ${payments.createdAt}) in (${keys})`)
    .orderBy(desc(payments.createdAt), desc(payments.id));
  return rows;
}
