import { getTableColumns, sql } from 'drizzle-orm';
import { db } from '@/lib/platform/db';
import { executePrepared, namedColumns, renderedOnce } from '@/lib/platform/db/prepared';
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
 * What the query names in the tables that are not partitioned, one round trip: a rail reference's
 * claim (with its payment's month, migration 0034), an account, a phone prompt's payment.
 */
interface Keys {
  /** The three claims the query may name (M-Pesa as typed and in capitals, bank), as timestamptz text (microseconds kept). */
  claimed_1: string | null;
  claimed_2: string | null;
  claimed_3: string | null;
  account_id: string | null;
  prompt_payment_id: string | null;
}
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
 * Payments are partitioned by month (migration 0034), so both statements are prepared (one text
 * whatever the query, its plan kept per connection) and give the planner what prunes the months:
 * planning a statement over every month's partitions cost more than running it
 * (docs/scaling.md, "Partitioning", "The operator's search").
 */
export async function searchPaymentsAcrossMerchants(query: string): Promise<PaymentOfAnyMerchant[]> {
  const q = query.trim().slice(0, MAX_QUERY);
  if (!q) return [];
  // The national digits (712345678) of a whole number, which end 254712345678 and 0712345678 alike.
  const phonePrefix = storedPhone(q) ? reversed(phoneSearchDigits(q)!) : null;
  const [keys] = await executePrepared<Keys & Record<string, unknown>>(db(), keysOf(q));
  const rows = await executePrepared<PaymentRow & { merchant_name: string }>(db(), paymentsFound(q, keys!, phonePrefix));
  return rows.map(({ merchant_name: name, ...payment }) => ({ payment, merchant: { id: payment.merchantId, name } }));
}

const keysOf = (q: string) => sql`
  with claims as (
    select claim.created_at::text as created_at, row_number() over () as n from rail_references claim
     where (claim.rail, claim.provider_reference) in (('MPESA', ${q}::text), ('MPESA', ${q.toUpperCase()}::text), ('BANK', ${q}::text))
       and claim.created_at is not null
  )
  select (select created_at from claims where n = 1) as claimed_1, (select created_at from claims where n = 2) as claimed_2,
         (select created_at from claims where n = 3) as claimed_3,
         (select account.id from virtual_accounts account where account.account_number = ${q}::text) as account_id,
         (select prompt.payment_id from stk_initiations prompt where prompt.checkout_request_id = ${q}::text) as prompt_payment_id`;

const paymentColumns = renderedOnce(sql.join(namedColumns(getTableColumns(payments)), sql`, `));

/**
 * The payments of each reading, newest first: by reference and by prompt in the one month their
 * claim or id names (pruned when the prepared plan starts), by account, bill reference and phone
 * in every month newest first until the page is full. A reading with nothing to look for (no
 * claim, no account, not a phone) is given NULL, which prunes every month or finds nothing.
 */
function paymentsFound(q: string, keys: Keys, phonePrefix: string | null) {
  const limit = CROSS_MERCHANT_SEARCH_LIMIT;
  const prompt = keys.prompt_payment_id;
  return sql`
    with found as (
      select id, created_at from (
        (select id, created_at from payments
          where (rail, provider_reference) in (('MPESA', ${q}::text), ('MPESA', ${q.toUpperCase()}::text), ('BANK', ${q}::text))
            -- Separate values, not an array: a prepared plan prunes on each, not on an array parameter.
            and created_at in (${keys.claimed_1}::timestamptz, ${keys.claimed_2}::timestamptz, ${keys.claimed_3}::timestamptz))
        union
        (select id, created_at from payments where bill_reference = ${q}::text and bill_reference is not null
          order by created_at desc limit ${limit})
        union
        (select id, created_at from payments where ${keys.account_id}::uuid is not null and virtual_account_id = ${keys.account_id}::uuid
          order by created_at desc, id desc limit ${limit})
        union
        -- A range rather than LIKE: a prepared plan cannot read a pattern's prefix, a range it can.
        (select id, created_at from payments
          where ${phonePrefix}::text is not null and payer_phone_reversed is not null
            and payer_phone_reversed ~>=~ ${phonePrefix}::text and payer_phone_reversed ~<~ ${phonePrefix ? afterPrefix(phonePrefix) : null}::text
          order by created_at desc limit ${limit})
        union
        (select id, created_at from payments
          where id = ${prompt}::uuid and created_at between id_created_after(${prompt}::uuid) and id_created_before(${prompt}::uuid))
      ) readings
      order by created_at desc, id desc
      limit ${limit}
    )
    -- Each row read by its key, id and created_at: one month partition each.
    select ${paymentColumns}, merchant.name as merchant_name
      from found join ${payments} on ${payments.id} = found.id and ${payments.createdAt} = found.created_at
      join merchants merchant on merchant.id = ${payments.merchantId}
     order by ${payments.createdAt} desc, ${payments.id} desc`;
}
