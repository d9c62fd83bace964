import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/db';
import { importStatementFile } from '@/lib/statements/import-statement';
import { statementImportEntries } from '@/lib/statements/schema';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { kesCollectionAccount, paymentsWith } from './support';

useTestApi();

/** The bank's charges of a busy day (debits, skipped) around one payer's credit: more entries than one INSERT may carry. */
function longStatement(collectionAccount: string, accountNumber: string, credit: string, debits: number): Uint8Array {
  const id = `STMT-${randomBytes(6).toString('hex').toUpperCase()}`;
  const entry = (indicator: 'CRDT' | 'DBIT', reference: string, amount: string) =>
    `<Ntry><Amt Ccy="KES">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-21</Dt></BookgDt><AcctSvcrRef>${reference}</AcctSvcrRef>` +
    `<NtryDtls><TxDtls><Refs><AcctSvcrRef>${reference}</AcctSvcrRef></Refs><RltdPties><CdtrAcct><Id><Othr><Id>${accountNumber}</Id></Othr></Id></CdtrAcct></RltdPties></TxDtls></NtryDtls></Ntry>`;
  const balance = (code: string, amount: string) => `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="KES">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-21</Dt></Dt></Bal>`;
  const entries = [entry('CRDT', credit, '1000.00'), ...Array.from({ length: debits }, (_, index) => entry('DBIT', `${credit}D${index}`, '0.10'))];
  const closing = (100_000 + 1_000 - debits * 0.1).toFixed(2);
  return new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>${id}</MsgId><CreDtTm>2026-11-21T23:59:00+03:00</CreDtTm></GrpHdr>` +
      `<Stmt><Id>${id}</Id><Acct><Id><Othr><Id>${collectionAccount}</Id></Othr></Id><Ccy>KES</Ccy></Acct>${balance('OPBD', '100000.00')}${balance('CLBD', closing)}${entries.join('')}</Stmt></BkToCstmrStmt></Document>`,
  );
}

describe('a statement longer than one INSERT may carry', () => {
  it('imports all of its 6,001 entries (72,012 parameters at 12 a row) and records its credit once', async () => {
    const { virtualAccount } = await newMerchant('Long Statement Merchant');
    const credit = `FT${randomBytes(5).toString('hex').toUpperCase()}`;
    const report = await importStatementFile(longStatement(await kesCollectionAccount(), virtualAccount.accountNumber, credit, 6_000), 'long.xml');
    expect(report.statements[0]).toMatchObject({ entries: 6_001, recordedNow: 1, skipped: 6_000, mismatched: 0 });
    const stored = await db().select().from(statementImportEntries).where(eq(statementImportEntries.importId, report.statements[0]!.importId));
    expect(stored).toHaveLength(6_001);
    expect(await paymentsWith([credit])).toHaveLength(1);
  });
});
