import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLedger } from '@/lib/ledger/check';
import { ingestPayment } from '@/lib/payments/ingest';
import type { InboundPayment } from '@/lib/payments/inbound';
import { fromUnits, toUnits } from '@/lib/money/decimal';
import { useTestApi } from '../support/api-server';
import { accountById, createBill, mpesa, signedInMerchant } from './support';

const api = useTestApi();

type Operation =
  | { kind: 'bill'; cents: number; invoice: boolean }
  | { kind: 'cancel'; bill: number }
  | { kind: 'pay'; to: 'legacy' | 'bill' | 'reference'; bill: number; cents: number }
  | { kind: 'redeliver'; payment: number; times: number };

const cents = fc.integer({ min: 1, max: 500_000 });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('bill' as const), cents, invoice: fc.boolean() }),
  fc.record({ kind: fc.constant('cancel' as const), bill: fc.nat(20) }),
  fc.record({ kind: fc.constant('pay' as const), to: fc.constantFrom('legacy' as const, 'bill' as const, 'reference' as const), bill: fc.nat(20), cents }),
  fc.record({ kind: fc.constant('redeliver' as const), payment: fc.nat(40), times: fc.integer({ min: 1, max: 4 }) }),
);

const amountOf = (value: number) => fromUnits(BigInt(value) * 100n);

describe('the ledger under random traffic', () => {
  it('keeps every invariant through payments, redeliveries, bills and cancellations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 5, maxLength: 25 }), async (operations) => {
        const { token, virtualAccount, merchant } = await signedInMerchant(api);
        const bills: { id: string; reference: string; number?: string }[] = [];
        const delivered: InboundPayment[] = [];
        const credited = new Map<string, bigint>();

        for (const step of operations) {
          if (step.kind === 'bill') {
            const bill = await createBill(api, token, { amount: step.cents / 100, provisionInvoiceVa: step.invoice });
            bills.push({ id: bill.id, reference: bill.paymentReference, number: bill.virtualAccountNumber });
          } else if (step.kind === 'cancel' && bills.length > 0) {
            const bill = bills[step.bill % bills.length]!;
            await api.request('POST', `/merchants/me/expected-payments/${bill.id}/cancel`, { token });
          } else if (step.kind === 'pay') {
            const bill = bills.length > 0 ? bills[step.bill % bills.length] : undefined;
            const accountReference =
              step.to === 'bill' && bill?.number
                ? bill.number
                : step.to === 'reference' && bill
                  ? `${virtualAccount.accountNumber}#${bill.reference}`
                  : virtualAccount.accountNumber;
            const inbound = mpesa(accountReference, amountOf(step.cents));
            const result = await ingestPayment(inbound, { strict: false });
            if (result.outcome === 'recorded') {
              delivered.push(inbound);
              credited.set(result.payment.virtualAccountId, (credited.get(result.payment.virtualAccountId) ?? 0n) + toUnits(result.payment.amount));
            }
          } else if (step.kind === 'redeliver' && delivered.length > 0) {
            const inbound = delivered[step.payment % delivered.length]!;
            const results = await Promise.all(Array.from({ length: step.times }, () => ingestPayment(inbound, { strict: false })));
            expect(results.every((result) => result.outcome === 'recorded' && result.duplicate)).toBe(true);
          }
        }

        const report = await checkLedger({ merchantId: merchant.id });
        expect(report.problems).toEqual([]);
        for (const [accountId, total] of credited) expect(toUnits((await accountById(accountId)).balance)).toBe(total);
      }),
      { numRuns: 12 },
    );
  });
});
