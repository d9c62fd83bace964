import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '@/lib/accounts/account-number';
import { checkLedger } from '@/lib/ledger/check';
import { payments, suspensePayments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { postBank, postC2b } from './support';

const SECRET = 'bank-secret-for-tests-0123456789abcdef';
const api = useTestApi({ BANK_WEBHOOK_SECRET: SECRET });

/** Any UTF-16 code unit: NUL, other controls and lone surrogates included. */
const oddText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 12 });
const someText = fc.oneof(oddText, fc.constantFrom('A\u0000B', '\ud800', '\u0001\u001f', ' ', ''), fc.string({ maxLength: 12 }));

const amount = fc.oneof(
  fc.integer({ min: 1, max: 10_000_000 }).map((cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`),
  fc.integer({ min: 1, max: 100_000 }),
  fc.constantFrom('-1', '0', '0.001', '12.345', '1000000000000', '999999999999999.99', '1e20', '9'.repeat(400), 'abc', '', -1, 0, 1e20, 12.345, '999999999999.99'),
  someText,
);

const confirmation = fc.record({
  rail: fc.constantFrom('MPESA' as const, 'BANK' as const),
  account: fc.constantFrom('known' as const, 'unknown' as const, 'odd' as const),
  amount,
  referenceTail: someText,
  name: someText,
  other: someText,
  copies: fc.integer({ min: 1, max: 3 }),
});

let run = 0;

describe('rails under random confirmations', () => {
  it('turns every acknowledged confirmation into exactly one payment or one suspense entry, and the ledger holds', async () => {
    const { merchant, virtualAccount } = await newMerchant();
    await fc.assert(
      fc.asyncProperty(fc.array(confirmation, { minLength: 1, maxLength: 8 }), async (batch) => {
        run += 1;
        const tag = randomBytes(3).toString('hex').toUpperCase();
        const sent = batch.map((item, index) => {
          // A distinct ASCII start per confirmation: what follows is random, and found again by it.
          const prefix = `P${tag}${run}x${index}.`;
          const accountNumber =
            item.account === 'known' ? virtualAccount.accountNumber : item.account === 'unknown' ? withCheckDigit(String(100_000_000 + index)) : `${virtualAccount.accountNumber}${item.other}`;
          const body =
            item.rail === 'MPESA'
              ? { TransactionType: 'Pay Bill', TransID: prefix + item.referenceTail, TransTime: '20261121130253', TransAmount: item.amount, BusinessShortCode: '4123456', BillRefNumber: accountNumber, MSISDN: item.other, FirstName: item.name, LastName: item.other }
              : { bankReference: prefix + item.referenceTail, accountNumber, amount: item.amount, currency: 'KES', payerName: item.name, narration: item.other, channel: 'INSTANT_BANK', transactionTime: item.other };
          return { item, prefix, body };
        });

        const answers = await Promise.all(
          sent.flatMap(({ item, body }) =>
            Array.from({ length: item.copies }, async () => {
              const response = item.rail === 'MPESA' ? await postC2b(api, 'confirmation', body) : await postBank(api, body, SECRET);
              return { status: response.status, body: await response.json() };
            }),
          ),
        );
        for (const answer of answers) {
          expect(answer.status).toBe(200);
          expect(answer.body.ResultCode === '0' || ['recorded', 'duplicate', 'suspense'].includes(answer.body.status)).toBe(true);
        }

        for (const { item, prefix } of sent) {
          const paid = await db().select({ id: payments.id }).from(payments).where(and(eq(payments.rail, item.rail), like(payments.providerReference, `${prefix}%`)));
          const held = await db()
            .select({ amount: suspensePayments.amount, reason: suspensePayments.reason })
            .from(suspensePayments)
            .where(and(eq(suspensePayments.rail, item.rail), like(suspensePayments.providerReference, `${prefix}%`)));
          expect(paid.length + held.length, `${item.rail} ${JSON.stringify(item.amount)} to ${item.account}`).toBe(1);
        }
        const ledger = await checkLedger({ merchantId: merchant.id });
        expect(ledger.problems).toEqual([]);
      }),
      { numRuns: 40, seed: Number(process.env.RAILS_PROPERTY_SEED ?? Date.now() % 2 ** 31) },
    );
  }, 120_000);
});
