import { getTableColumns, sql } from 'drizzle-orm';
import { db } from '@/lib/platform/db';
import { executePrepared } from '@/lib/platform/db/prepared';
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

/** The first text after every text that starts with `prefix` (digits only: the next character code). */
const afterPrefix = (prefix: string) => prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

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
 *
 * Payments are partitioned by month (migration 0034): the readings are the SQL function
 * operator_search_payments (migrations 0034 and 0037), whose statements keep generic plans, planned
 * once per connection and pruned from the values they are given when they run; planning them anew
 * over every month's partitions cost more than running them. It runs only the readings the query
 * can mean, each returning whole rows: a reading started over every month costs its start even when
 * it finds nothing (docs/scaling.md, "Partitioning", "The operator's search"). One round trip.
 */
export async function searchPaymentsAcrossMerchants(query: string): Promise<PaymentOfAnyMerchant[]> {
  const q = query.trim().slice(0, MAX_QUERY);
  if (!q) return [];
  // The national digits (712345678) of a whole number, which end 254712345678 and 0712345678 alike.
  const phonePrefix = storedPhone(q) ? reversed(phoneSearchDigits(q)!) : null;
  // The function's readings may each find the same payment (a receipt that is also a bill reference):
  // each once, newest first, the limit over them all.
  const rows = await executePrepared<PaymentRow & { merchant_name: string }>(db(), sql`
    select distinct on (found.created_at, found.id) ${foundColumns}, merchant.name as merchant_name
      from operator_search_payments(${q}::text, ${q.toUpperCase()}::text, ${phonePrefix}::text,
                                    ${phonePrefix ? afterPrefix(phonePrefix) : null}::text, ${CROSS_MERCHANT_SEARCH_LIMIT}::int) found
      join merchants merchant on merchant.id = found.merchant_id
     order by found.created_at desc, found.id desc
     limit ${CROSS_MERCHANT_SEARCH_LIMIT}`);
  return rows.map(({ merchant_name: name, ...payment }) => ({ payment, merchant: { id: payment.merchantId, name } }));
}

/** The function's rows (payments') named as PaymentRow names them. */
const foundColumns = sql.raw(
  Object.entries(getTableColumns(payments))
    .map(([key, column]) => `found."${column.name}" as "${key}"`)
    .join(', '),
);
