import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { collectionAccounts } from '@/lib/accounts/schema';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { statementIdentity } from './identity';
import { parseStatementFile } from './parse-file';
import { accountedOutcomes, statementImportEntries, statementImports, type EntryOutcome } from './schema';
import { heldCredits, referenceOf, settleEntry, skipReason, type EntryResult } from './settle-entry';
import { StatementFileError, type BankStatement } from './statement';

/** An import left IMPORTING this long (its run died) is taken over by the next run of the file. */
const ABANDONED_AFTER_MS = 10 * 60_000;
const ENTRY_ROWS_PER_INSERT = 2_000;
const REFERENCES_PER_LOOKUP = 5_000;
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
  openingDate: string | null;
  closingDate: string | null;
  importId: string;
  /** Set when the statement had been imported before: nothing was recorded this time. */
  alreadyImported: { at: string; fileHash: string } | null;
  entries: number;
  matched: number;
  recordedNow: number;
  suspense: number;
  mismatched: number;
  skipped: number;
  /** Credits an earlier statement (overlapping this one) already accounted for. */
  repeated: number;
  mismatches: { position: number; bankReference: string; detail: string }[];
  suspended: { position: number; bankReference: string; reason: string }[];
  /** Why entries were skipped, with how many each. */
  skippedBecause: Record<string, number>;
}

export interface ImportReport {
  file: { name: string | null; hash: string; format: BankStatement['format'] };
  statements: StatementReport[];
}

type CollectionAccount = typeof collectionAccounts.$inferSelect;
const compact = (account: string) => account.replace(/[\s.-]/g, '').toUpperCase();

/**
 * Whether the statement's account is this collection account, as banks write it: the number alone,
 * `BIC/number` or `bank code/number` (MT940 :25:), or followed by its currency (ING, Rabobank).
 */
function names(statementAccount: string, account: CollectionAccount): boolean {
  const named = compact(statementAccount);
  const ours = compact(account.bankAccountNumber);
  return named === ours || named.endsWith(`/${ours}`) || named === `${ours}${account.currency}`;
}

/**
 * Each statement must be of a collection account: said first, before anything about its entries,
 * naming the account and ours. Then the first problem of any statement refuses the file, and a
 * statement in another currency than its account's. Nothing is recorded until all of it passes.
 */
async function checkStatements(statements: BankStatement[]): Promise<void> {
  const known = await db().select().from(collectionAccounts);
  const ours = known.map((candidate) => `${candidate.bankAccountNumber} (${candidate.currency})`).join(', ') || 'none yet';
  for (const statement of statements) {
    const account = known.find((candidate) => names(statement.bankAccount, candidate));
    if (!account) {
      throw new StatementFileError(`${statement.where} is of account ${statement.bankAccount}, which is not one of our collection accounts: ${ours}`);
    }
    statement.bankAccount = account.bankAccountNumber;
  }
  for (const statement of statements) if (statement.problem) throw statement.problem;
  for (const statement of statements) {
    const account = known.find((candidate) => candidate.bankAccountNumber === statement.bankAccount)!;
    if (account.currency !== statement.currency) {
      throw new StatementFileError(`${statement.where} is in ${statement.currency}; collection account ${account.bankAccountNumber} holds ${account.currency}`);
    }
  }
}

type Claim = { id: string; previous: null } | { id: string; previous: typeof statementImports.$inferSelect };

/**
 * The statement's import row, claimed for this run; or the earlier import that already covered it.
 * The unique key (bank account, identity) makes two runs of one statement, at once or one after
 * the other, in one file or two, record it once: the second finds the first's row.
 */
