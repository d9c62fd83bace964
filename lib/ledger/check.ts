import { sql, type SQL } from 'drizzle-orm';
import { db } from '@/lib/platform/db';
import { writtenNear } from '@/lib/platform/db/ids';
import { settlementInvariants } from './settlement-invariants';

export interface LedgerProblem {
  invariant: string;
  count: number;
  examples: unknown[];
}

/**
 * Each invariant is a query returning the rows that break it; an empty result means it holds.
 * Sums are NUMERIC in PostgreSQL, so "equal" means exactly equal.
 */
export type Scope = (alias: string) => SQL;

/** A key for "no sub-merchant" where NULL cannot be one (a FULL JOIN's hashed condition). */
const NO_SUB_MERCHANT = sql`'00000000-0000-0000-0000-000000000000'::uuid`;

/*
 * A merchant's own check (`ledger:check --merchant`): joins from its rows to payments by a column
 * other than the payments' key (a bill's payments, its matched credit, a settlement item's payment)
 * also say the payment is the merchant's (`only('p')`). Payments are partitioned by month
 * (migration 0034) and the planner prices a probe per row at one per month, so without it it hashed
 * every merchant's payments for one merchant's thousand bills (0.26-0.30 s at 500k payments against
 * 0.07 s on one table; seconds at 10M); with it, it reads the merchant's own payments. A payment of
 * another merchant named by the merchant's bill or item is then reported as missing (it is wrong
 * anyway); one pointing at the merchant's bill is counted only by the whole database's check.
 */
