import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkLedger } from '@/lib/ledger/check';
import { importStatementFile } from '@/lib/statements/import-statement';
import { MAX_FILE_BYTES, parseStatementFile } from '@/lib/statements/parse-file';
import { StatementFileError } from '@/lib/statements/statement';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { camt053, mt940, type CamtOptions, type Mt940Options, type Statement } from './statement-writer';
import { balanceOf, kesCollectionAccount, paymentsWith, suspenseWith, UNKNOWN_ACCOUNT } from './support';

useTestApi();

const plain: Mt940Options = { envelope: false, soh: false, crlf: false, entryDate: true, fundsCode: false, trailingBlankLines: false, preamble: 'none', accountForm: 'plain' };
const camt: CamtOptions = { version: '08', zone: true, status: 'code', prefix: false, bom: false, indent: true };
const tag = () => randomBytes(4).toString('hex').toUpperCase();

async function refusal(bytes: Uint8Array): Promise<string> {
  const error = await importStatementFile(bytes).catch((failure: unknown) => failure);
  expect(error).toBeInstanceOf(StatementFileError);
  return (error as Error).message;
}

describe('a statement is identified by more than its id', () => {
  it('imports the next day\'s statement under the same :20: and :28C: (as Sparkasse and Rabobank send them) and records its credits', async () => {
    const { merchant, virtualAccount } = await newMerchant('Daily Statement Merchant');
    const collection = await kesCollectionAccount();
    const id = tag();
    const day = (date: string, opening: number, reference: string): Statement => ({
      id: 'STARTUMS',
      sequence: '00001',
      account: collection,
      day: date,
      openingCents: opening,
      items: [{ kind: 'credit', reference, cents: 12_500, account: virtualAccount.accountNumber, text: `FEES ${id}` }],
    });
    const first = await importStatementFile(mt940([day('2026-11-20', 100_000, `${id}-1`)], plain));
    const second = await importStatementFile(mt940([day('2026-11-21', 112_500, `${id}-2`)], plain));
    expect(first.statements[0]).toMatchObject({ statementId: 'STARTUMS/00001', alreadyImported: null, recordedNow: 1 });
    expect(second.statements[0]).toMatchObject({ statementId: 'STARTUMS/00001', alreadyImported: null, recordedNow: 1, closingDate: '2026-11-21' });
    expect(await paymentsWith([`${id}-1`, `${id}-2`])).toHaveLength(2);
    expect((await balanceOf(virtualAccount.id)).balance).toBe('250.0000');
    expect((await checkLedger({ merchantId: merchant.id })).problems).toEqual([]);
  });

  it('records nothing for a re-export of the same statement in another wrapper, line ending and format version', async () => {
    const { virtualAccount } = await newMerchant('Re-export Merchant');
    const collection = await kesCollectionAccount();
    const id = tag();
    const statement: Statement = {
      id: `RX${id}`,
      sequence: '7/1',
      account: collection,
      day: '2026-11-21',
      openingCents: 0,
      items: [
        { kind: 'credit', reference: null, cents: 40_000, account: virtualAccount.accountNumber, text: `NO REFERENCE ${id}` },
        { kind: 'credit', reference: `${id}-R`, cents: 10_000, account: virtualAccount.accountNumber, text: 'RENT' },
        { kind: 'debit', reference: null, cents: 3_500, text: 'SMS ALERT CHARGES' },
      ],
    };
    const first = await importStatementFile(mt940([statement], plain));
    expect(first.statements[0]).toMatchObject({ recordedNow: 2, skipped: 1, skippedBecause: { 'A debit: the service only collects.': 1 } });
    const again = await importStatementFile(mt940([statement], { ...plain, envelope: true, soh: true, crlf: true, trailingBlankLines: true, accountForm: 'bic', preamble: 'abnamro' }));
    expect(again.file.hash).not.toBe(first.file.hash);
    expect(again.statements[0]!.alreadyImported).toMatchObject({ fileHash: first.file.hash });
    expect((await balanceOf(virtualAccount.id)).balance).toBe('500.0000');
  });

  it('records each credit once when statements overlap: the later one lists the credits already accounted for as repeated', async () => {
    const { virtualAccount } = await newMerchant('Overlap Merchant');
    const collection = await kesCollectionAccount();
    const id = tag();
    const monday = { kind: 'credit', reference: `${id}-MON`, cents: 20_000, account: virtualAccount.accountNumber, text: 'MONDAY' } as const;
    const unknown = { kind: 'credit', reference: `${id}-UNK`, cents: 5_000, account: UNKNOWN_ACCOUNT, text: 'UNKNOWN' } as const;
    const derived = { kind: 'credit', reference: null, cents: 7_000, account: virtualAccount.accountNumber, text: `NO REF ${id}`, day: '2026-11-23' } as const;
    const tuesday = { kind: 'credit', reference: `${id}-TUE`, cents: 30_000, account: virtualAccount.accountNumber, text: 'TUESDAY' } as const;
    const daily: Statement = { id: `D${id}`, sequence: '1', account: collection, day: '2026-11-23', openingCents: 0, items: [monday, unknown, derived] };
    const weekly: Statement = { id: `W${id}`, sequence: '1', account: collection, day: '2026-11-24', openingCents: 0, items: [monday, unknown, derived, tuesday] };
    await importStatementFile(camt053([daily], camt));
    const report = await importStatementFile(camt053([weekly], { ...camt, version: '02', zone: false, status: 'absent', prefix: true }));
    expect(report.statements[0]).toMatchObject({ alreadyImported: null, repeated: 3, recordedNow: 1, suspense: 0 });
    expect(await paymentsWith([`${id}-MON`, `${id}-TUE`])).toHaveLength(2);
    expect(await suspenseWith([`${id}-UNK`])).toHaveLength(1);
    expect((await balanceOf(virtualAccount.id)).balance).toBe('570.0000');
  });
});

