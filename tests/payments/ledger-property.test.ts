import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertVirtualAccount } from '@/lib/accounts/provision';
import { checkLedger } from '@/lib/ledger/check';
import { db } from '@/lib/platform/db';
import { ingestPayment } from '@/lib/payments/ingest';
import { payments } from '@/lib/payments/schema';
import { processBankCredit } from '@/lib/rails/bank-credit';
import { RecoveryBusy } from '@/lib/recovery/errors';
import { recoverReceipt } from '@/lib/recovery/recover-receipt';
import { simulateReversal } from '@/lib/reversals/simulator';
import { importStatementFile } from '@/lib/statements/import-statement';
import type { InboundPayment } from '@/lib/payments/inbound';
import { fromUnits, toUnits } from '@/lib/money/decimal';
import { useTestApi } from '../support/api-server';
import { kesCollectionAccount } from '../statements/support';
import { accountById, createBill, mpesa, receipt, signedInMerchant } from './support';

// The sandbox: reversals are answered by the simulated rail, dropped callbacks kept by the simulated M-Pesa.
const api = useTestApi({ SANDBOX: 'true' });

/** One receipt recovered now; another test file's recovery run may hold the sandbox's run for a moment. */
async function recoverOnce(reference: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await recoverReceipt(reference, 'CLI');
    } catch (error) {
      if (!(error instanceof RecoveryBusy) || attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** The bank's camt.053 day statement of the collection account: these credits to one virtual account. */
function camtStatement(collectionAccount: string, accountNumber: string, credits: { reference: string; amount: string }[]): Uint8Array {
  const id = `STMT-${randomBytes(6).toString('hex').toUpperCase()}`;
  const total = credits.reduce((sum, credit) => sum + toUnits(credit.amount), 0n);
  const balance = (code: string, amount: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="KES">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-21</Dt></Dt></Bal>`;
  const entry = (credit: { reference: string; amount: string }) =>
    `<Ntry><Amt Ccy="KES">${credit.amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><DtTm>2026-11-21T10:00:00+03:00</DtTm></BookgDt>` +
    `<ValDt><Dt>2026-11-21</Dt></ValDt><AcctSvcrRef>${credit.reference}</AcctSvcrRef><NtryDtls><TxDtls><Refs><AcctSvcrRef>${credit.reference}</AcctSvcrRef></Refs>` +
    `<RltdPties><Dbtr><Nm>Property Payer</Nm></Dbtr><CdtrAcct><Id><Othr><Id>${accountNumber}</Id></Othr></Id></CdtrAcct></RltdPties></TxDtls></NtryDtls></Ntry>`;
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>` +
    `<GrpHdr><MsgId>${id}-MSG</MsgId><CreDtTm>2026-11-21T23:59:00+03:00</CreDtTm></GrpHdr><Stmt><Id>${id}</Id><CreDtTm>2026-11-21T23:59:00+03:00</CreDtTm>` +
    `<Acct><Id><Othr><Id>${collectionAccount}</Id></Othr></Id><Ccy>KES</Ccy></Acct>${balance('OPBD', '0.00')}${balance('CLBD', fromUnits(total))}` +
    `${credits.map(entry).join('')}</Stmt></BkToCstmrStmt></Document>`;
  return new TextEncoder().encode(xml);
}

type Operation =
  | { kind: 'bill'; cents: number; invoice: boolean }
  | { kind: 'cancel'; bill: number }
  | { kind: 'pay'; to: 'legacy' | 'bill' | 'reference'; bill: number; cents: number }
  | { kind: 'redeliver'; payment: number; times: number }
  | { kind: 'foreign'; cents: number }
  | { kind: 'resolve'; suspense: number; to: 'account' | 'bill'; bill: number; times: number }
  | { kind: 'move'; payment: number; bill: number }
  | { kind: 'reverse'; payment: number }
  | { kind: 'recover'; cents: number }
  | { kind: 'statement'; credits: { cents: number; notified: boolean }[]; imports: number };

const cents = fc.integer({ min: 1, max: 500_000 });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('bill' as const), cents, invoice: fc.boolean() }),
  fc.record({ kind: fc.constant('cancel' as const), bill: fc.nat(20) }),
  fc.record({ kind: fc.constant('pay' as const), to: fc.constantFrom('legacy' as const, 'bill' as const, 'reference' as const), bill: fc.nat(20), cents }),
  fc.record({ kind: fc.constant('redeliver' as const), payment: fc.nat(40), times: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('foreign' as const), cents }),
  fc.record({ kind: fc.constant('resolve' as const), suspense: fc.nat(20), to: fc.constantFrom('account' as const, 'bill' as const), bill: fc.nat(20), times: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('move' as const), payment: fc.nat(40), bill: fc.nat(20) }),
  fc.record({ kind: fc.constant('reverse' as const), payment: fc.nat(40) }),
  fc.record({ kind: fc.constant('recover' as const), cents }),
  fc.record({
    kind: fc.constant('statement' as const),
    credits: fc.array(fc.record({ cents, notified: fc.boolean() }), { minLength: 1, maxLength: 4 }),
    imports: fc.integer({ min: 1, max: 3 }),
  }),
);

const amountOf = (value: number) => fromUnits(BigInt(value) * 100n);

describe('the ledger under random traffic', () => {
  it('keeps every invariant through payments, redeliveries, bills, cancellations, suspense, moves, reversals, recoveries and statement imports', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 5, maxLength: 25 }), async (operations) => {
        const { token, virtualAccount, merchant } = await signedInMerchant(api);
        const bills: { id: string; reference: string; number?: string }[] = [];
        const delivered: InboundPayment[] = [];
        const credited = new Map<string, bigint>();
        const dollars = await insertVirtualAccount(db(), {
          merchantId: merchant.id, ownerType: 'MERCHANT', ownerId: merchant.id, purpose: 'CURRENCY', accountName: 'Dollars', accountType: 'STATIC', currency: 'USD',
        });
        const recorded: string[] = [];
        const count = (payment: { virtualAccountId: string; amount: string }) =>
          credited.set(payment.virtualAccountId, (credited.get(payment.virtualAccountId) ?? 0n) + toUnits(payment.amount));

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
              recorded.push(result.payment.id);
              count(result.payment);
            }
          } else if (step.kind === 'redeliver' && delivered.length > 0) {
            const inbound = delivered[step.payment % delivered.length]!;
            const results = await Promise.all(Array.from({ length: step.times }, () => ingestPayment(inbound, { strict: false })));
            expect(results.every((result) => result.outcome !== 'rejected' && result.duplicate)).toBe(true);
          } else if (step.kind === 'foreign') {
            // Dollars to the shillings account: suspense, then perhaps resolved below.
            const inbound = mpesa(virtualAccount.accountNumber, amountOf(step.cents), { currency: 'USD' });
            expect(await ingestPayment(inbound, { strict: false })).toMatchObject({ outcome: 'suspense' });
            delivered.push(inbound);
          } else if (step.kind === 'resolve') {
            const open = (await (await api.request('GET', '/merchants/me/suspense?status=OPEN', { token })).json()) as { id: string }[];
            if (open.length === 0) continue;
            const row = open[step.suspense % open.length]!;
            const target = step.to === 'bill' && bills.length > 0 ? { expectedPaymentId: bills[step.bill % bills.length]!.id, virtualAccountId: dollars.id } : { virtualAccountId: dollars.id };
            const answers = await Promise.all(
              Array.from({ length: step.times }, () => api.request('POST', `/merchants/me/suspense/${row.id}/resolve`, { token, json: target })),
            );
            const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as { payment?: { id: string; virtualAccountId: string; amount: number } }[];
            // Every answer agrees: one payment, or the same refusal (a KES bill for dollars, a closed bill).
            expect(new Set(answers.map((answer) => answer.status)).size).toBe(1);
            if (answers[0]!.status === 200) {
              expect(new Set(bodies.map((body) => body.payment!.id)).size).toBe(1);
              count({ virtualAccountId: bodies[0]!.payment!.virtualAccountId, amount: String(bodies[0]!.payment!.amount) });
            }
          } else if (step.kind === 'reverse' && recorded.length > 0) {
            const paymentId = recorded[step.payment % recorded.length]!;
            const asked = await api.request('POST', `/merchants/me/payments/${paymentId}/reverse`, { token, json: {}, headers: { 'Idempotency-Key': randomUUID() } });
            // Refused when it is already reversed or waiting for the rail; otherwise the simulated rail answers.
            expect([202, 409]).toContain(asked.status);
            if (asked.status === 202) {
              await simulateReversal(((await asked.json()) as { id: string }).id);
              const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId));
              expect(payment!.status).toBe('REVERSED');
              count({ virtualAccountId: payment!.virtualAccountId, amount: `-${payment!.amount}` });
            }
          } else if (step.kind === 'recover') {
            // The simulated M-Pesa takes it but its callback never comes; recovery then records it, once.
            const reference = receipt();
            const dropped = await api.request('POST', '/merchants/me/sandbox/inbound-payments', {
              token,
              json: { accountNumber: virtualAccount.accountNumber, amount: step.cents / 100, channel: 'MOBILE_MONEY', providerReference: reference, callback: 'dropped' },
            });
            expect(dropped.status).toBe(202);
            await recoverOnce(reference);
            await recoverOnce(reference);
            const found = await db().select().from(payments).where(eq(payments.providerReference, reference));
            expect(found).toHaveLength(1);
            recorded.push(found[0]!.id);
            count(found[0]!);
          } else if (step.kind === 'statement') {
            const credits = step.credits.map((credit) => ({ ...credit, reference: `FT${randomBytes(6).toString('hex').toUpperCase()}`, amount: amountOf(credit.cents) }));
            for (const credit of credits.filter((each) => each.notified)) {
              const result = await processBankCredit({ bankReference: credit.reference, accountNumber: virtualAccount.accountNumber, amount: credit.amount, currency: 'KES', channel: 'INSTANT_BANK', transactionTime: new Date().toISOString() });
              if (result.outcome === 'recorded') count(result.payment);
            }
            const file = camtStatement(await kesCollectionAccount(), virtualAccount.accountNumber, credits);
            for (let attempt = 0; attempt < step.imports; attempt++) await importStatementFile(file, 'property.xml');
            for (const credit of credits.filter((each) => !each.notified)) {
              const found = await db().select().from(payments).where(and(eq(payments.rail, 'BANK'), eq(payments.providerReference, credit.reference)));
              expect(found).toHaveLength(1);
              count(found[0]!);
            }
          } else if (step.kind === 'move' && bills.length > 0) {
            const waiting = (await (await api.request('GET', '/merchants/me/payments?needsAttention=true', { token })).json()) as { id: string }[];
            if (waiting.length === 0) continue;
            const bill = bills[step.bill % bills.length]!;
            const moved = await api.request('POST', `/merchants/me/payments/${waiting[step.payment % waiting.length]!.id}/move`, { token, json: { expectedPaymentId: bill.id } });
            expect([200, 409, 422]).toContain(moved.status);
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
