import { sql } from 'drizzle-orm';
import type { z } from '@hono/zod-openapi';
import { findVisibleAccount } from '@/lib/accounts/queries';
import { unprocessable } from '@/lib/api/errors';
import { moneyJson, timestampJson } from '@/lib/api/serialize';
import type { Principal } from '@/lib/auth/principal';
import { nairobiDay } from '@/lib/payments/nairobi-days';
import type { Queryable } from '@/lib/platform/db';
import { executePrepared } from '@/lib/platform/db/prepared';
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
 * How far before an instant the cut and the opening balances are looked for first: one month and
 * its neighbour's edge, where nearly every account has an entry. Only when nothing there settles
 * the answer is the account read back to its first month (an account quiet for longer). Both reads
 * give the same answer; the first prunes to the months it names when the statement starts (a
 * prepared statement's generic plan), instead of opening every month kept (docs/scaling.md).
 */
const RECENT_MS = 31 * 86_400_000;
const recentFrom = (at: Date) => new Date(at.getTime() - RECENT_MS).toISOString();
const EVER = '-infinity';

/**
 * Where the ledger is cut at an instant: the last sequence number of the account's entries created
 * before it (0 before the first). Periods are cut by sequence, not by time, so that the entries of
 * adjacent periods follow on without gap or overlap and each balance column runs unbroken across
 * them, even for entries whose times are out of order (see OUT_OF_ORDER_WINDOW).
 * The newest entry before `at` is looked for in the recent month first: if there is one there, it
 * is the newest of all; else the account's whole history is read.
 */
async function cutAt(tx: Queryable, accountId: string, at: Date): Promise<string> {
  const cutSince = async (since: string) => {
    const [row] = await executePrepared<{ found: boolean; cut: string }>(tx, sql`
      with last as (select created_at from balance_entries
                     where virtual_account_id = ${accountId} and created_at < ${at.toISOString()}::timestamptz and created_at >= ${since}::timestamptz
                     order by created_at desc limit 1)
      select exists (select from last) as found,
             coalesce((select max(e.sequence) from balance_entries e
                        where e.virtual_account_id = ${accountId} and e.created_at < ${at.toISOString()}::timestamptz
                          and e.created_at >= ${since}::timestamptz - ${OUT_OF_ORDER_WINDOW}
                          and e.created_at >= (select created_at from last) - ${OUT_OF_ORDER_WINDOW}), 0)::text as cut`);
    return row!;
  };
  const recent = await cutSince(recentFrom(at));
  return recent.found ? recent.cut : (await cutSince(EVER)).cut;
}

/**
 * The balance and the fee balance after the ledger's entry `cut`, the cut at `at` (both 0 before
 * any entry): each the balanceAfter of the last entry of its kind at or below the cut. Every entry
 * at or below the cut was created before `at` and OUT_OF_ORDER_WINDOW (a day is used). Read in the
 * recent month first: an entry found there more than a day after the window's start is the last
 * of its kind, since any later one in sequence was created at most OUT_OF_ORDER_WINDOW before it,
 * so inside the window too. Else (a kind with no entry in the month: an account quiet for months,
 * or one without fees) the account's history up to `at` is read for it.
 */
async function balancesAt(tx: Queryable, accountId: string, cut: string, at: Date): Promise<{ balance: string; feeBalance: string }> {
  const before = new Date(at.getTime() + PERIOD_MARGIN_MS).toISOString();
  const lastOfEachKind = async (since: string) => {
    const settledFrom = since === EVER ? EVER : new Date(Date.parse(since) + PERIOD_MARGIN_MS).toISOString();
    const of = (fees: boolean) => sql`
      select balance_after, created_at from balance_entries
       where virtual_account_id = ${accountId} and ${fees ? sql`type = 'FEE'` : sql`type <> 'FEE'`} and sequence <= ${cut}::bigint
         and created_at >= ${since}::timestamptz and created_at < ${before}::timestamptz
       order by sequence desc limit 1`;
    const [row] = await executePrepared<{ balance: string | null; balance_settled: boolean; fee_balance: string | null; fee_settled: boolean }>(tx, sql`
      select b.balance_after::text as balance, coalesce(b.created_at >= ${settledFrom}::timestamptz, false) as balance_settled,
             f.balance_after::text as fee_balance, coalesce(f.created_at >= ${settledFrom}::timestamptz, false) as fee_settled
        from (select) one left join lateral (${of(false)}) b on true left join lateral (${of(true)}) f on true`);
    return row!;
  };
  if (cut === '0') return { balance: '0', feeBalance: '0' };
  const recent = await lastOfEachKind(recentFrom(at));
  const ever = recent.balance_settled && recent.fee_settled ? recent : await lastOfEachKind(EVER);
  return {
    balance: (recent.balance_settled ? recent.balance : ever.balance) ?? '0',
    feeBalance: (recent.fee_settled ? recent.fee_balance : ever.fee_balance) ?? '0',
  };
}

/** created_at bounds that every entry cut into the period meets (PERIOD_MARGIN_MS), as values the planner prunes by. */
export function periodEntries(periodStart: Date, periodEnd: Date) {
  const after = new Date(periodStart.getTime() - PERIOD_MARGIN_MS).toISOString();
  const before = new Date(periodEnd.getTime() + PERIOD_MARGIN_MS).toISOString();
  return sql`created_at >= ${after}::timestamptz and created_at < ${before}::timestamptz`;
}

/**
 * What a statement reads, inside one repeatable-read transaction: the cuts, the opening balances,
 * the entries and their totals (exported for bench/scenarios/partitioning.ts, which times it).
 */
export async function statementReads(tx: Queryable, accountId: string, periodStart: Date, periodEnd: Date) {
  const withinPeriod = periodEntries(periodStart, periodEnd);
  // Each read below is a prepared statement bounded by times given as values. Left to choose,
  // PostgreSQL planned them again on every call (a plan for the values prunes the months when
  // planning, and so looks cheaper than the generic plan, which counts every month): 0.4-0.7 ms of
  // planning each over 17 month partitions. The generic plan prunes the same months when each
  // statement starts, for 0.1 ms (docs/scaling.md, "Bills, statements, the search box and ledger:check").
  await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
  const [startCut, endCut] = [await cutAt(tx, accountId, periodStart), await cutAt(tx, accountId, periodEnd)];
  const opening = await balancesAt(tx, accountId, startCut, periodStart);
  // Prepared (planned once per connection, pruned to the period's months when each starts), as the lists are.
  const rows = await executePrepared<EntryRow>(tx, sql`
    select id, type, amount::text, balance_after::text, payment_id, settlement_id, description, created_at from balance_entries
     where virtual_account_id = ${accountId} and sequence > ${startCut}::bigint and sequence <= ${endCut}::bigint and ${withinPeriod}
     order by sequence limit ${MAX_STATEMENT_ENTRIES + 1}`);
  const [totals] = await executePrepared<{ credits: string; debits: string; fees: string; paid_out: string }>(tx, sql`
    select coalesce(sum(amount) filter (where type = 'CREDIT'), 0)::text as credits,
           coalesce(sum(amount) filter (where type = 'DEBIT'), 0)::text as debits,
           coalesce(sum(amount) filter (where type = 'FEE'), 0)::text as fees,
           coalesce(sum(amount) filter (where type = 'SETTLEMENT'), 0)::text as paid_out
      from balance_entries where virtual_account_id = ${accountId} and sequence > ${startCut}::bigint and sequence <= ${endCut}::bigint and ${withinPeriod}`);
  return { opening, rows, totals: totals! };
}

// A type rather than an interface: executePrepared's rows are records.
type EntryRow = {
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

  const read = await readDb().transaction((tx) => statementReads(tx, account.id, periodStart, periodEnd), { isolationLevel: 'repeatable read', accessMode: 'read only' });
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
