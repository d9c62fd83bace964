import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { convert } from 'xmlbuilder2';
import { describe, expect, inject, it } from 'vitest';
import { compiledEntry } from '../support/compiled-scripts';
import { collectionAccounts } from '@/lib/accounts/schema';
import { payments, suspensePayments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { exportBankPayouts, PayoutFileError } from '@/lib/settlement/payouts/bank-export';
import { importBankStatus, type StatusImportReport } from '@/lib/settlement/payouts/bank-status-import';
import { endToEndIdOf, settlementIdOf, writePain001 } from '@/lib/settlement/payouts/pain001';
import { PAYOUT_CONFIRMED, PAYOUT_RETURNED } from '@/lib/settlement/payouts/statement-payouts';
import { importStatementFile } from '@/lib/statements/import-statement';
import { useTestApi } from '../support/api-server';
import { BANK_ACCOUNT, expectLedgerOk, merchantPaidTo, owed, received, settleNow, settlementEvents, settlementNow } from './payouts-support';

useTestApi({ SANDBOX: 'false' });

const folder = await mkdtemp(path.join(os.tmpdir(), 'collect-payouts-'));
const fileIn = (name: string) => path.join(folder, `${name}-${randomBytes(3).toString('hex')}.xml`);
const fixture = async (name: string, values: Record<string, string>) =>
  (await readFile(path.join(import.meta.dirname, 'fixtures', name), 'utf8')).replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    if (!(key in values)) throw new Error(`fixture ${name} needs ${key}`);
    return values[key]!;
  });

/** Merchants owed money on a bank account, each with a PENDING bank settlement: amounts 990, 693 and 747.99 (a fee with cents). */
async function bankSettlements(paid: string[] = ['1000', '700', '755.55']) {
  const made = [];
  for (const amount of paid) {
    const world = await merchantPaidTo(BANK_ACCOUNT);
    await received(world.account, amount);
    made.push({ ...world, settlement: await settleNow(world.merchant.id) });
  }
  return made;
}

const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
type Node = Record<string, unknown> & { '#'?: string };
const textOf = (value: unknown): string => (typeof value === 'string' ? value : String((value as Node)['#'] ?? ''));

/** The pain.001 read back as an object tree by a parser (xmlbuilder2's), not by the writer's own code. */
function readPain001(xml: string) {
  const document = convert(xml, { format: 'object' }) as { Document: { '@xmlns': string; CstmrCdtTrfInitn: { GrpHdr: Node; PmtInf: Node | Node[] } } };
  return document.Document;
}

async function collectionAccountKes() {
  return (await db().select().from(collectionAccounts).where(eq(collectionAccounts.currency, 'KES')))[0]!.bankAccountNumber;
}

describe('bank payouts in a pain.001.001.09 file', () => {
  it('writes every pending bank settlement once, with counts, exact sums and the settlement ids as EndToEndIds, and marks them PROCESSING', async () => {
    const made = await bankSettlements();
    const merchantIds = made.map((entry) => entry.merchant.id);
    const out = fileIn('pain001');
    const report = await exportBankPayouts(out, new Date(), { merchantIds });
    expect(report).toMatchObject({ file: out, count: 3, totals: { KES: { count: 3, amount: '2430.99' } } });

    const xml = await readFile(out, 'utf8');
    const document = readPain001(xml);
    // Text is escaped by the builder, never concatenated: the "&" of the creditor's name stays text.
    expect(xml).toContain('<Cdtr>\n          <Nm>Duka &amp; Sons Ltd</Nm>');
    expect(document['@xmlns']).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    const header = document.CstmrCdtTrfInitn.GrpHdr;
    expect(textOf(header.MsgId)).toBe(report.messageId);
    expect(textOf(header.MsgId).length).toBeLessThanOrEqual(35);
    expect(textOf(header.CreDtTm)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/);
    expect(textOf(header.NbOfTxs)).toBe('3');
    expect(textOf(header.CtrlSum)).toBe('2430.99');

    const [block] = asList(document.CstmrCdtTrfInitn.PmtInf);
    expect(block).toMatchObject({ PmtMtd: 'TRF', BtchBookg: 'false', NbOfTxs: '3', CtrlSum: '2430.99', ChrgBr: 'DEBT' });
    expect(block!.DbtrAcct).toEqual({ Id: { Othr: { Id: await collectionAccountKes() } }, Ccy: 'KES' });
    const transfers = asList(block!.CdtTrfTxInf as Node | Node[]);
    expect(transfers.map((transfer) => (transfer.PmtId as Node).EndToEndId)).toEqual(made.map((entry) => endToEndIdOf(entry.settlement.id)));
    for (const transfer of transfers) expect(((transfer.PmtId as Node).EndToEndId as string).length).toBeLessThanOrEqual(35);
    expect(transfers.map((transfer) => (transfer.Amt as Node).InstdAmt)).toEqual([
      { '@Ccy': 'KES', '#': '990.00' },
      { '@Ccy': 'KES', '#': '693.00' },
      { '@Ccy': 'KES', '#': '747.99' },
    ]);
    expect(transfers[0]).toMatchObject({
      CdtrAgt: { FinInstnId: { ClrSysMmbId: { MmbId: '68' }, Nm: 'Equity Bank' }, BrnchId: { Id: '068000' } },
      CdtrAcct: { Id: { Othr: { Id: '0170123456789' } } },
    });
    for (const { settlement } of made) expect((await settlementNow(settlement.id)).status).toBe('PROCESSING');

    // A second export finds nothing: no settlement is in two files.
    const again = await exportBankPayouts(fileIn('pain001-again'), new Date(), { merchantIds });
    expect(again).toEqual({ file: null, messageId: null, count: 0, totals: {}, settlements: [] });
  });

  it('never overwrites a file: the settlements stay PENDING for the next export', async () => {
    const made = await bankSettlements(['1000']);
    const out = fileIn('existing');
    await writeFile(out, 'an earlier file');
    await expect(exportBankPayouts(out, new Date(), { merchantIds: [made[0]!.merchant.id] })).rejects.toThrow(PayoutFileError);
    expect(await readFile(out, 'utf8')).toBe('an earlier file');
    expect((await settlementNow(made[0]!.settlement.id)).status).toBe('PENDING');
  });
});

