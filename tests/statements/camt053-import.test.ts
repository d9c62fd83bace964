import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectedPayments } from '@/lib/bills/schema';
import { checkLedger } from '@/lib/ledger/check';
import { balanceEntries } from '@/lib/ledger/schema';
import { db } from '@/lib/platform/db';
import { importStatementFile } from '@/lib/statements/import-statement';
import { statementImportEntries, statementImports } from '@/lib/statements/schema';
import { StatementFileError } from '@/lib/statements/statement';
import { newBill } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { balanceOf, freshIds, identityOf, importsOf, kesCollectionAccount, notify, paymentsWith, render, suspenseWith, UNKNOWN_ACCOUNT } from './support';

useTestApi();

const FIXTURE = 'camt053-collection-kes.xml';
const refs = (prefix: string, ...numbers: string[]) => numbers.map((number) => `${prefix}${number}`);

/** Two merchants' accounts, a bill, and the notifications the bank did send before its statement. */
async function world() {
  const a = await newMerchant('Statement Merchant A');
  const b = await newMerchant('Statement Merchant B');
  const { bill } = await newBill(a.merchant.id, { amount: '1200' });
  const ids = freshIds();
  const values = {
    ...ids,
    COLLECTION_ACCOUNT: await kesCollectionAccount(),
    ACCOUNT_A: a.virtualAccount.accountNumber,
    ACCOUNT_B: b.virtualAccount.accountNumber,
    UNKNOWN_ACCOUNT,
    BILL_REFERENCE: bill.paymentReference,
  };
  await notify(`${ids.REF}01`, a.virtualAccount.accountNumber, '2500.75');
  // The bank notified 350.00 but its statement books 300.00 under the same reference.
  await notify(`${ids.REF}04`, b.virtualAccount.accountNumber, '350.00');
  return { a, b, bill, ids, values };
}