const invariants = (only: Scope): Record<string, SQL> => ({
  // SETTLEMENT entries (money paid out, or given back by a failed or returned settlement) move the balance too.
  'an account balance equals the sum of its credit, debit and settlement entries': sql`
    select a.id, a.account_number, a.balance, coalesce(sum(e.amount) filter (where e.type in ('CREDIT', 'DEBIT', 'SETTLEMENT')), 0) as entries
      from virtual_accounts a left join balance_entries e on e.virtual_account_id = a.id
     where ${only('a')}
     group by a.id having a.balance <> coalesce(sum(e.amount) filter (where e.type in ('CREDIT', 'DEBIT', 'SETTLEMENT')), 0)`,
  'an account fee balance equals the sum of its fee entries': sql`
    select a.id, a.account_number, a.fee_balance, coalesce(sum(e.amount) filter (where e.type = 'FEE'), 0) as entries
      from virtual_accounts a left join balance_entries e on e.virtual_account_id = a.id
     where ${only('a')}
     group by a.id having a.fee_balance <> coalesce(sum(e.amount) filter (where e.type = 'FEE'), 0)`,
  'each entry\'s balanceAfter is the running sum of its account\'s entries': sql`
    select id, virtual_account_id, type, balance_after, running from (
      select e.id, e.virtual_account_id, e.type, e.balance_after,
             sum(e.amount) over (partition by e.virtual_account_id, e.type = 'FEE' order by e.sequence) as running
        from balance_entries e where ${only('e')}) chained
     where balance_after <> running`,
  'a payment\'s net amount is its amount less its fee': sql`
    select id, amount, fee_amount, net_amount from payments p where ${only('p')} and (net_amount <> amount - fee_amount or fee_amount < 0 or amount <= 0)`,
  // A reversed payment also has one DEBIT of its amount, and its fee refunded (lib/reversals).
  'each payment has exactly one credit entry of its amount and fee entries of its fee (one debit and the fee refunded once reversed)': sql`
    select p.id, p.status, p.amount, p.fee_amount,
           coalesce(sum(e.amount) filter (where e.type = 'CREDIT'), 0) as credited,
           count(*) filter (where e.type = 'CREDIT') as credits,
           coalesce(sum(e.amount) filter (where e.type = 'DEBIT'), 0) as debited,
           count(*) filter (where e.type = 'DEBIT') as debits,
           coalesce(sum(e.amount) filter (where e.type = 'FEE'), 0) as fees
      from payments p left join balance_entries e on e.payment_id = p.id
     where ${only('p')}
     group by p.id, p.created_at -- the key of partitioned payments (migration 0034): the other columns follow from it
    having count(*) filter (where e.type = 'CREDIT') <> 1
        or coalesce(sum(e.amount) filter (where e.type = 'CREDIT'), 0) <> p.amount
        or count(*) filter (where e.type = 'DEBIT') <> (case when p.status = 'REVERSED' then 1 else 0 end)
        or coalesce(sum(e.amount) filter (where e.type = 'DEBIT'), 0) <> (case when p.status = 'REVERSED' then -p.amount else 0 end)
        or coalesce(sum(e.amount) filter (where e.type = 'FEE'), 0) <> (case when p.status = 'REVERSED' then 0 else p.fee_amount end)`,
  'a payment\'s status agrees with its reversals': sql`
    select p.id, p.status, count(r.id) filter (where r.status = 'CONFIRMED') as confirmed, count(r.id) filter (where r.status = 'REQUESTED') as requested
      from payments p left join payment_reversals r on r.payment_id = p.id
     where ${only('p')}
     group by p.id, p.created_at -- the key of partitioned payments (migration 0034): the other columns follow from it
    having count(r.id) filter (where r.status = 'CONFIRMED') <> (case when p.status = 'REVERSED' then 1 else 0 end)
        or count(r.id) filter (where r.status = 'REQUESTED') <> (case when p.status = 'REVERSAL_PENDING' then 1 else 0 end)`,
  'a bill\'s amount paid is the sum of the payments matched to it': sql`
    select b.id, b.payment_reference, b.amount_paid, coalesce(sum(p.amount), 0) as matched
      from expected_payments b left join payments p on p.expected_payment_id = b.id and p.match_status in ('MATCHED', 'PARTIAL', 'OVERPAID') and p.status <> 'REVERSED'
                                                   and ${only('p')} -- see "A merchant's own check" above
     where ${only('b')}
     group by b.id having b.amount_paid <> coalesce(sum(p.amount), 0)`,
  'a bill\'s status agrees with what was paid': sql`
    select id, payment_reference, status, amount, amount_paid from expected_payments b
     where ${only('b')} and ((status = 'PAID' and (amount_paid < amount or matched_credit_id is null))
        or (status = 'PARTIALLY_PAID' and not (amount_paid > 0 and amount_paid < amount))
        or (status = 'OPEN' and amount_paid <> 0))`,
  'a bill\'s surplus is the overpaid amount of its payments': sql`
    select b.id, b.amount, b.amount_paid, coalesce(sum(p.overpaid_amount), 0) as overpaid
      from expected_payments b left join payments p on p.expected_payment_id = b.id and p.match_status in ('MATCHED', 'PARTIAL', 'OVERPAID') and ${only('p')}
     where ${only('b')}
     group by b.id
    -- A reversal does not rewrite what the bill's other payments paid beyond it when they arrived.
    having greatest(b.amount_paid - b.amount, 0) <> coalesce(sum(p.overpaid_amount), 0) and count(*) filter (where p.status = 'REVERSED') = 0`,
  'a paid bill\'s matched credit is one of its own payments': sql`
    select b.id, b.matched_credit_id from expected_payments b
     where ${only('b')} and b.matched_credit_id is not null
       and not exists (select 1 from payments p where p.id = b.matched_credit_id and p.expected_payment_id = b.id and ${only('p')})`,
  'daily totals equal the payments they summarise': sql`
    with actual as (
      select merchant_id, (received_at at time zone 'Africa/Nairobi')::date as day, virtual_account_id, channel, currency,
             count(*) as payment_count, sum(amount) as total_amount, sum(fee_amount) as fee_amount
        from payments p where ${only('p')} and p.status <> 'REVERSED' group by 1, 2, 3, 4, 5)
    select coalesce(a.merchant_id, t.merchant_id) as merchant_id, coalesce(a.day, t.day) as day,
           a.payment_count as actual_count, t.payment_count as recorded_count, a.total_amount as actual_total, t.total_amount as recorded_total,
           a.fee_amount as actual_fee, t.fee_amount as recorded_fee
      from actual a full join payment_daily_totals t
        on t.merchant_id = a.merchant_id and t.day = a.day and t.virtual_account_id = a.virtual_account_id and t.channel = a.channel and t.currency = a.currency
     where (t.merchant_id is null or ${only('t')})
       -- A row of zeros (its payments all reversed) says what no row says.
       and (coalesce(a.payment_count, 0) <> coalesce(t.payment_count, 0) or coalesce(a.total_amount, 0) <> coalesce(t.total_amount, 0)
            or coalesce(a.fee_amount, 0) <> coalesce(t.fee_amount, 0))`,
  'merchant daily totals equal the account daily totals they sum': sql`
    with by_account as (
      select merchant_id, day, coalesce(sub_merchant_id, ${NO_SUB_MERCHANT}) as sub_merchant, channel, currency,
             sum(payment_count) as payment_count, sum(total_amount) as total_amount, sum(fee_amount) as fee_amount
        from payment_daily_totals t where ${only('t')} group by 1, 2, 3, 4, 5
    ), by_merchant as (
      select merchant_id, day, coalesce(sub_merchant_id, ${NO_SUB_MERCHANT}) as sub_merchant, channel, currency,
             sum(payment_count) as payment_count, sum(total_amount) as total_amount, sum(fee_amount) as fee_amount
        from payment_merchant_daily_totals m where ${only('m')} group by 1, 2, 3, 4, 5
    )
    select coalesce(a.merchant_id, m.merchant_id) as merchant_id, coalesce(a.day, m.day) as day, coalesce(a.channel, m.channel) as channel,
           a.payment_count as account_count, m.payment_count as merchant_count, a.total_amount as account_total, m.total_amount as merchant_total
      from by_account a full join by_merchant m using (merchant_id, day, sub_merchant, channel, currency)
     where a.payment_count is distinct from m.payment_count or a.total_amount is distinct from m.total_amount or a.fee_amount is distinct from m.fee_amount`,
  'merchant hourly totals equal the payments they summarise': sql`
    with actual as (
      select merchant_id, date_trunc('hour', received_at, 'UTC') as hour, coalesce(sub_merchant_id, ${NO_SUB_MERCHANT}) as sub_merchant,
             channel, currency, count(*) as payment_count, sum(amount) as total_amount, sum(fee_amount) as fee_amount
        from payments p where ${only('p')} and p.status <> 'REVERSED' group by 1, 2, 3, 4, 5
    ), recorded as (
      select merchant_id, hour, coalesce(sub_merchant_id, ${NO_SUB_MERCHANT}) as sub_merchant, channel, currency,
             sum(payment_count) as payment_count, sum(total_amount) as total_amount, sum(fee_amount) as fee_amount
        from payment_merchant_hourly_totals h where ${only('h')} group by 1, 2, 3, 4, 5
    )
    select coalesce(a.merchant_id, r.merchant_id) as merchant_id, coalesce(a.hour, r.hour) as hour, coalesce(a.channel, r.channel) as channel,
           a.payment_count as actual_count, r.payment_count as recorded_count, a.total_amount as actual_total, r.total_amount as recorded_total
      from actual a full join recorded r using (merchant_id, hour, sub_merchant, channel, currency)
     where coalesce(a.payment_count, 0) <> coalesce(r.payment_count, 0) or coalesce(a.total_amount, 0) <> coalesce(r.total_amount, 0)
        or coalesce(a.fee_amount, 0) <> coalesce(r.fee_amount, 0)`,
  // Each table is unique per rail reference on its own; together they must be too (docs/rails.md),
  // except that resolved suspense names the one payment it became (docs/reconciliation.md).
  // From each suspense row (few by nature) to the payments of its reference: one index probe per
  // month, not a hash of every payment (OFFSET 0 keeps the subquery a probe per row; payments are
  // partitioned by month, migration 0034, and the reference says nothing of the month).
  'a rail reference is a payment or held in suspense, never both': sql`
    select p.id, p.rail, p.provider_reference, s.id as suspense_id, s.status
      from suspense_payments s
      join lateral (select p.id, p.rail, p.provider_reference from payments p
                     where p.rail = s.rail and p.provider_reference = s.provider_reference and ${only('p')} offset 0) p on true
     where s.status <> 'RESOLVED' or s.resolved_payment_id <> p.id`,
  // The claim is what keeps the rule above true for copies still to come (migration 0019); a
  // payment's claim also names its month partition, which lookups by reference read (migration 0034).
  'every payment and every suspense row holds the claim of its rail reference, a payment\'s with its created_at': sql`
    select 'payment' as kept_as, p.id, p.rail, p.provider_reference from payments p
     where ${only('p')}
       and not exists (select 1 from rail_references r where r.rail = p.rail and r.provider_reference = p.provider_reference and r.created_at = p.created_at)
    union all
    select 'suspense', s.id, s.rail, s.provider_reference from suspense_payments s
     where ${only('s')}
       and not exists (select 1 from rail_references r where r.rail = s.rail and r.provider_reference = s.provider_reference)`,
  // payments is partitioned by month (migration 0034), so the pair is no longer a unique key of its
  // own: the claim decides exactly once, and this checks that it did.
  'a rail reference is at most one payment': sql`
    select p.rail, p.provider_reference, count(*) as payments from payments p
     where ${only('p')} group by p.rail, p.provider_reference having count(*) > 1`,
  'resolved suspense became exactly one payment of its rail, reference, amount and currency': sql`
    select s.id, s.rail, s.provider_reference, s.amount, s.resolved_payment_id, p.id as payment_id, p.amount as payment_amount
      -- One probe per resolved suspense row (few by nature) in the month(s) of its payment's id
      -- (writtenNear), not a hash of every payment: a subquery with a LIMIT is never made a hash
      -- join (docs/scaling.md, "Bills, statements, the search box and ledger:check").
      from suspense_payments s
      left join lateral (select * from payments p where p.id = s.resolved_payment_id and ${writtenNear(sql`p.created_at`, sql`s.resolved_payment_id`)} limit 1) p on true
     where s.status = 'RESOLVED' and (s.merchant_id is null or ${only('s')})
       and (p.id is null or p.rail <> s.rail or p.provider_reference <> s.provider_reference or p.amount <> s.amount
            or p.currency <> s.currency or p.merchant_id is distinct from s.merchant_id)`,
  // An imported statement is global (the service's collection account), so this one is not scoped by merchant.
  'an imported bank credit is the one payment or suspense row of its reference, with its amount and currency': sql`
    select e.import_id, e.position, e.bank_reference, e.outcome, e.amount, p.amount as payment_amount, s.amount as suspense_amount
      from statement_import_entries e
      left join payments p on p.rail = 'BANK' and p.provider_reference = e.bank_reference
      left join suspense_payments s on s.rail = 'BANK' and s.provider_reference = e.bank_reference
     where e.outcome in ('MATCHED', 'RECORDED', 'HELD', 'SUSPENSE') and (p.merchant_id is null or ${only('p')})
       and case when e.outcome in ('MATCHED', 'RECORDED')
                then p.id is null or p.id is distinct from e.payment_id or p.amount <> e.amount or p.currency <> e.currency
                else s.id is null or s.id is distinct from e.suspense_id end`,
  // These three tables carry no foreign keys (see events' schema): what the keys would have
  // guarded, and that the account is the merchant's own, which a key could not say, is checked here.
  'a payment is into an existing account of its own merchant, under that account\'s number': sql`
    select p.id, p.merchant_id, p.virtual_account_id, p.account_number, a.merchant_id as account_merchant_id
      from payments p left join virtual_accounts a on a.id = p.virtual_account_id
     where ${only('p')} and (a.id is null or a.merchant_id <> p.merchant_id or a.account_number <> p.account_number)`,
  'a balance entry is on an existing account of its own merchant': sql`
    select e.id, e.merchant_id, e.virtual_account_id, a.merchant_id as account_merchant_id
      from balance_entries e left join virtual_accounts a on a.id = e.virtual_account_id
     where ${only('e')} and (a.id is null or a.merchant_id <> e.merchant_id)`,
  // What the foreign key from deliveries to events guarded until events were partitioned (migration 0034).
  'a webhook delivery is of an existing event of its merchant': sql`
    select d.id, d.event_id, d.merchant_id from webhook_deliveries d
     where ${only('d')} and not exists (select 1 from events e where e.id = d.event_id and e.merchant_id = d.merchant_id)`,
  'an event belongs to an existing merchant': sql`
    select e.id, e.merchant_id, e.type from events e where ${only('e')} and not exists (select 1 from merchants m where m.id = e.merchant_id)`,
  // A set difference, not NOT EXISTS: with stale statistics right after a burst of payments the
  // planner chose a nested loop over the jsonb key, which took minutes for 25,000 payments.
  'every payment has its payment.received event': sql`
    select merchant_id, id from (
      select p.merchant_id, p.id::text as id from payments p where ${only('p')}
      except
      select e.merchant_id, e.data->>'id' from events e where e.type = 'payment.received' and ${only('e')}) missing`,
  ...settlementInvariants(only),
});