describe('the bank\'s pain.002 status report', () => {
  async function exportedThree() {
    const made = await bankSettlements(['1000', '700', '500']);
    const report = await exportBankPayouts(fileIn('pain001'), new Date(), { merchantIds: made.map((entry) => entry.merchant.id) });
    const [settled, rejected, pending] = made;
    const statusFile = fileIn('pain002');
    await writeFile(
      statusFile,
      await fixture('pain002-status.xml', {
        MESSAGE_ID: report.messageId!,
        PAYMENT_INFORMATION_ID: `${report.messageId}-KES`,
        E2E_SETTLED: endToEndIdOf(settled!.settlement.id),
        E2E_REJECTED: endToEndIdOf(rejected!.settlement.id),
        E2E_PENDING: endToEndIdOf(pending!.settlement.id),
      }),
    );
    return { settled: settled!, rejected: rejected!, pending: pending!, statusFile };
  }

  it('ACSC pays, RJCT fails with the bank\'s reason and gives the money back, PDNG waits, an unknown EndToEndId is reported', async () => {
    const { settled, rejected, pending, statusFile } = await exportedThree();
    const report = (await importBankStatus(statusFile)) as StatusImportReport;
    const reason = 'Rejected by the bank: AC04 closed account number (Beneficiary account closed on 2026-10-31).';
    expect(report).toMatchObject({
      groupStatus: 'PART',
      paid: [settled.settlement.id],
      failed: [{ id: rejected.settlement.id, reason }],
      pending: [pending.settlement.id],
      unknown: ['NOT-OURS-0001'],
    });
    expect(await settlementNow(settled.settlement.id)).toMatchObject({ status: 'PAID', providerReference: 'FT26330BXK91' });
    expect(await settlementNow(rejected.settlement.id)).toMatchObject({ status: 'FAILED', failureReason: reason });
    expect(await owed(rejected.account.id)).toBe('693.0000');
    expect(await owed(settled.account.id)).toBe('0.0000');
    expect((await settlementNow(pending.settlement.id)).status).toBe('PROCESSING');
    expect(await settlementEvents(rejected.settlement.id)).toEqual(['settlement.created', 'settlement.failed']);
    for (const { merchant } of [settled, rejected, pending]) await expectLedgerOk(merchant.id);

    // The same report again changes nothing.
    const again = (await importBankStatus(statusFile)) as StatusImportReport;
    expect(again).toMatchObject({ paid: [], failed: [] });
    expect(again.unchanged.map((entry) => entry.id).sort()).toEqual([settled.settlement.id, rejected.settlement.id].sort());
    expect(await owed(rejected.account.id)).toBe('693.0000');
  });

  it('an unreadable file changes nothing, and says why', async () => {
    const { settled, statusFile } = await exportedThree();
    const truncated = fileIn('truncated');
    const whole = await readFile(statusFile, 'utf8');
    await writeFile(truncated, whole.slice(0, whole.indexOf('PSR-3')));
    const report = await importBankStatus(truncated);
    expect(report).toEqual({ error: expect.stringMatching(/not well-formed XML.*nothing was changed\.$/) });
    expect((await settlementNow(settled.settlement.id)).status).toBe('PROCESSING');

    const camt = fileIn('not-pain002');
    await writeFile(camt, '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt/></Document>');
    expect(await importBankStatus(camt)).toEqual({ error: expect.stringContaining('is not a pain.002 status report') });
    expect(await importBankStatus(path.join(folder, 'missing.xml'))).toEqual({ error: expect.stringContaining('ENOENT') });
  });
});

