import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '@/lib/accounts/account-number';
import { checkLedger } from '@/lib/ledger/check';
import { payments, suspensePayments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { newBill } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { postBank, postC2b } from './support';

const SECRET = 'bank-secret-for-tests-0123456789abcdef';
const api = useTestApi({ BANK_WEBHOOK_SECRET: SECRET });

/** Money, and what is not: zero, negative, too many decimals, text, a number, nothing. */
const amount = fc.oneof(
  fc.integer({ min: 1, max: 1_000_000 }).map((cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`),
  fc.integer({ min: 1, max: 5_000 }),
  fc.constantFrom('0', '0.00', '-5', '-0.01', '1.005', '12.345', 'abc', '', '1e3', '1000000000000', 0, -1, 2.5),
);
/** Where a copy says the money went: a real account (alone or naming a bill), another merchant's, one that does not exist, a mistyped one. */
const destination = fc.constantFrom('first' as const, 'first-with-bill' as const, 'second' as const, 'unknown' as const, 'mistyped' as const);
const copy = fc.record({ destination, amount });
const reference = fc.record({
  rail: fc.constantFrom('MPESA' as const, 'BANK' as const),
  copies: fc.array(copy, { minLength: 2, maxLength: 5 }),
});

let run = 0;

describe('copies of one rail reference, sent at once over HTTP with different content', () => {
  it('leave exactly one payment or one suspense row per reference, answer one of them as kept and the rest as duplicates, and the ledger holds', async () => {
    const first = await newMerchant();
    const second = await newMerchant();
    const { bill } = await newBill(first.merchant.id, { invoiceAccount: false, amount: '250.00' });
    const accountFor = {
      first: first.virtualAccount.accountNumber,
      'first-with-bill': `${first.virtualAccount.accountNumber}#${bill.paymentReference}`,
      second: second.virtualAccount.accountNumber,
      unknown: withCheckDigit('999999991'),
      mistyped: `${first.virtualAccount.accountNumber.slice(0, 9)}${(Number(first.virtualAccount.accountNumber[9]) + 1) % 10}`,
    };

    await fc.assert(
      fc.asyncProperty(fc.array(reference, { minLength: 1, maxLength: 3 }), fc.infiniteStream(fc.nat()), async (references, order) => {
        run += 1;
        const sent = references.map((item, index) => ({ ...item, id: `R${randomBytes(4).toString('hex').toUpperCase()}${run}X${index}` }));
        const requests = sent.flatMap(({ rail, id, copies }) =>
          copies.map(({ destination: where, amount: value }) => {
            const account = accountFor[where];
            if (rail === 'MPESA') {
              const body = { TransactionType: 'Pay Bill', TransID: id, TransTime: '20261121130253', TransAmount: value, BusinessShortCode: '4123456', BillRefNumber: account, MSISDN: '254712345678', FirstName: 'Achieng' };
              return { id, send: () => postC2b(api, 'confirmation', body) };
            }
            const [number, billReference] = account.split('#');
            const body = { bankReference: id, accountNumber: number, amount: value, currency: 'KES', narration: billReference ?? null, channel: 'INSTANT_BANK', transactionTime: new Date().toISOString() };
            return { id, send: () => postBank(api, body, SECRET) };
          }),
        );
        // In an order fast-check chooses, all at once.
        const shuffled = requests.map((request) => ({ request, key: order.next().value })).sort((a, b) => a.key - b.key).map(({ request }) => request);
        const answers = await Promise.all(shuffled.map(async ({ id, send }) => {
          const response = await send();
          return { id, status: response.status, body: await response.json() };
        }));

        for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        for (const { rail, id, copies } of sent) {
          const paid = await db().select().from(payments).where(and(eq(payments.rail, rail), eq(payments.providerReference, id)));
          const held = await db().select().from(suspensePayments).where(and(eq(suspensePayments.rail, rail), eq(suspensePayments.providerReference, id)));
          expect(paid.length + held.length, `${rail} ${id}: ${JSON.stringify(copies)}`).toBe(1);

          const mine = answers.filter((answer) => answer.id === id).map((answer) => answer.body);
          if (rail === 'MPESA') {
            for (const body of mine) expect(body).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
            continue;
          }
          // The bank is told once that the credit was kept, and that every other copy was a duplicate of it.
          const kept = mine.filter((body) => body.status !== 'duplicate');
          expect(kept, JSON.stringify(mine)).toHaveLength(1);
          expect(kept[0]!.status).toBe(paid.length === 1 ? 'recorded' : 'suspense');
          for (const body of mine) expect(body.paymentId).toBe(paid[0]?.id);
        }
        for (const merchantId of [first.merchant.id, second.merchant.id]) {
          expect((await checkLedger({ merchantId })).problems).toEqual([]);
        }
      }),
      { numRuns: 100, seed: Number(process.env.RAILS_PROPERTY_SEED ?? Date.now() % 2 ** 31) },
    );
  }, 180_000);
});