async function claim(statement: BankStatement, identity: string, file: { hash: string; name: string | null }): Promise<Claim | 'busy'> {
  const [inserted] = await db()
    .insert(statementImports)
    .values({
      fileHash: file.hash,
      fileName: file.name,
      format: statement.format,
      bankAccount: statement.bankAccount,
      statementId: statement.statementId,
      identity,
      currency: statement.currency,
      openingBalance: statement.openingBalance,
      closingBalance: statement.closingBalance,
      openingDate: statement.openingDate,
      closingDate: statement.closingDate,
    })
    .onConflictDoNothing()
    .returning({ id: statementImports.id });
  if (inserted) return { id: inserted.id, previous: null };

  const [existing] = await db()
    .select()
    .from(statementImports)
    .where(and(eq(statementImports.bankAccount, statement.bankAccount), eq(statementImports.identity, identity)));
  if (existing!.status === 'COMPLETED') return { id: existing!.id, previous: existing! };
  // A run that died part-way: every entry it recorded is matched this time, so taking over is safe.
  const [taken] = await db()
    .update(statementImports)
    .set({ startedAt: sql`now()`, fileHash: file.hash, fileName: file.name })
    .where(and(eq(statementImports.id, existing!.id), eq(statementImports.status, 'IMPORTING'), sql`${statementImports.startedAt} < now() - make_interval(secs => ${ABANDONED_AFTER_MS / 1000})`))
    .returning({ id: statementImports.id });
  return taken ? { id: taken.id, previous: null } : 'busy';
}

/** Credits of this account that other imports already accounted for, by reference: the statement and when. */
async function accountedBefore(bankAccount: string, references: string[], importId: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const unique = [...new Set(references)];
  for (let start = 0; start < unique.length; start += REFERENCES_PER_LOOKUP) {
    const rows = await db()
      .select({ reference: statementImportEntries.bankReference, statementId: statementImports.statementId, at: statementImports.startedAt })
      .from(statementImportEntries)
      .innerJoin(statementImports, eq(statementImports.id, statementImportEntries.importId))
      .where(
        and(
          eq(statementImportEntries.bankAccount, bankAccount),
          inArray(statementImportEntries.bankReference, unique.slice(start, start + REFERENCES_PER_LOOKUP)),
          inArray(statementImportEntries.outcome, [...accountedOutcomes]),
          ne(statementImportEntries.importId, importId),
        ),
      );
    for (const row of rows) found.set(row.reference, `Already accounted for by statement ${row.statementId}, imported ${row.at.toISOString()}.`);
  }
  return found;
}

const countOf = (results: EntryResult[], ...outcomes: EntryOutcome[]) => results.filter((result) => outcomes.includes(result.outcome)).length;

const repeatedMeanwhile: EntryResult = { outcome: 'REPEATED', detail: 'Accounted for by an overlapping statement imported at the same time.' };