describe('camt.053 statements confirm and return bank payouts', () => {
  it('a DBIT naming a settlement marks it PAID with the bank\'s reference; a returned transfer makes a paid one RETURNED; neither is a payment or suspense', async () => {
    const [toPay, toReturn] = await bankSettlements(['1000', '700']);
    const exported = await exportBankPayouts(fileIn('pain001'), new Date(), { merchantIds: [toPay!.merchant.id, toReturn!.merchant.id] });
    // The second was confirmed earlier (pain.002 ACSC), then comes back.
    const status = fileIn('pain002');
    await writeFile(status, await fixture('pain002-status.xml', { MESSAGE_ID: exported.messageId!, PAYMENT_INFORMATION_ID: 'X', E2E_SETTLED: endToEndIdOf(toReturn!.settlement.id), E2E_REJECTED: 'NONE-1', E2E_PENDING: 'NONE-2' }));
    await importBankStatus(status);
    expect((await settlementNow(toReturn!.settlement.id)).status).toBe('PAID');

    const paidReference = `FT${randomBytes(5).toString('hex').toUpperCase()}`;
    const returnReference = `RT${randomBytes(5).toString('hex').toUpperCase()}`;
    const xml = await fixture('camt053-payouts.xml', {
      STATEMENT_ID: `STMT-${randomBytes(4).toString('hex')}`,
      COLLECTION_ACCOUNT: await collectionAccountKes(),
      MESSAGE_ID: exported.messageId!,
      PAID_AMOUNT: '990.00',
      PAID_REFERENCE: paidReference,
      E2E_PAID: endToEndIdOf(toPay!.settlement.id),
      RETURNED_AMOUNT: '693.00',
      RETURN_REFERENCE: returnReference,
      E2E_RETURNED: endToEndIdOf(toReturn!.settlement.id),
    });
    const report = await importStatementFile(Buffer.from(xml), 'payouts.xml');
    expect(report.statements[0]).toMatchObject({ entries: 2, skipped: 2, recordedNow: 0, suspense: 0, mismatched: 0, skippedBecause: { [PAYOUT_CONFIRMED]: 1, [PAYOUT_RETURNED]: 1 } });

    expect(await settlementNow(toPay!.settlement.id)).toMatchObject({ status: 'PAID', providerReference: paidReference });
    expect(await settlementNow(toReturn!.settlement.id)).toMatchObject({ status: 'RETURNED', failureReason: 'Returned by the merchant\'s bank: AC04 Account closed.' });
    expect(await owed(toReturn!.account.id)).toBe('693.0000');
    expect(await settlementEvents(toReturn!.settlement.id)).toEqual(['settlement.created', 'settlement.paid', 'settlement.returned']);
    await expectLedgerOk(toReturn!.merchant.id);
    await expectLedgerOk(toPay!.merchant.id);
    for (const reference of [paidReference, returnReference]) {
      expect(await db().select().from(payments).where(eq(payments.providerReference, reference))).toEqual([]);
      expect(await db().select().from(suspensePayments).where(eq(suspensePayments.providerReference, reference))).toEqual([]);
    }

    // The statement imported again records nothing, and changes nothing.
    const again = await importStatementFile(Buffer.from(xml), 'payouts.xml');
    expect(again.statements[0]!.alreadyImported).not.toBeNull();
    expect((await settlementNow(toReturn!.settlement.id)).status).toBe('RETURNED');
  });

  it('a DBIT naming a settlement with another amount is listed as a mismatch, not confirmed', async () => {
    const [one] = await bankSettlements(['1000']);
    await exportBankPayouts(fileIn('pain001'), new Date(), { merchantIds: [one!.merchant.id] });
    const xml = (await fixture('camt053-payouts.xml', {
      STATEMENT_ID: `STMT-${randomBytes(4).toString('hex')}`,
      COLLECTION_ACCOUNT: await collectionAccountKes(),
      MESSAGE_ID: 'M',
      PAID_AMOUNT: '900.00',
      PAID_REFERENCE: `FT${randomBytes(5).toString('hex').toUpperCase()}`,
      E2E_PAID: endToEndIdOf(one!.settlement.id),
      RETURNED_AMOUNT: '1.00',
      RETURN_REFERENCE: `RT${randomBytes(5).toString('hex').toUpperCase()}`,
      E2E_RETURNED: 'NOT-A-SETTLEMENT',
    }));
    const report = await importStatementFile(Buffer.from(xml), 'mismatch.xml');
    expect(report.statements[0]!.mismatches).toEqual([expect.objectContaining({ position: 1, detail: expect.stringContaining('not confirmed') })]);
    expect((await settlementNow(one!.settlement.id)).status).toBe('PROCESSING');
  });
});

