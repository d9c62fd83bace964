import { describe, expect, it } from 'vitest';
import { checkLedger } from '@/lib/ledger/check';
import { importStatementFile } from '@/lib/statements/import-statement';
import { parseStatementFile } from '@/lib/statements/parse-file';
import { referenceOf, skipReason } from '@/lib/statements/settle-entry';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { balanceOf, freshIds, kesCollectionAccount, paymentsWith, render, suspenseWith, UNKNOWN_ACCOUNT } from './support';

useTestApi();

/**
 * Files shaped as real banks write them (tests/statements/fixtures/SOURCES.md says which public
 * sample each imitates), adapted only to name our collection account and a merchant's account.
 */
async function importFixture(fixture: string) {
  const { merchant, virtualAccount } = await newMerchant(`Bank File ${fixture}`);
  const values = { ...freshIds(), COLLECTION_ACCOUNT: await kesCollectionAccount(), ACCOUNT_A: virtualAccount.accountNumber, UNKNOWN_ACCOUNT };
  const bytes = render(fixture, values);
  const report = await importStatementFile(bytes, fixture);
  // What the file holds, read the way the import reads it: the payers' credits, by the reference each is kept under.
  const entries = parseStatementFile(bytes).statements.flatMap((statement) => statement.entries);
  const credits = entries.filter((entry) => skipReason(entry) === null).map(referenceOf);
  return { merchant, virtualAccount, values, bytes, report, entries, credits };
}

/** Every payer's credit of the file is one payment or one suspense row, never none and never two. */
async function expectEachCreditKeptOnce(credits: string[]) {
  expect(new Set(credits).size).toBe(credits.length);
  for (const reference of credits) {
    const kept = (await paymentsWith([reference])).length + (await suspenseWith([reference])).length;
    expect(kept, reference).toBe(1);
  }
}

const totals = (report: Awaited<ReturnType<typeof importStatementFile>>) => {
  const sum = (key: 'recordedNow' | 'suspense' | 'matched' | 'skipped' | 'repeated') => report.statements.reduce((total, statement) => total + statement[key], 0);
  return { recordedNow: sum('recordedNow'), suspense: sum('suspense'), matched: sum('matched'), skipped: sum('skipped'), repeated: sum('repeated') };
};

