import { sql } from 'drizzle-orm';
import type { Queryable } from '@/lib/platform/db';

/** What a settlement moves on one virtual account: the sum of its items' nets there. */
export interface AccountMove {
  virtualAccountId: string;
  /** Signed, exact decimal text: negative when money is paid out, positive when it comes back. */
  amount: string;
}

/**
 * The SETTLEMENT ledger entries of a settlement, one per account, with each account's balance
 * moved. Callers run this LAST in their transaction: the rows are locked in id order (two
 * settlements touching the same accounts never wait on each other crosswise), and the locks on
 * what may be a hot account (every payment into it takes the same row) last only until commit.
 * balance_after is the account's balance after the entry, as for every other entry.
 */
export async function postSettlementEntries(
  tx: Queryable,
  settlement: { id: string; merchantId: string },
  moves: AccountMove[],
  description: string,
): Promise<void> {
  const nonZero = moves.filter((move) => !/^-?0*(\.0*)?$/.test(move.amount));
  if (nonZero.length === 0) return;
  const ids = nonZero.map((move) => move.virtualAccountId);
  const amounts = nonZero.map((move) => move.amount);
  await tx.execute(sql`
    with moves as (
      select * from unnest(${sql.param(ids)}::uuid[], ${sql.param(amounts)}::numeric[]) as m(account_id, amount)
    ), locked as (
      select a.id from virtual_accounts a where a.id in (select account_id from moves) order by a.id for update
    ), balances as (
      update virtual_accounts a set balance = a.balance + m.amount
        from moves m where a.id = m.account_id and a.id in (select id from locked)
      returning a.id, a.balance, m.amount
    )
    insert into balance_entries (merchant_id, virtual_account_id, type, amount, balance_after, settlement_id, description)
    select ${settlement.merchantId}::uuid, b.id, 'SETTLEMENT', b.amount, b.balance, ${settlement.id}::uuid, ${description}::text from balances b`);
}

/**
 * Makes the WAL the transaction has written so far durable now, before it locks the accounts, so
 * that its COMMIT (which ends those locks) waits to flush only what the last statement wrote. A
 * settlement of thousands of payments writes megabytes first; flushed at COMMIT, that fsync was
 * part of the time a hot account stayed locked (docs/benchmarks.md, "26 November (second session)").
 * pg_logical_emit_message with flush (PostgreSQL 17+) writes an empty non-transactional message and
 * flushes the WAL up to it; nothing reads the message (no logical decoding here). The same bytes
 * are flushed either way; only the moment changes. On an older server (the function has no flush
 * argument there) this does nothing, and the COMMIT flushes everything as before.
 */
export async function flushWrittenSoFar(tx: Queryable): Promise<void> {
  await tx.execute(sql.raw(`do $$ begin
    if current_setting('server_version_num')::int >= 170000 then
      perform pg_logical_emit_message(false, 'collect.settlement', '', true);
    end if;
  end $$`));
}