describe('the operator commands', () => {
  /** The operator CLI as an operator runs it, against this run's database. */
  function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [compiledEntry('scripts/cli.ts'), ...args], {
        env: { ...process.env, DATABASE_URL: inject('databaseUrl'), DATA_DIR: inject('testDataDir'), SANDBOX: 'false' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const stdout: Buffer[] = [];
      const stderr: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') }));
    });
  }

  it('payouts:export writes the file and answers what it holds; it refuses to overwrite; payouts:import-status refuses an unreadable file', async () => {
    const [one, two] = await bankSettlements(['1000', '700']);
    const out = fileIn('cli');
    const exported = await runCli(['payouts:export', '--out', out, '--merchant-id', one!.merchant.id]);
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout)).toMatchObject({ file: out, count: 1, totals: { KES: { count: 1, amount: '990' } }, settlements: [{ id: one!.settlement.id, endToEndId: endToEndIdOf(one!.settlement.id) }] });
    expect(await readFile(out, 'utf8')).toContain(`<EndToEndId>${endToEndIdOf(one!.settlement.id)}</EndToEndId>`);
    expect((await settlementNow(one!.settlement.id)).status).toBe('PROCESSING');

    const again = await runCli(['payouts:export', '--out', out, '--merchant-id', two!.merchant.id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('exists already');
    expect((await settlementNow(two!.settlement.id)).status).toBe('PENDING');

    const broken = fileIn('broken');
    await writeFile(broken, '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt>');
    const refused = await runCli(['payouts:import-status', '--file', broken]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/nothing was changed\.\n$/);
    expect((await settlementNow(one!.settlement.id)).status).toBe('PROCESSING');
  }, 60_000);
});

describe('the pain.001 writer', () => {
  it('puts a BIC where ISO keeps BICs and a national bank code as a clearing member id, and escapes every text', () => {
    const xml = writePain001({
      messageId: 'COLLECT-TEST-1',
      createdAt: new Date('2026-11-26T07:00:00Z'),
      executionDate: '2026-11-26',
      initiatingParty: 'Collect',
      debtorName: 'Collect',
      debtorBic: 'DEMOKENXXXX',
      debtors: [{ currency: 'USD', accountNumber: '0100856883' }],
      transfers: [
        { settlementId: '0b5e7c1a-2f4d-4e8b-9c3a-1d2e3f405162', amount: '1500.5', currency: 'USD', creditorName: 'Kamau <Traders> "Ltd"', creditorAccount: '0123456789', bankName: 'Equity Bank', bankCode: 'EQBLKENA', branchCode: null },
        { settlementId: '1c6f8d2b-3a5e-4f9c-8d4b-2e3f40516273', amount: '20', currency: 'USD', creditorName: 'Otieno\u0007 Supplies', creditorAccount: '9876543210', bankName: null, bankCode: '01', branchCode: '094' },
      ],
    });
    expect(xml).toContain('<CreDtTm>2026-11-26T10:00:00+03:00</CreDtTm>');
    expect(xml).toContain('<CtrlSum>1520.5</CtrlSum>');
    expect(xml).toContain('<InstdAmt Ccy="USD">1500.50</InstdAmt>');
    expect(xml).toContain('<BICFI>EQBLKENA</BICFI>');
    expect(xml).toContain('<ClrSysMmbId>\n              <MmbId>01</MmbId>');
    expect(xml).toContain('<Nm>Kamau &lt;Traders&gt; "Ltd"</Nm>');
    expect(xml).toContain('<Nm>Otieno Supplies</Nm>');
    expect(xml).toContain('<EndToEndId>0b5e7c1a2f4d4e8b9c3a1d2e3f405162</EndToEndId>');
    expect(settlementIdOf('0B5E7C1A2F4D4E8B9C3A1D2E3F405162')).toBe('0b5e7c1a-2f4d-4e8b-9c3a-1d2e3f405162');
    expect(settlementIdOf('NOT-OURS-0001')).toBeUndefined();
  });
});