describe('statement files as real banks write them', () => {
  it('ABN AMRO and bunq: takes the three-line preamble before each statement and a credit without a bank reference', async () => {
    const { virtualAccount, report, credits, entries } = await importFixture('mt940-abnamro-preamble.sta');
    expect(report.statements.map((statement) => statement.statementId)).toEqual(['ABN AMRO BANK NV/19321/1', 'ABN AMRO BANK NV/19322/1']);
    expect(totals(report)).toEqual({ recordedNow: 2, suspense: 0, matched: 0, skipped: 2, repeated: 0 });
    expect(entries[0]!.bankReference).toMatch(/^STMT-[0-9A-F]{24}$/);
    await expectEachCreditKeptOnce(credits);
    expect((await balanceOf(virtualAccount.id)).balance).toBe('550.0000');
  });

  it('Rabobank: takes the :940: first line, the account followed by its currency, zero-padded amounts and several :86: fields', async () => {
    const { virtualAccount, report, credits, values } = await importFixture('mt940-rabobank.sta');
    expect(report.statements.map((statement) => statement.bankAccount)).toEqual([values.COLLECTION_ACCOUNT, values.COLLECTION_ACCOUNT]);
    expect(totals(report)).toMatchObject({ recordedNow: 1, skipped: 1 });
    await expectEachCreditKeptOnce(credits);
    const [payment] = await paymentsWith(credits);
    expect(payment).toMatchObject({ amount: '500.0000', payerName: 'Wanjiku Mwangi', narration: `${values.REF}B1 INVOICE 7` });
    expect((await balanceOf(virtualAccount.id)).balance).toBe('500.0000');
  });

  it('SWIFT envelope with SOH and ETX (Deutsche Bank, Commerzbank, ASN): funds code, supplementary details, RC/RD and a debit without // never block the credits', async () => {
    const { virtualAccount, report, credits, values } = await importFixture('mt940-swift-envelope.sta');
    expect(report.statements[0]).toMatchObject({ recordedNow: 2, skipped: 4, mismatched: 0 });
    expect(report.statements[0]!.skippedBecause).toEqual({ 'A debit: the service only collects.': 2, 'A reversal of an earlier entry, not a payer\'s credit.': 2 });
    expect(credits).toEqual([`${values.REF}C1`, `${values.REF}C2`]);
    await expectEachCreditKeptOnce(credits);
    // Knab's amount without a comma is 800.
    expect((await balanceOf(virtualAccount.id)).balance).toBe('2300.0000');
  });

  it('Sparkasse: :NS: fields, the CR funds code, ?20 subfields, interest booked on 30 February and a zero-amount line', async () => {
    const { virtualAccount, report, credits, entries } = await importFixture('mt940-sparkasse.sta');
    expect(report.statements[0]).toMatchObject({ recordedNow: 1, suspense: 1, skipped: 1 });
    expect(report.statements[0]!.skippedBecause).toEqual({ 'A zero amount: no money moved.': 1 });
    // 30 February (the 30/360 day count) is read as the month's last day; the entry date is the booking day.
    expect(entries[1]!.bookedOn).toBe('2026-03-02');
    await expectEachCreditKeptOnce(credits);
    expect((await balanceOf(virtualAccount.id)).balance).toBe('233.1500');
  });

  it('camt.053.001.08 with a namespace prefix and zoned dates: a batch of credits is one credit per TxDtls, each under its own reference', async () => {
    const { virtualAccount, report, credits, values } = await importFixture('camt053-v08-batch.xml');
    expect(report.statements[0]).toMatchObject({ entries: 5, recordedNow: 2, suspense: 1, skipped: 2 });
    expect(report.statements[0]!.skippedBecause).toEqual({ 'A debit booked as a batch of 2 transactions: the service only collects.': 1, 'A debit: the service only collects.': 1 });
    expect(credits).toEqual([`${values.REF}E1A`, `${values.REF}E1/E2E-${values.REF}-B`, `${values.REF}E1/3`]);
    await expectEachCreditKeptOnce(credits);
    const [second] = await paymentsWith([`${values.REF}E1/E2E-${values.REF}-B`]);
    expect(second).toMatchObject({ amount: '400.4000', payerName: 'Kiprono Ruto' });
    // A date with a zone is the start of that day in its zone.
    expect(second!.receivedAt.toISOString()).toBe('2026-11-20T21:00:00.000Z');
    expect((await suspenseWith([`${values.REF}E1/3`]))[0]).toMatchObject({ reason: 'UNKNOWN_ACCOUNT', amount: '299.6000' });
    expect((await balanceOf(virtualAccount.id)).balance).toBe('900.4000');
  });

  it('camt.053.001.02 with a byte-order mark, no Sts (booked) and no AcctSvcrRef: recorded under a derived reference, once', async () => {
    const { merchant, virtualAccount, report, credits, bytes } = await importFixture('camt053-v02-no-status.xml');
    expect(report.statements[0]).toMatchObject({ recordedNow: 1, closingDate: '2026-11-21', openingDate: '2026-11-20' });
    await expectEachCreditKeptOnce(credits);
    const [payment] = await paymentsWith(credits);
    expect(payment).toMatchObject({ payerName: 'Baraka Enterprises', narration: 'ORDER 5521 DELIVERY NOV' });
    const again = await importStatementFile(bytes);
    expect(again.statements[0]!.alreadyImported).not.toBeNull();
    expect((await balanceOf(virtualAccount.id)).balance).toBe('750.0000');
    expect((await checkLedger({ merchantId: merchant.id })).problems).toEqual([]);
  });
});