async function importStatement(statement: BankStatement, file: { hash: string; name: string | null }): Promise<StatementReport> {
  const base = {
    statementId: statement.statementId,
    bankAccount: statement.bankAccount,
    currency: statement.currency,
    openingDate: statement.openingDate,
    closingDate: statement.closingDate,
    mismatches: [],
    suspended: [],
    skippedBecause: {},
  };
  const claimed = await claim(statement, statementIdentity(statement), file);
  if (claimed === 'busy') {
    throw new StatementFileError(`Statement ${statement.statementId} is being imported by another run right now; try again when it has finished`);
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
      repeated: 0,
    };
  }

  // Each entry goes through the rail's exactly-once path on its own. Accounts are worked several at
  // a time, so that credits never notified share group commits as live notifications do; within an
  // account, in the bank's booking order, so a bill is paid by the credit the bank booked first.
  // What is held already, and what earlier statements accounted for, is read for the whole statement at once.
  const references = statement.entries.map(referenceOf);
  const held = await heldCredits(references);
  const before = await accountedBefore(statement.bankAccount, references, claimed.id);
  const results = new Array<EntryResult>(statement.entries.length);
  await inParallel([...byAccount(statement.entries).values()], ACCOUNTS_AT_ONCE, async (indexes) => {
    for (const index of indexes) {
      const entry = statement.entries[index]!;
      const earlier = skipReason(entry) ? undefined : before.get(references[index]!);
      results[index] = earlier ? { outcome: 'REPEATED', detail: earlier } : await settleEntry(statement, entry, held);
    }
  });

  await db().transaction(async (tx) => {
    await tx.delete(statementImportEntries).where(eq(statementImportEntries.importId, claimed.id));
    const row = (index: number) => {
      const entry = statement.entries[index]!;
      const result = results[index]!;
      return {
        importId: claimed.id,
        position: entry.position,
        bankAccount: statement.bankAccount,
        bankReference: references[index]!,
        direction: entry.direction,
        amount: entry.amount,
        currency: entry.currency,
        accountNumber: entry.accountNumber,
        bookedOn: entry.bookedOn,
        outcome: result.outcome,
        paymentId: result.paymentId ?? null,
        suspenseId: result.suspenseId ?? null,
        detail: result.detail ?? null,
      };
    };
    // PostgreSQL takes at most 65,535 parameters a statement: 13 a row, so a long day's statement goes in slices.
    for (let start = 0; start < results.length; start += ENTRY_ROWS_PER_INSERT) {
      const slice = Array.from({ length: Math.min(ENTRY_ROWS_PER_INSERT, results.length - start) }, (_, offset) => row(start + offset));
      const written = await tx.insert(statementImportEntries).values(slice).onConflictDoNothing().returning({ position: statementImportEntries.position });
      if (written.length === slice.length) continue;
      // An overlapping statement imported at the same moment accounted for these credits first.
      const kept = new Set(written.map((written) => written.position));
      for (const [offset, candidate] of slice.entries()) {
        if (kept.has(candidate.position)) continue;
        results[start + offset] = repeatedMeanwhile;
        await tx.insert(statementImportEntries).values(row(start + offset));
      }
    }
    await tx
      .update(statementImports)
      .set({
        status: 'COMPLETED',
        completedAt: sql`now()`,
        entryCount: results.length,
        matchedCount: countOf(results, 'MATCHED', 'HELD'),
        recordedCount: countOf(results, 'RECORDED'),
        suspenseCount: countOf(results, 'SUSPENSE'),
        mismatchedCount: countOf(results, 'MISMATCHED'),
        skippedCount: countOf(results, 'SKIPPED'),
        repeatedCount: countOf(results, 'REPEATED'),
      })
      .where(eq(statementImports.id, claimed.id));
  });

  const listed = (outcome: EntryOutcome) =>
    statement.entries.flatMap((entry, index) => (results[index]!.outcome === outcome ? [{ position: entry.position, bankReference: references[index]!, detail: results[index]!.detail ?? '' }] : []));
  const skippedBecause: Record<string, number> = {};
  for (const result of results) if (result.outcome === 'SKIPPED') skippedBecause[result.detail ?? ''] = (skippedBecause[result.detail ?? ''] ?? 0) + 1;
  const report: StatementReport = {
    ...base,
    importId: claimed.id,
    alreadyImported: null,
    entries: results.length,
    matched: countOf(results, 'MATCHED', 'HELD'),
    recordedNow: countOf(results, 'RECORDED'),
    suspense: countOf(results, 'SUSPENSE'),
    mismatched: countOf(results, 'MISMATCHED'),
    skipped: countOf(results, 'SKIPPED'),
    repeated: countOf(results, 'REPEATED'),
    mismatches: listed('MISMATCHED'),
    suspended: listed('SUSPENSE').map(({ detail, ...rest }) => ({ ...rest, reason: detail })),
    skippedBecause,
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
  await checkStatements(file.statements);
  const statements: StatementReport[] = [];
  for (const statement of file.statements) statements.push(await importStatement(statement, { hash: file.hash, name }));
  return { file: { name, hash: file.hash, format: file.statements[0]!.format }, statements };
}
