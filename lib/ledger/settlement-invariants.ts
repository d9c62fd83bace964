import { sql, type SQL } from 'drizzle-orm';
import { minorUnits } from '@/lib/money/currencies';
import type { Scope } from './check';

const STANDING = sql`('PENDING', 'PROCESSING', 'PAID')`;

/**
 * Settlements (docs/settlement.md, "The ledger"), each a query returning the rows that break it.
 * The money equation at the end takes its three sides from three tables that no one writer keeps
 * in step: the settlements, the ledger's entries, and the payments.
 */
export const settlementInvariants = (only: Scope): Record<string, SQL> => ({
  // Per settlement rather than per account: cents carried forward (lib/settlement/carry.ts) stay on
  // one of its accounts, so an account's entry may differ from its items' net by them.
  'a settlement\'s entries name an existing settlement of their merchant and sum to minus its amount while it stands, to zero once released': sql`
    with e as (
      select e.settlement_id, e.merchant_id, sum(e.amount) as entries
        from balance_entries e where e.type = 'SETTLEMENT' and ${only('e')} group by 1, 2
    ), s as (
      select s.id, s.merchant_id, s.status, s.amount from settlements s where ${only('s')}
    )
    select coalesce(e.settlement_id, s.id) as settlement_id, e.entries, s.amount, s.status
      from e full join s on s.id = e.settlement_id
     where s.id is null or e.merchant_id <> s.merchant_id
        or coalesce(e.entries, 0) <> (case when s.status in ${STANDING} then -s.amount else 0 end)`,
  'a settlement\'s entries are on accounts of its items': sql`
    select e.id, e.settlement_id, e.virtual_account_id from balance_entries e
     where e.type = 'SETTLEMENT' and ${only('e')}
       and not exists (select 1 from settlement_items i where i.settlement_id = e.settlement_id and i.virtual_account_id = e.virtual_account_id)`,
  'only settlement entries name a settlement': sql`
    select e.id, e.type, e.settlement_id from balance_entries e
     where ${only('e')} and e.settlement_id is not null and e.type <> 'SETTLEMENT'`,
  'a settlement\'s items stand exactly while it stands, each its payment\'s (or confirmed reversal\'s) amount, fee, account and currency': sql`
    select i.settlement_id, i.kind, i.payment_id, s.status, i.released_at, i.amount, p.amount as payment_amount, i.fee_amount, p.fee_amount as payment_fee
      from settlement_items i
      left join settlements s on s.id = i.settlement_id
      left join payments p on p.id = i.payment_id and ${only('p')} -- a merchant's own check reads its payments only (check.ts)
     where ${only('i')}
       and (s.id is null or (i.released_at is null) <> (s.status in ${STANDING}) or s.merchant_id <> i.merchant_id
            or p.id is null or p.merchant_id <> i.merchant_id or p.virtual_account_id <> i.virtual_account_id or p.currency <> s.currency
            or p.amount <> i.amount or p.fee_amount <> i.fee_amount or p.provider_reference <> i.provider_reference
            or (i.kind = 'REVERSAL' and not exists (select 1 from payment_reversals r where r.payment_id = i.payment_id and r.status = 'CONFIRMED')))`,
  'every payment\'s net is in at most one standing settlement, and its settlement id names that one': sql`
    select p.id, p.status, p.settlement_id, count(i.settlement_id) as standing, (array_agg(i.settlement_id))[1] as item_settlement_id
      from payments p left join settlement_items i on i.payment_id = p.id and i.kind = 'PAYMENT' and i.released_at is null
     where ${only('p')}
     group by p.id, p.created_at -- the key of partitioned payments (migration 0034): the other columns follow from it
    having count(i.settlement_id) > 1 or p.settlement_id is distinct from (array_agg(i.settlement_id))[1]`,
  'every reversal taken back is in at most one standing settlement, and its settlement id names that one': sql`
    select r.id, r.status, r.settlement_id, count(i.settlement_id) as standing, (array_agg(i.settlement_id))[1] as item_settlement_id
      from payment_reversals r left join settlement_items i on i.payment_id = r.payment_id and i.kind = 'REVERSAL' and i.released_at is null and r.status = 'CONFIRMED'
     where ${only('r')}
     group by r.id
    having count(i.settlement_id) > 1 or r.settlement_id is distinct from (array_agg(i.settlement_id))[1]`,
  // Settlement finds what is due in unsettled_payments (migration 0025), not in payments: a payment
  // missing there would never be paid out; one still there once settled would be looked at for nothing.
  'every payment that may still be paid out and is in no settlement is queued for settlement where it was received, and no other is': sql`
    select p.id, p.status, p.settlement_id, q.payment_id as queued, q.merchant_id as queued_merchant, q.currency as queued_currency, q.received_at as queued_received_at
      from payments p left join unsettled_payments q on q.payment_id = p.id
     where ${only('p')}
       and case when p.settlement_id is null and p.status <> 'REVERSED'
                -- payment_created_at: the partition key settlement joins the payment by (migration 0034).
                then q.payment_id is null or q.merchant_id <> p.merchant_id or q.currency <> p.currency or q.received_at <> p.received_at
                     or q.payment_created_at <> p.created_at
                else q.payment_id is not null end`,
  'a settlement\'s amounts are the sums of its items': sql`
    select s.id, s.gross_amount, s.fee_amount, s.reversal_amount, s.brought_forward, s.carried_forward, s.amount, s.entry_count,
           coalesce(sum(i.amount) filter (where i.kind = 'PAYMENT'), 0) as items_gross, coalesce(sum(i.net_amount), 0) as items_net, count(i.payment_id) as items
      from settlements s left join settlement_items i on i.settlement_id = s.id
     where ${only('s')}
     group by s.id
    having s.gross_amount <> coalesce(sum(i.amount) filter (where i.kind = 'PAYMENT'), 0)
        or s.fee_amount <> coalesce(sum(i.fee_amount) filter (where i.kind = 'PAYMENT'), 0) - coalesce(sum(i.fee_amount) filter (where i.kind = 'REVERSAL'), 0)
        or s.reversal_amount <> coalesce(sum(i.amount) filter (where i.kind = 'REVERSAL'), 0)
        or s.amount <> coalesce(sum(i.net_amount), 0) + s.brought_forward - s.carried_forward
        or s.entry_count <> count(i.payment_id)`,
  // Paid once: one settlement.paid event, a paid time exactly when it was paid, and no rail reference paid out twice.
  'no settlement is paid twice': sql`
    with paid as (
      select e.data->>'id' as id, count(*) as events from events e where e.type = 'settlement.paid' and ${only('e')} group by 1
    )
    select s.id, s.status, s.paid_at, coalesce(paid.events, 0) as paid_events, null as provider_reference
      from settlements s left join paid on paid.id = s.id::text
     where ${only('s')}
       and (coalesce(paid.events, 0) <> (case when s.status in ('PAID', 'RETURNED') then 1 else 0 end)
            or (s.paid_at is not null) <> (s.status in ('PAID', 'RETURNED')))
    union all
    select (array_agg(s.id))[1], 'PAID', null, count(*), s.provider_reference
      from settlements s where ${only('s')} and s.provider_reference is not null and s.status in ('PAID', 'RETURNED')
     group by s.rail, s.provider_reference having count(*) > 1`,
  // available + pending + reserved is, by its definition, what the ledger still owes (balance −
  // fee balance); PAID and settling come from the settlements; the right side from the payments.
  // Every entry counts: money leaves an account only by a reversal (DEBIT) or a settlement.
  'per merchant and currency, PAID + available + pending + reserved + settling = collected − fees − reversals': sql`
    with owed as (
      select a.merchant_id, a.currency, coalesce(sum(e.amount) filter (where e.type <> 'FEE'), 0)
             - coalesce(sum(e.amount) filter (where e.type = 'FEE'), 0) as owed
        from virtual_accounts a join balance_entries e on e.virtual_account_id = a.id
       where ${only('a')} group by 1, 2
    ), settled as (
      select s.merchant_id, s.currency, coalesce(sum(s.amount) filter (where s.status = 'PAID'), 0) as paid,
             coalesce(sum(s.amount) filter (where s.status in ('PENDING', 'PROCESSING')), 0) as settling
        from settlements s where ${only('s')} group by 1, 2
    ), collected as (
      select p.merchant_id, p.currency, sum(p.amount) as collected, coalesce(sum(p.fee_amount) filter (where p.status <> 'REVERSED'), 0) as fees,
             coalesce(sum(p.amount) filter (where p.status = 'REVERSED'), 0) as reversals
        from payments p where ${only('p')} group by 1, 2
    )
    select merchant_id, currency, s.paid, s.settling, o.owed, c.collected, c.fees, c.reversals
      from collected c full join owed o using (merchant_id, currency) full join settled s using (merchant_id, currency)
     where coalesce(s.paid, 0) + coalesce(s.settling, 0) + coalesce(o.owed, 0) <> coalesce(c.collected, 0) - coalesce(c.fees, 0) - coalesce(c.reversals, 0)`,
  // The rule is stored with the payment (lib/pricing): this recomputes lib/pricing/fee.ts's feeUnder in SQL.
  'a payment\'s fee is what its recorded fee rule charges': sql`
    with digits as (select key as currency, value::int as digits from jsonb_each_text(${JSON.stringify(minorUnits)}::jsonb)),
    charged as (
      select p.id, p.amount, p.fee_amount, p.fee_rule, p.currency,
             case when p.fee_rule->>'source' = 'NONE' then 0::numeric
                  else least(p.amount, round(
                    least(greatest((p.fee_rule->>'fixed')::numeric + round(p.amount * (p.fee_rule->>'percent')::numeric / 100, 4),
                                   coalesce((p.fee_rule->>'min')::numeric, 0)),
                          coalesce((p.fee_rule->>'max')::numeric, 'Infinity'::numeric)),
                    coalesce(d.digits, 2))) end as expected
        from payments p left join digits d on d.currency = p.currency
       where ${only('p')} and p.fee_rule is not null)
    select id, amount, currency, fee_amount, expected, fee_rule from charged where fee_amount <> expected`,
});
