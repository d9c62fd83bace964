import { and, eq, sql } from 'drizzle-orm';
import { collectionAccounts } from '@/lib/accounts/schema';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { parseStatementFile } from './parse-file';
import { statementImportEntries, statementImports, type EntryOutcome } from './schema';
import { heldCredits, referenceOf, settleEntry, type EntryResult } from './settle-entry';
import { StatementFileError, type BankStatement } from './statement';

/** An import left IMPORTING this long (its run died) is taken over by the next run of the file. */
const ABANDONED_AFTER_MS = 10 * 60_000;
const ENTRY_ROWS_PER_INSERT = 2_000;
/** Accounts settled at once: enough to fill the payment batcher's group commits, few enough for the pool. */
const ACCOUNTS_AT_ONCE = 8;

/** The positions of the entries, by the account they name, each in file order. */
function byAccount(entries: BankStatement['entries']): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    const key = entry.accountNumber ?? '';
    const group = groups.get(key);
    if (group) group.push(index);
    else groups.set(key, [index]);
  });
  return groups;
}

/** Maps items through work, `limit` at a time, keeping their order in the answer. */
async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

export interface StatementReport {
  statementId: string;
  bankAccount: string;
  currency: string;
  importId: string;
  /** Set when the statement had been imported before: nothing was recorded this time. */
  alreadyImported: { at: string; fileHash: string } | null;
  entries: number;
  matched: number;
  recordedNow: number;
  suspense: number;
  mismatched: number;
  skipped: number;
  mismatches: { position: number; bankReference: string; detail: string }[];
  suspended: { position: number; bankReference: string; reason: string }[];
}

export interface ImportReport {
  file: { name: string | null; hash: string; format: BankStatement['format'] };
  statements: StatementReport[];
}

/** Each statement must be of a collection account, in its currency: checked before anything is recorded. */
async function checkAccounts(statements: BankStatement[]): Promise<void> {
  const known = await db().select().from(collectionAccounts);
  for (const statement of statements) {
    const account = known.find((candidate) => candidate.bankAccountNumber === statement.bankAccount);
    if (!account) {
      const numbers = known.map((candidate) => `${candidate.bankAccountNumber} (${candidate.currency})`).join(', ') || 'none yet';
      throw new StatementFileError(`Statement ${statement.statementId} is of account ${statement.bankAccount}, which is not one of the collection accounts: ${numbers}.`);
    }
    if (account.currency !== statement.currency) {
      throw new StatementFileError(`Statement ${statement.statementId} is in ${statement.currency}; collection account ${account.bankAccountNumber} holds ${account.currency}.`);
    }
  }
}

type Claim = { id: string; previous: null } | { id: string; previous: typeof statementImports.$inferSelect };

/**
 * The statement's import row, claimed for this run; or the earlier import that already covered it.
 * The unique key (bank account, statement id) makes two runs of one file, at once or one after the
 * other, record it once: the second finds the first's row.
 */
async function claim(statement: BankStatement, file: { hash: string; name: string | null }): Promise<Claim | 'busy'> {
  const [inserted] = await db()
    .insert(statementImports)
    .values({
      fileHash: file.hash,
      fileName: file.name,
      format: statement.format,
      bankAccount: statement.bankAccount,
      statementId: statement.statementId,
      currency: statement.currency,
      openingBalance: statement.openingBalance,
      closingBalance: statement.closingBalance,
    })
    .onConflictDoNothing()
    .returning({ id: statementImports.id });
  if (inserted) return { id: inserted.id, previous: null };

  const [existing] = await db()
    .select()
    .from(statementImports)
    .where(and(eq(statementImports.bankAccount, statement.bankAccount), eq(statementImports.statementId, statement.statementId)));
  if (existing!.status === 'COMPLETED') return { id: existing!.id, previous: existing! };
  // A run that died part-way: every entry it recorded is matched this time, so taking over is safe.
  const [taken] = await db()
    .update(statementImports)
    .set({ startedAt: sql`now()`, fileHash: file.hash, fileName: file.name })
    .where(and(eq(statementImports.id, existing!.id), eq(statementImports.status, 'IMPORTING'), sql`${statementImports.startedAt} < now() - make_interval(secs => ${ABANDONED_AFTER_MS / 1000})`))
    .returning({ id: statementImports.id });
  return taken ? { id: taken.id, previous: null } : 'busy';
}

const countOf = (results: EntryResult[], ...outcomes: EntryOutcome[]) => results.filter((result) => outcomes.includes(result.outcome)).length;

