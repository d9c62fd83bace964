import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLedger } from '@/lib/ledger/check';
import { toUnits } from '@/lib/money/decimal';
import { importStatementFile } from '@/lib/statements/import-statement';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { camt053, mt940, type CamtOptions, type Item, type Mt940Options, type Statement } from './statement-writer';
import { balanceOf, kesCollectionAccount, paymentsWith, suspenseWith, UNKNOWN_ACCOUNT } from './support';

useTestApi();

/** Where a generated credit goes: the merchant's account, or an account nobody has (suspense). */
type Target = 'ours' | 'unknown';

const amount = fc.integer({ min: 1, max: 5_000_000 });
const credit = fc.record({ kind: fc.constant('credit' as const), referenced: fc.boolean(), cents: amount, target: fc.constantFrom<Target>('ours', 'ours', 'unknown') });
const debit = fc.record({ kind: fc.constant('debit' as const), referenced: fc.boolean(), cents: amount });
const batch = fc.record({
  kind: fc.constant('batch' as const),
  parts: fc.array(fc.record({ cents: amount, own: fc.boolean(), endToEnd: fc.boolean(), target: fc.constantFrom<Target>('ours', 'unknown') }), { minLength: 2, maxLength: 4 }),
});
const statementShape = fc.record({ items: fc.array(fc.oneof(credit, credit, debit, batch), { minLength: 1, maxLength: 6 }), sameId: fc.boolean() });
const mt940Options: fc.Arbitrary<Mt940Options> = fc.record({
  envelope: fc.boolean(),
  soh: fc.boolean(),
  crlf: fc.boolean(),
  entryDate: fc.boolean(),
  fundsCode: fc.boolean(),
  trailingBlankLines: fc.boolean(),
  preamble: fc.constantFrom('none', 'abnamro', 'rabobank'),
  accountForm: fc.constantFrom('plain', 'bic', 'currency'),
});
const camtOptions: fc.Arbitrary<CamtOptions> = fc.record({
  version: fc.constantFrom('02', '04', '08', '10'),
  zone: fc.boolean(),
  status: fc.constantFrom('absent', 'text', 'code'),
  prefix: fc.boolean(),
  bom: fc.boolean(),
  indent: fc.boolean(),
});
const scenario = fc.record({
  format: fc.constantFrom('MT940', 'CAMT053'),
  statements: fc.array(statementShape, { minLength: 1, maxLength: 3 }),
  first: fc.tuple(mt940Options, camtOptions),
  reexport: fc.tuple(mt940Options, camtOptions),
});

describe('importing generated statements within the standards\' freedom', () => {
  it('records every credit once (to the account or in suspense), skips every debit, and a re-export records nothing', async () => {
    const { merchant, virtualAccount } = await newMerchant('Statement Property Merchant');
    const collection = await kesCollectionAccount();
    const cents = async () => Number(toUnits((await balanceOf(virtualAccount.id)).balance) / 100n);

    await fc.assert(
      fc.asyncProperty(scenario, async ({ format, statements: shapes, first, reexport }) => {
        const run = randomBytes(4).toString('hex').toUpperCase();
        // Read at the start of each run, so that a failing run (and fast-check's shrinking) is judged on its own.
        const before = await cents();
        const account = (target: Target) => (target === 'ours' ? virtualAccount.accountNumber : UNKNOWN_ACCOUNT);
        // The truth: every credit's amount and where it goes, and the references the bank gave.
        let ours = 0;
        let credits = 0;
        let debits = 0;
        const givenToUnknown: string[] = [];
        let opening = 1_000_000;
        const statements: Statement[] = shapes.map((shape, index) => {
          const items: Item[] = shape.items.map((item, position) => {
            const reference = `${run}-${index}-${position}`;
            if (item.kind === 'debit') {
              debits += 1;
              return { kind: 'debit', reference: item.referenced ? reference : null, cents: item.cents, text: `CHARGE ${reference}` };
            }
            const parts = item.kind === 'credit' ? [{ cents: item.cents, target: item.target, own: item.referenced, endToEnd: false }] : item.parts;
            for (const [part, { cents: amount, target, own }] of parts.entries()) {
              credits += 1;
              if (target === 'ours') ours += amount;
              else if (own) givenToUnknown.push(item.kind === 'credit' ? reference : `${reference}-${part}`);
            }
            if (item.kind === 'credit') return { kind: 'credit', reference: item.referenced ? reference : null, cents: item.cents, account: account(item.target), text: `PAYMENT ${reference}` };
            return {
              kind: 'batch',
              reference,
              parts: item.parts.map((part, number) => ({
                reference: part.own ? `${reference}-${number}` : null,
                endToEnd: part.endToEnd ? `E2E${number}` : null,
                cents: part.cents,
                account: account(part.target),
              })),
            };
          });
          // Several statements of consecutive days; Sparkasse-like banks reuse one id every day.
          const statement: Statement = { id: shape.sameId ? 'STARTUMS' : `S${run}${index}`, sequence: '00001', account: collection, day: `2026-10-${String(10 + index).padStart(2, '0')}`, openingCents: opening, items };
          opening = items.reduce((sum, item) => sum + (item.kind === 'debit' ? -item.cents : item.kind === 'credit' ? item.cents : item.parts.reduce((total, part) => total + part.cents, 0)), opening);
          return statement;
        });
        const write = (options: [Mt940Options, CamtOptions]) => (format === 'MT940' ? mt940(statements, options[0]) : camt053(statements, options[1]));

        const report = await importStatementFile(write(first));
        const sum = (key: 'recordedNow' | 'suspense' | 'skipped' | 'matched' | 'mismatched' | 'repeated') => report.statements.reduce((total, statement) => total + statement[key], 0);
        expect(sum('recordedNow') + sum('suspense')).toBe(credits);
        expect(sum('skipped')).toBe(debits);
        expect(sum('matched') + sum('mismatched') + sum('repeated')).toBe(0);
        expect((await cents()) - before).toBe(ours);
        for (const reference of givenToUnknown) expect((await suspenseWith([reference])).length + (await paymentsWith([reference])).length).toBe(1);

        // The same statements again, written differently: nothing is recorded twice.
        const again = await importStatementFile(write(reexport));
        expect(again.statements.every((statement) => statement.alreadyImported !== null)).toBe(true);
        expect((await cents()) - before).toBe(ours);
      }),
      { numRuns: 15, seed: Number(process.env.STATEMENT_PROPERTY_SEED ?? Date.now() % 2 ** 31) },
    );
    expect((await checkLedger({ merchantId: merchant.id })).problems).toEqual([]);
  }, 120_000);
});
