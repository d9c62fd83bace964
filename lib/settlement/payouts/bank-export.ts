import { randomBytes } from 'node:crypto';
import { open, unlink } from 'node:fs/promises';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { collectionAccounts } from '@/lib/accounts/schema';
import { fromUnits, toUnits } from '@/lib/money/decimal';
import { config } from '@/lib/platform/config';
import { db, type Queryable } from '@/lib/platform/db';
import { settlementAccounts, settlements } from '../schema';
import { markProcessingIn } from '../transitions';
import { endToEndIdOf, writePain001, type BankTransfer } from './pain001';

export interface ExportReport {
  /** The file written, or null when no bank settlement was waiting (no file is written then). */
  file: string | null;
  messageId: string | null;
  count: number;
  /** Per currency: how many transfers and their exact sum. */
  totals: Record<string, { count: number; amount: string }>;
  settlements: { id: string; endToEndId: string; currency: string; amount: string; destination: string }[];
}

/** ≤ 35 characters, unique: the day, the time and a random tail (the bank refuses a MsgId it has seen). */
const newMessageId = (at: Date) => `COLLECT-${at.toISOString().replace(/[-:T]/g, '').slice(0, 14)}-${randomBytes(4).toString('hex').toUpperCase()}`;

/** Nairobi's date today: the execution date asked for. */
const nairobiToday = (at: Date) => new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);

/** A file that cannot be written as asked: one sentence, nothing changed. */
export class PayoutFileError extends Error {}

/**
 * Called inside the export's transaction once the file is written: the operator console keeps the
 * file and its audit rows there (lib/operator/payouts), so they exist exactly when the export does.
 */
export type KeepExport = (tx: Queryable, file: { messageId: string; xml: string; settlements: { id: string; merchantId: string; currency: string; amount: string }[] }) => Promise<void>;

/** A batch is at most this many transfers: more wait for the next export. */
const BATCH_LIMIT = 5_000;

/**
 * `payouts:export --out F`: every PENDING bank settlement into one pain.001 file, and each marked
 * PROCESSING in the same transaction that selected it (locked, SKIP LOCKED, so two exports at once
 * split the settlements, never repeat them). The file is written, with exclusive create, before that
 * transaction commits, and removed if it does not: a settlement is in exactly one file, and in a file
 * exactly when it is PROCESSING. An existing file is never overwritten. `scope` limits the file to
 * some merchants (tests; an operator paying one merchant out of turn).
 */
export async function exportBankPayouts(out: string, now = new Date(), scope: { merchantIds?: string[] } = {}, keep?: KeepExport): Promise<ExportReport> {
  let created = false;
  return db().transaction(async (tx) => {
    const rows = await tx
      .select({ settlement: settlements, account: settlementAccounts })
      .from(settlements)
      .innerJoin(settlementAccounts, eq(settlementAccounts.id, settlements.settlementAccountId))
      .where(and(eq(settlements.rail, 'BANK'), eq(settlements.status, 'PENDING'), scope.merchantIds ? inArray(settlements.merchantId, scope.merchantIds) : undefined))
      .orderBy(asc(settlements.createdAt), asc(settlements.id))
      .limit(BATCH_LIMIT)
      .for('update', { of: settlements, skipLocked: true });
    if (rows.length === 0) return { file: null, messageId: null, count: 0, totals: {}, settlements: [] };

    const currencies = [...new Set(rows.map((row) => row.settlement.currency))];
    const debtors = await tx.select().from(collectionAccounts).where(inArray(collectionAccounts.currency, currencies));
    const transfers: BankTransfer[] = rows.map(({ settlement, account }) => ({
      settlementId: settlement.id,
      amount: settlement.amount,
      currency: settlement.currency,
      creditorName: account.accountName,
      creditorAccount: account.accountNumber ?? '',
      bankName: account.bankName,
      bankCode: account.bankCode,
      branchCode: account.branchCode,
    }));
    const messageId = newMessageId(now);
    const settings = config();
    const xml = writePain001({
      messageId,
      createdAt: now,
      executionDate: nairobiToday(now),
      initiatingParty: 'Collect',
      debtorName: 'Collect',
      debtorBic: settings.BANK_SWIFT_CODE,
      debtors: debtors.map((debtor) => ({ currency: debtor.currency, accountNumber: debtor.bankAccountNumber })),
      transfers,
    });
    for (const { settlement } of rows) await markProcessingIn(tx, settlement.id, {}, now);

    // 'wx': never overwrite (an earlier file may be the only record of what was sent).
    const handle = await open(out, 'wx').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') throw new PayoutFileError(`${out} exists already: an export never overwrites a file (it may be the only record of what was sent). Nothing was changed.`);
      throw new PayoutFileError(`Cannot write ${out}: ${error.code ?? error.message}. Nothing was changed.`);
    });
    created = true;
    try {
      await handle.writeFile(xml, 'utf8');
      await handle.sync();
    } catch (error) {
      await handle.close();
      throw error;
    }
    await handle.close();
    if (keep) await keep(tx, { messageId, xml, settlements: rows.map(({ settlement }) => ({ id: settlement.id, merchantId: settlement.merchantId, currency: settlement.currency, amount: settlement.amount })) });

    const totals: ExportReport['totals'] = {};
    for (const currency of currencies.sort()) {
      const mine = rows.filter((row) => row.settlement.currency === currency);
      totals[currency] = { count: mine.length, amount: fromUnits(mine.reduce((total, row) => total + toUnits(row.settlement.amount), 0n)) };
    }
    return {
      file: out,
      messageId,
      count: rows.length,
      totals,
      settlements: rows.map(({ settlement }) => ({ id: settlement.id, endToEndId: endToEndIdOf(settlement.id), currency: settlement.currency, amount: fromUnits(toUnits(settlement.amount)), destination: settlement.destination })),
    };
  }).catch(async (error: unknown) => {
    // The transaction did not commit: the settlements stay PENDING, so the file we made must not exist either.
    if (created) await unlink(out).catch(() => undefined);
    throw error;
  });
}