async function importStatement(statement: BankStatement, file: { hash: string; name: string | null }): Promise<StatementReport> {
  const base = { statementId: statement.statementId, bankAccount: statement.bankAccount, currency: statement.currency, mismatches: [], suspended: [] };
  const claimed = await claim(statement, file);
  if (claimed === 'busy') {
    throw new StatementFileError(`Statement ${statement.statementId} is being imported by another run right now; try again when it has finished.`);
  }
  if (claimed.previous) {
    const previous = claimed.previous;
    return {
      ...base,
      importId: previous.id,
      alreadyImported: { at: (previous.completedAt ?? previous.startedAt).toISOString(), fileHash: previous.fileHash },
      entries: statement.entries.length,
      matched: 0,
      recordedNow: 0,
      suspense: 0,
      mismatched: 0,
      skipped: 0,
    };
  }

  // Each entry goes through the rail's exactly-once path on its own. Accounts are worked several at
  // a time, so that credits never notified share group commits as live notifications do; within an
  // account, in the bank's booking order, so a bill is paid by the credit the bank booked first.
  // What is held already is read for the whole statement at once.
  const held = await heldCredits(statement.entries.map(referenceOf));
  const results = new Array<EntryResult>(statement.entries.length);
  await inParallel([...byAccount(statement.entries).values()], ACCOUNTS_AT_ONCE, async (indexes) => {
    for (const index of indexes) results[index] = await settleEntry(statement, statement.entries[index]!, held);
  });

  const counts = {
    entries: statement.entries.length,
    matched: countOf(results, 'MATCHED', 'HELD'),
    recordedNow: countOf(results, 'RECORDED'),
    suspense: countOf(results, 'SUSPENSE'),
    mismatched: countOf(results, 'MISMATCHED'),
    skipped: countOf(results, 'SKIPPED'),
  };
  await db().transaction(async (tx) => {
    await tx.delete(statementImportEntries).where(eq(statementImportEntries.importId, claimed.id));
    const rows = statement.entries.map((entry, index) => ({
      importId: claimed.id,
      position: entry.position,
      bankReference: entry.bankReference,
      direction: entry.direction,
      amount: entry.amount,
      currency: entry.currency,
      accountNumber: entry.accountNumber,
      bookedOn: entry.bookedOn,
      outcome: results[index]!.outcome,
      paymentId: results[index]!.paymentId ?? null,
      suspenseId: results[index]!.suspenseId ?? null,
      detail: results[index]!.detail ?? null,
    }));
    // PostgreSQL takes at most 65,535 parameters a statement: 12 a row, so a long day's statement goes in slices.
    for (let start = 0; start < rows.length; start += ENTRY_ROWS_PER_INSERT) {
      await tx.insert(statementImportEntries).values(rows.slice(start, start + ENTRY_ROWS_PER_INSERT));
    }
    await tx
      .update(statementImports)
      .set({
        status: 'COMPLETED',
        completedAt: sql`now()`,
        entryCount: counts.entries,
        matchedCount: counts.matched,
        recordedCount: counts.recordedNow,
        suspenseCount: counts.suspense,
        mismatchedCount: counts.mismatched,
        skippedCount: counts.skipped,
      })
      .where(eq(statementImports.id, claimed.id));
  });

  const report: StatementReport = {
    ...base,
    importId: claimed.id,
    alreadyImported: null,
    ...counts,
    mismatches: statement.entries.flatMap((entry, index) =>
      results[index]!.outcome === 'MISMATCHED' ? [{ position: entry.position, bankReference: entry.bankReference, detail: results[index]!.detail ?? '' }] : [],
    ),
    suspended: statement.entries.flatMap((entry, index) =>
      results[index]!.outcome === 'SUSPENSE' ? [{ position: entry.position, bankReference: entry.bankReference, reason: results[index]!.detail ?? '' }] : [],
    ),
  };
  if (report.mismatched > 0) logger().warn({ statementId: statement.statementId, mismatches: report.mismatches }, 'bank statement disagrees with recorded credits');
  return report;
}

/**
 * Imports a bank statement file (camt.053 or MT940) of the collection accounts. The whole file is
 * read and checked first: a file that is not right in any part records nothing. Then each statement
 * not imported before is worked through entry by entry (see settle-entry.ts).
 */
export async function importStatementFile(bytes: Uint8Array, name: string | null = null): Promise<ImportReport> {
  const file = parseStatementFile(bytes);
  await checkAccounts(file.statements);
  const statements: StatementReport[] = [];
  for (const statement of file.statements) statements.push(await importStatement(statement, { hash: file.hash, name }));
  return { file: { name, hash: file.hash, format: file.statements[0]!.format }, statements };
}