describe('what the import refuses, and how it says so', () => {
  it('refuses camt.052, pain.001, a made-up namespace and none at all, each with a sentence', async () => {
    const document = (namespace: string | null) => new TextEncoder().encode(`<?xml version="1.0"?><Document${namespace === null ? '' : ` xmlns="${namespace}"`}><BkToCstmrStmt/></Document>`);
    expect(await refusal(document('urn:iso:std:iso:20022:tech:xsd:camt.052.001.08'))).toBe('The file is an ISO 20022 camt.052.001.08 message, not a camt.053 statement.');
    expect(await refusal(document('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09'))).toBe('The file is an ISO 20022 pain.001.001.09 message, not a camt.053 statement.');
    expect(await refusal(document('urn:example:statements'))).toBe('The file\'s namespace "urn:example:statements" is not camt.053\'s (urn:iso:std:iso:20022:tech:xsd:camt.053.001.NN).');
    expect(await refusal(document(null))).toBe('The file\'s Document declares no namespace, so it is not a camt.053 statement (urn:iso:std:iso:20022:tech:xsd:camt.053.001.NN).');
    expect(await refusal(new TextEncoder().encode('<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "b">]><Document/>'))).toContain('DOCTYPE');
  });

  it('says first that a statement is of an account that is not ours, naming it and ours, before any complaint about its entries', async () => {
    const text = `:20:FOREIGN\n:25:NL91ABNA0417164300\n:28C:1\n:60F:C261120EUR0,00\n:61:BROKEN LINE\n:62F:C261121EUR0,00\n`;
    expect(await refusal(new TextEncoder().encode(text))).toMatch(/^Statement 1 \(FOREIGN\) is of account NL91ABNA0417164300, which is not one of our collection accounts: .*0100756983 \(KES\).*\.$/);
  });

  it('shows an invisible character escaped in its sentence, never as an empty quote', async () => {
    const text = `:20:CTRL\n:25:${await kesCollectionAccount()}\n:28C:1\n:60F:C261120KES0,00\n:61:\u0001\n:62F:C261121KES0,00\n`;
    expect(await refusal(new TextEncoder().encode(text))).toBe('Statement 1 (CTRL), line 5 (:61: entry 1): "\\x01" is not a statement line (value date, D/C mark, amount with a comma, type, references).');
  });

  it('refuses a file over 100 MB with a sentence, and a batch whose transactions disagree with its entry as damaged', async () => {
    expect(() => parseStatementFile(new Uint8Array(MAX_FILE_BYTES + 1))).toThrow('The file is 100.0 MB, more than the 100 MB a statement file may be; ask the bank for one file per day.');
    const { virtualAccount } = await newMerchant();
    const collection = await kesCollectionAccount();
    const id = tag();
    const statement: Statement = {
      id: `B${id}`,
      sequence: '1',
      account: collection,
      day: '2026-11-21',
      openingCents: 0,
      items: [{ kind: 'batch', reference: `${id}-B`, parts: [{ reference: null, endToEnd: null, cents: 100, account: virtualAccount.accountNumber }, { reference: null, endToEnd: null, cents: 200, account: virtualAccount.accountNumber }] }],
    };
    const damaged = new TextDecoder().decode(camt053([statement], camt)).replace('<Amt Ccy="KES">2.00</Amt>', '<Amt Ccy="KES">2.50</Amt>');
    expect(await refusal(new TextEncoder().encode(damaged))).toBe(`Stmt 1 (B${id}), Ntry 1: its 2 transactions (TxDtls) add up to 3.5, not to the entry's amount 3.00, so the file is damaged.`);
    expect(await paymentsWith([`${id}-B/1`, `${id}-B/2`])).toEqual([]);
  });
});
