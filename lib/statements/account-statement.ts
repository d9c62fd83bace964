import { sql } from 'drizzle-orm';
import type { z } from '@hono/zod-openapi';
import { findVisibleAccount } from '@/lib/accounts/queries';
import { unprocessable } from '@/lib/api/errors';
import { moneyJson, timestampJson } from '@/lib/api/serialize';
import type { Principal } from '@/lib/auth/principal';
import { nairobiDay } from '@/lib/payments/nairobi-days';
import type { Queryable } from '@/lib/platform/db';
import { readDb } from '@/lib/platform/db/read-pool';
import { MAX_STATEMENT_ENTRIES, type AccountStatement } from './schemas';

/**
 * A ledger transaction takes its entries' created_at when it starts and their sequence when it
 * writes them, under the account's lock; two payments racing for one account can therefore carry
 * times a little out of sequence order. Entries within this much before a boundary are looked at
 * to find the last sequence number before it.
 */
const OUT_OF_ORDER_WINDOW = sql`interval '5 minutes'`;

/**
 * The entries of a period, cut by sequence, were all written within this much of the period's
 * bounds: an entry after the start's cut was created at most OUT_OF_ORDER_WINDOW before the start,
 * and one up to the end's cut at most that after the end (see cutAt). Saying so in the statement's
 * queries as created_at bounds lets PostgreSQL read only the months of the period (balance_entries
 * is partitioned by month on created_at, migration 0034) instead of every month's index; a day is
 * far wider than the window, so no entry is left out, and still prunes to the period's months.
 */
const PERIOD_MARGIN_MS = 86_400_000;

/** Midnight starting a Nairobi day, as an instant (Nairobi keeps UTC+3 all year). */
const nairobiMidnight = (day: string) => new Date(`${day}T00:00:00+03:00`);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Where the ledger is cut at an instant: the last sequence number of the account's entries created
 * before it (0 before the first). Periods are cut by sequence, not by time, so that the entries of
 * adjacent periods follow on without gap or overlap and each balance column runs unbroken across
 * them, even for entries whose times are out of order (see OUT_OF_ORDER_WINDOW).
 */
async function cutAt(tx: Queryable, accountId: string, at: Date): Promise<string> {
  const { rows } = await tx.execute(sql`
    select coalesce(max(e.sequence), 0)::text as cut from balance_entries e
     where e.virtual_account_id = ${accountId} and e.created_at < ${at.toISOString()}::timestamptz
       and e.created_at >= (select last.created_at from balance_entries last
                             where last.virtual_account_id = ${accountId} and last.created_at < ${at.toISOString()}::timestamptz
                             order by last.created_at desc limit 1) - ${OUT_OF_ORDER_WINDOW}`);
  return String(rows[0]!.cut);
}

/** The balance and the fee balance after the ledger's entry `cut` (both 0 before any entry). */
async function balancesAt(tx: Queryable, accountId: string, cut: string): Promise<{ balance: string; feeBalance: string }> {
  const { rows } = await tx.execute(sql`
    select coalesce((select balance_after from balance_entries where virtual_account_id = ${accountId} and type <> 'FEE' and sequence <= ${cut}::bigint
                      order by sequence desc limit 1), 0)::text as balance,
           coalesce((select balance_after from balance_entries where virtual_account_id = ${accountId} and type = 'FEE' and sequence <= ${cut}::bigint
                      order by sequence desc limit 1), 0)::text as fee_balance`);
  return { balance: String(rows[0]!.balance), feeBalance: String(rows[0]!.fee_balance) };
}

/** created_at bounds that every entry cut into the period meets (PERIOD_MARGIN_MS), as values the planner prunes by. */
export function periodEntries(periodStart: Date, periodEnd: Date) {
  const after = new Date(periodStart.getTime() - PERIOD_MARGIN_MS).toISOString();
  const before = new Date(periodEnd.getTime() + PERIOD_MARGIN_MS).toISOString();
  return sql`created_at >= ${after}::timestamptz and created_at < ${before}::timestamptz`;
}

interface EntryRow {
  id: string;
  type: 'CREDIT' | 'FEE' | 'DEBIT' | 'SETTLEMENT';
  amount: string;
  balance_after: string;
  payment_id: string | null;
  settlement_id: string | null;
  description: string;
  created_at: string | Date;
}