/** Rows that belong to no merchant: checked only when the whole database is. */
const serviceWideInvariants: Record<string, SQL> = {
  // A claim left without its row would make every later copy of the reference a "duplicate" of nothing.
  'every claimed rail reference is a payment or held in suspense': sql`
    select r.rail, r.provider_reference from rail_references r
     where not exists (select 1 from payments p where p.rail = r.rail and p.provider_reference = r.provider_reference)
       and not exists (select 1 from suspense_payments s where s.rail = r.rail and s.provider_reference = r.provider_reference)`,
};

const EXAMPLES = 5;

/** Each check's query (rows that break it), for one merchant or the whole database (also timed by bench/scenarios/partitioning.ts). */
export function ledgerChecks(merchantId?: string): Record<string, SQL> {
  const only: Scope = (alias) => (merchantId ? sql`${sql.raw(alias)}.merchant_id = ${merchantId}` : sql`true`);
  return { ...invariants(only), ...(merchantId ? {} : serviceWideInvariants) };
}

/** Checks the whole database, or one merchant's part of it. */
export async function checkLedger(options: { merchantId?: string } = {}): Promise<{ ok: boolean; problems: LedgerProblem[]; unresolvedSuspense: number }> {
  const { merchantId } = options;
  const problems: LedgerProblem[] = [];
  for (const [invariant, query] of Object.entries(ledgerChecks(merchantId))) {
    const { rows } = await db().execute(sql`select count(*) over () as total, broken.* from (${query}) broken limit ${EXAMPLES}`);
    if (rows.length > 0) {
      problems.push({ invariant, count: Number(rows[0]!.total), examples: rows.map(({ total: _total, ...row }) => row) });
    }
  }
  const { rows } = await db().execute(sql`select count(*)::int as count from suspense_payments where status = 'OPEN'`);
  return { ok: problems.length === 0, problems, unresolvedSuspense: Number(rows[0]!.count) };
}