describe('importing a camt.053 bank statement', () => {
  let setup: Awaited<ReturnType<typeof world>>;
  let report: Awaited<ReturnType<typeof importStatementFile>>;

  beforeAll(async () => {
    setup = await world();
    report = await importStatementFile(render(FIXTURE, setup.values), 'day.xml');
  });

  it('reports entries, matched, recorded now, suspense, mismatched and skipped', () => {
    expect(report.file).toMatchObject({ name: 'day.xml', format: 'CAMT053', hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(report.statements).toHaveLength(1);
    expect(report.statements[0]).toMatchObject({
      statementId: setup.ids.STATEMENT_ID,
      alreadyImported: null,
      entries: 7,
      matched: 1,
      recordedNow: 2,
      suspense: 1,
      mismatched: 1,
      skipped: 2,
    });
    expect(report.statements[0]!.mismatches).toEqual([
      { position: 4, bankReference: `${setup.ids.REF}04`, detail: 'amount 300.00 on the statement, 350.0000 recorded' },
    ]);
    expect(report.statements[0]!.suspended).toEqual([{ position: 3, bankReference: `${setup.ids.REF}03`, reason: 'UNKNOWN_ACCOUNT' }]);
  });

  it('records a credit never notified once, with its ledger entries, and settles the bill its narration names', async () => {
    const [recorded] = await paymentsWith(refs(setup.ids.REF, '02'));
    expect(recorded).toMatchObject({
      rail: 'BANK',
      channel: 'INSTANT_BANK',
      amount: '1200.0000',
      currency: 'KES',
      virtualAccountId: setup.a.virtualAccount.id,
      payerName: 'Achieng Otieno',
      expectedPaymentId: setup.bill.id,
      matchStatus: 'MATCHED',
    });
    // Booked 11:15 Nairobi time: the statement's time is the payment's.
    expect(recorded!.receivedAt.toISOString()).toBe('2026-11-21T08:15:00.000Z');
    const entries = await db().select().from(balanceEntries).where(eq(balanceEntries.paymentId, recorded!.id));
    expect(entries.map((entry) => entry.type).sort()).toEqual(['CREDIT', 'FEE']);
    const [bill] = await db().select().from(expectedPayments).where(eq(expectedPayments.id, setup.bill.id));
    expect(bill!.status).toBe('PAID');
    // 2500.75 notified before, 1200 recorded from the statement.
    expect((await balanceOf(setup.a.virtualAccount.id)).balance).toBe('3700.7500');
  });

  it('records an RTGS credit (ISO PRCT) as RTGS, with its payer and remittance text', async () => {
    const [rtgs] = await paymentsWith(refs(setup.ids.REF, '06'));
    expect(rtgs).toMatchObject({ channel: 'RTGS', amount: '5000.0000', payerName: 'Mombasa Traders Ltd', payerAccount: 'KE2601100000012345678901', narration: 'SUPPLIES OCT' });
    // A local time without a zone is Nairobi's.
    expect(rtgs!.receivedAt.toISOString()).toBe('2026-11-21T12:40:12.000Z');
  });

  it('matches the notified credit without a second payment, and changes nothing on a mismatch', async () => {
    expect(await paymentsWith(refs(setup.ids.REF, '01'))).toHaveLength(1);
    const [mismatched] = await paymentsWith(refs(setup.ids.REF, '04'));
    expect(mismatched!.amount).toBe('350.0000');
    // B: the 350 notified, the 5000 RTGS; the statement's 300 is not added.
    expect((await balanceOf(setup.b.virtualAccount.id)).balance).toBe('5350.0000');
  });

  it('holds money for an unknown account in suspense, and records neither debits nor pending entries', async () => {
    const held = await suspenseWith(refs(setup.ids.REF, '03'));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ rail: 'BANK', reason: 'UNKNOWN_ACCOUNT', amount: '640.0000', accountNumber: UNKNOWN_ACCOUNT });
    expect(held[0]!.rawBody).toContain(setup.ids.STATEMENT_ID);
    const neither = refs(setup.ids.REF, '05', '07');
    expect(await paymentsWith(neither)).toEqual([]);
    expect(await suspenseWith(neither)).toEqual([]);
  });

  it('keeps each entry\'s outcome with the import', async () => {
    const [stored] = await importsOf(setup.ids.STATEMENT_ID);
    expect(stored).toMatchObject({ status: 'COMPLETED', format: 'CAMT053', openingBalance: '10000.0000', closingBalance: '19490.7500', recordedCount: 2 });
    const entries = await db().select().from(statementImportEntries).where(eq(statementImportEntries.importId, stored!.id)).orderBy(statementImportEntries.position);
    expect(entries.map((entry) => entry.outcome)).toEqual(['MATCHED', 'RECORDED', 'SUSPENSE', 'MISMATCHED', 'SKIPPED', 'RECORDED', 'SKIPPED']);
    expect(entries[4]).toMatchObject({ direction: 'DEBIT', amount: '150.0000', detail: 'A debit: the service only collects.' });
  });

  it('records nothing when the same file, or the same statement in another file, is imported again', async () => {
    const before = await paymentsWith(refs(setup.ids.REF, '01', '02', '04', '06'));
    const again = await importStatementFile(render(FIXTURE, setup.values), 'day.xml');
    expect(again.statements[0]).toMatchObject({ alreadyImported: { fileHash: report.file.hash }, recordedNow: 0, suspense: 0, matched: 0 });
    // Re-exported with another creation time: other bytes, the same statement.
    const reexported = new TextDecoder().decode(render(FIXTURE, setup.values)).replace('2026-11-21T23:59:00+03:00', '2026-11-22T06:00:00+03:00');
    const third = await importStatementFile(new TextEncoder().encode(reexported), 'day-again.xml');
    expect(third.file.hash).not.toBe(report.file.hash);
    expect(third.statements[0]!.alreadyImported).not.toBeNull();
    expect(await paymentsWith(refs(setup.ids.REF, '01', '02', '04', '06'))).toEqual(before);
    expect(await importsOf(setup.ids.STATEMENT_ID)).toHaveLength(1);
  });

  it('leaves the ledger consistent for every merchant touched', async () => {
    for (const merchantId of [setup.a.merchant.id, setup.b.merchant.id]) {
      const result = await checkLedger({ merchantId });
      expect(result.problems).toEqual([]);
    }
  });
});