/** Nairobi days of a period: the first of this month to today when not given. */
export function periodOf(query: { from?: string; to?: string }, now = new Date()) {
  const today = nairobiDay(now);
  const from = query.from ?? `${(query.to ?? today).slice(0, 8)}01`;
  const to = query.to ?? (today >= from ? today : from);
  return { from, to };
}

/**
 * An account's statement for a period of Nairobi days: the opening balances, every entry with the
 * balances after it, and the closing balances. FEE entries move only the fee balance (docs/payments.md);
 * the balance column is the account's `balance`, so a period up to now closes on it.
 * One repeatable-read snapshot: the cut, the balances and the entries are read at one moment.
 */
export async function accountStatement(principal: Principal, virtualAccountId: string, query: { from?: string; to?: string }): Promise<z.infer<typeof AccountStatement>> {
  const account = await findVisibleAccount(principal, virtualAccountId);
  const { from, to } = periodOf(query);
  if (to < from) throw unprocessable('The period ends before it starts.', [{ path: 'query.to', message: 'Must be on or after from.' }]);
  const periodStart = nairobiMidnight(from);
  const periodEnd = nairobiMidnight(nextDay(to));
  const withinPeriod = periodEntries(periodStart, periodEnd);

  const read = await readDb().transaction(
    async (tx) => {
      const [startCut, endCut] = [await cutAt(tx, account.id, periodStart), await cutAt(tx, account.id, periodEnd)];
      const opening = await balancesAt(tx, account.id, startCut);
      const { rows } = await tx.execute(sql`
        select id, type, amount::text, balance_after::text, payment_id, settlement_id, description, created_at from balance_entries
         where virtual_account_id = ${account.id} and sequence > ${startCut}::bigint and sequence <= ${endCut}::bigint and ${withinPeriod}
         order by sequence limit ${MAX_STATEMENT_ENTRIES + 1}`);
      const totals = await tx.execute(sql`
        select coalesce(sum(amount) filter (where type = 'CREDIT'), 0)::text as credits,
               coalesce(sum(amount) filter (where type = 'DEBIT'), 0)::text as debits,
               coalesce(sum(amount) filter (where type = 'FEE'), 0)::text as fees,
               coalesce(sum(amount) filter (where type = 'SETTLEMENT'), 0)::text as paid_out
          from balance_entries where virtual_account_id = ${account.id} and sequence > ${startCut}::bigint and sequence <= ${endCut}::bigint and ${withinPeriod}`);
      return { opening, rows: rows as unknown as EntryRow[], totals: totals.rows[0] as { credits: string; debits: string; fees: string; paid_out: string } };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  if (read.rows.length > MAX_STATEMENT_ENTRIES) {
    throw unprocessable(
      `This period holds more than ${MAX_STATEMENT_ENTRIES} entries; ask for a shorter period.`,
      [{ path: 'query.to', message: `The period from ${from} to ${to} holds more than ${MAX_STATEMENT_ENTRIES} entries.` }],
      'statement_too_long',
    );
  }

  // Each entry's own balanceAfter is the ledger's; the other column carries on from the row before.
  let balance = read.opening.balance;
  let feeBalance = read.opening.feeBalance;
  const entries = read.rows.map((row) => {
    if (row.type === 'FEE') feeBalance = row.balance_after;
    else balance = row.balance_after;
    return {
      id: row.id,
      type: row.type,
      amount: moneyJson(row.amount),
      balanceAfter: moneyJson(balance),
      feeBalanceAfter: moneyJson(feeBalance),
      paymentId: row.payment_id,
      settlementId: row.settlement_id,
      description: row.description,
      createdAt: timestampJson(new Date(row.created_at)),
    };
  });

  return {
    virtualAccountId: account.id,
    accountNumber: account.accountNumber,
    accountName: account.accountName,
    currency: account.currency,
    from,
    to,
    periodStart: timestampJson(periodStart),
    periodEnd: timestampJson(periodEnd),
    openingBalance: moneyJson(read.opening.balance),
    closingBalance: moneyJson(balance),
    openingFeeBalance: moneyJson(read.opening.feeBalance),
    closingFeeBalance: moneyJson(feeBalance),
    totalCredits: moneyJson(read.totals.credits),
    totalDebits: moneyJson(read.totals.debits),
    totalFees: moneyJson(read.totals.fees),
    totalPaidOut: moneyJson(read.totals.paid_out),
    entries,
    generatedAt: timestampJson(new Date()),
  };
}
