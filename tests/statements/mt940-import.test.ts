import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { compiledEntry } from '../support/compiled-scripts';
import { checkLedger } from '@/lib/ledger/check';
import { importStatementFile } from '@/lib/statements/import-statement';
import { StatementFileError } from '@/lib/statements/statement';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { balanceOf, freshIds, importsOf, kesCollectionAccount, notify, paymentsWith, render, suspenseWith, UNKNOWN_ACCOUNT } from './support';

useTestApi();

const FIXTURE = 'mt940-collection-kes.sta';

async function world() {
  const { merchant, virtualAccount } = await newMerchant('MT940 Merchant');
  const ids = freshIds();
  const values = { ...ids, COLLECTION_ACCOUNT: await kesCollectionAccount(), ACCOUNT_A: virtualAccount.accountNumber, UNKNOWN_ACCOUNT };
  await notify(`${ids.REF}11`, virtualAccount.accountNumber, '1500');
  return { merchant, virtualAccount, ids, values };
}

describe('importing an MT940 bank statement', () => {
  it('matches the notified credit, records the other once, holds the unknown account in suspense and skips the debit', async () => {
    const { merchant, virtualAccount, ids, values } = await world();
    const report = await importStatementFile(render(FIXTURE, values), 'day.sta');
    expect(report.file.format).toBe('MT940');
    expect(report.statements[0]).toMatchObject({
      statementId: `${ids.STATEMENT_ID}/00325/001`,
      bankAccount: values.COLLECTION_ACCOUNT,
      entries: 4,
      matched: 1,
      recordedNow: 1,
      suspense: 1,
      mismatched: 0,
      skipped: 1,
    });
    const [recorded] = await paymentsWith([`${ids.REF}12`]);
    expect(recorded).toMatchObject({ amount: '800.0000', channel: 'INSTANT_BANK', payerName: 'Wanjiru Mwangi', narration: 'SCHOOL FEES TERM 3', virtualAccountId: virtualAccount.id });
    // The entry date (11-21), at the start of that Nairobi day.
    expect(recorded!.receivedAt.toISOString()).toBe('2026-11-20T21:00:00.000Z');
    expect(await paymentsWith([`${ids.REF}11`])).toHaveLength(1);
    expect((await suspenseWith([`${ids.REF}13`]))[0]).toMatchObject({ reason: 'UNKNOWN_ACCOUNT', amount: '250.0000' });
    expect(await paymentsWith([`${ids.REF}14`])).toEqual([]);
    expect((await balanceOf(virtualAccount.id)).balance).toBe('2300.0000');
    expect((await checkLedger({ merchantId: merchant.id })).problems).toEqual([]);

    const again = await importStatementFile(render(FIXTURE, values), 'day.sta');
    expect(again.statements[0]).toMatchObject({ alreadyImported: expect.any(Object), recordedNow: 0 });
    expect((await balanceOf(virtualAccount.id)).balance).toBe('2300.0000');
  });

  it('lists a credit notified into another account as a mismatch', async () => {
    const { virtualAccount, ids, values } = await world();
    const other = await newMerchant();
    await notify(`${ids.REF}12`, other.virtualAccount.accountNumber, '800');
    const report = await importStatementFile(render(FIXTURE, values));
    expect(report.statements[0]!.mismatches).toEqual([
      { position: 2, bankReference: `${ids.REF}12`, detail: `account ${virtualAccount.accountNumber} on the statement, ${other.virtualAccount.accountNumber} recorded` },
    ]);
    expect((await balanceOf(virtualAccount.id)).balance).toBe('1500.0000');
  });

  it('refuses a statement line it cannot read, naming the line, and records nothing', async () => {
    const { ids, values } = await world();
    const text = new TextDecoder().decode(render(FIXTURE, values)).replace('C800,NTRF', 'C800.00NTRF');
    const error = await importStatementFile(new TextEncoder().encode(text)).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(StatementFileError);
    expect((error as Error).message).toBe(
      `Statement 1 (${ids.STATEMENT_ID}), line 9 (:61: entry 2): "2611211121C800.00NTRFINV 42//${ids.REF}12" is not a statement line (value date, D/C mark, amount with a comma, type, references).`,
    );
    expect(await paymentsWith([`${ids.REF}12`, `${ids.REF}13`])).toEqual([]);
    expect(await importsOf(`${ids.STATEMENT_ID}/00325/001`)).toEqual([]);
  });
});

describe('npm run cli -- statements:import', () => {
  const cli = (file: string) =>
    promisify(execFile)('node', [compiledEntry('scripts/cli.ts'), 'statements:import', '--file', file], {
      env: { ...process.env, DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'silent' },
    }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  it('prints the report as JSON, and a sentence with exit code 1 for a file it refuses', { timeout: 120_000 }, async () => {
    const { values } = await world();
    const folder = await mkdtemp(path.join(os.tmpdir(), 'statements-'));
    const good = path.join(folder, 'good.sta');
    await writeFile(good, render(FIXTURE, values));
    const first = await cli(good);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout).totals).toEqual({ entries: 4, matched: 1, recordedNow: 1, suspense: 1, mismatched: 0, skipped: 1, repeated: 0 });

    const bad = path.join(folder, 'bad.xml');
    await writeFile(bad, '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>');
    const refused = await cli(bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${bad}: The file is not well-formed XML`);
    expect(refused.stderr).toContain('; nothing was recorded.');
  });
});