describe('a camt.053 file that cannot be imported', () => {
  /** The import's refusal, and proof that nothing under the statement's references was written. */
  async function refused(bytes: Uint8Array, ids: { REF: string; STATEMENT_ID: string }) {
    const error = await importStatementFile(bytes).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(StatementFileError);
    const everyReference = refs(ids.REF, '01', '02', '03', '04', '05', '06', '07');
    expect(await paymentsWith(everyReference)).toEqual([]);
    expect(await suspenseWith(everyReference)).toEqual([]);
    expect(await importsOf(ids.STATEMENT_ID)).toEqual([]);
    return (error as Error).message;
  }

  async function values() {
    const { virtualAccount } = await newMerchant();
    const ids = freshIds();
    return { ids, values: { ...ids, COLLECTION_ACCOUNT: await kesCollectionAccount(), ACCOUNT_A: virtualAccount.accountNumber, ACCOUNT_B: virtualAccount.accountNumber, UNKNOWN_ACCOUNT, BILL_REFERENCE: 'NONE' } };
  }

  it('refuses XML cut off part-way, saying where, and records nothing', async () => {
    const { ids, values: filled } = await values();
    const whole = new TextDecoder().decode(render(FIXTURE, filled));
    const message = await refused(new TextEncoder().encode(whole.slice(0, Math.floor(whole.length * 0.6))), ids);
    expect(message).toMatch(/^The file is not well-formed XML: .+ \(line \d+, column \d+\)\.$/);
  });

  it('refuses a statement whose entries do not add up to its closing balance', async () => {
    const { ids, values: filled } = await values();
    const text = new TextDecoder().decode(render(FIXTURE, filled)).replace('<Amt Ccy="KES">640.00</Amt>', '<Amt Ccy="KES">64.00</Amt>');
    expect(await refused(new TextEncoder().encode(text), ids)).toContain('add up to 18914.75, not to the closing balance 19490.75');
  });

  it('refuses an amount that is not money, and a statement of an account that is not ours', async () => {
    const { ids, values: filled } = await values();
    const text = new TextDecoder().decode(render(FIXTURE, filled)).replace('<Amt Ccy="KES">1200.00</Amt>', '<Amt Ccy="KES">1,200.00</Amt>');
    expect(await refused(new TextEncoder().encode(text), ids)).toContain('Ntry 2: the amount "1,200.00" is not money in KES');
    const other = await values();
    const message = await refused(render(FIXTURE, { ...other.values, COLLECTION_ACCOUNT: '9999999999' }), other.ids);
    expect(message).toMatch(/^Stmt 1 \(STMT-\w+\) is of account 9999999999, which is not one of our collection accounts: .*0100756983 \(KES\)/);
  });

  it('refuses XML that is not a camt.053 statement', async () => {
    const ids = freshIds();
    expect(await refused(new TextEncoder().encode('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>'), ids)).toBe(
      'The file is an ISO 20022 pain.001.001.03 message, not a camt.053 statement.',
    );
  });
});

describe('imports running at the same time, or cut short', () => {
  it('records a statement once when two runs import it together: the second is told another run has it', async () => {
    const { ids, values } = await world();
    const runs = await Promise.allSettled([importStatementFile(render(FIXTURE, values)), importStatementFile(render(FIXTURE, values))]);
    const done = runs.filter((run) => run.status === 'fulfilled');
    const refusedRuns = runs.filter((run): run is PromiseRejectedResult => run.status === 'rejected');
    // Either the second found the first still working (refused), or finished (already imported).
    if (refusedRuns.length === 1) expect(String(refusedRuns[0]!.reason.message)).toContain('is being imported by another run right now');
    else expect(done.map((run) => (run as PromiseFulfilledResult<Awaited<ReturnType<typeof importStatementFile>>>).value.statements[0]!.alreadyImported === null).sort()).toEqual([false, true]);
    expect(await paymentsWith(refs(ids.REF, '02', '06'))).toHaveLength(2);
    expect(await suspenseWith(refs(ids.REF, '03'))).toHaveLength(1);
  });

  it('takes over an import whose run died part-way, matching what that run had recorded', async () => {
    const { a, ids, values } = await world();
    // The dead run had recorded entry 2 and then stopped, 20 minutes ago.
    await db().insert(statementImports).values({
      fileHash: 'dead-run',
      format: 'CAMT053',
      bankAccount: values.COLLECTION_ACCOUNT,
      statementId: ids.STATEMENT_ID,
      identity: identityOf(render(FIXTURE, values), values.COLLECTION_ACCOUNT),
      currency: 'KES',
      startedAt: new Date(Date.now() - 20 * 60_000),
    });
    await notify(`${ids.REF}02`, a.virtualAccount.accountNumber, '1200.00');
    const report = await importStatementFile(render(FIXTURE, values));
    expect(report.statements[0]).toMatchObject({ alreadyImported: null, matched: 2, recordedNow: 1, suspense: 1, mismatched: 1 });
    const [stored] = await importsOf(ids.STATEMENT_ID);
    expect(stored).toMatchObject({ status: 'COMPLETED', fileHash: report.file.hash });
  });

  it('refuses while another run is working on the statement, recording nothing', async () => {
    const { ids, values } = await world();
    await db()
      .insert(statementImports)
      .values({ fileHash: 'live-run', format: 'CAMT053', bankAccount: values.COLLECTION_ACCOUNT, statementId: ids.STATEMENT_ID, identity: identityOf(render(FIXTURE, values), values.COLLECTION_ACCOUNT), currency: 'KES' });
    await expect(importStatementFile(render(FIXTURE, values))).rejects.toThrow(`Statement ${ids.STATEMENT_ID} is being imported by another run right now`);
    expect(await paymentsWith(refs(ids.REF, '02', '06'))).toEqual([]);
  });
});
