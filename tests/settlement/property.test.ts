import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertVirtualAccount } from '@/lib/accounts/provision';
import type { Principal } from '@/lib/api/principal';
import { checkLedger } from '@/lib/ledger/check';
import { toUnits } from '@/lib/money/decimal';
import { ingestPayment } from '@/lib/payments/ingest';
import { payments, suspensePayments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { requestReversal } from '@/lib/reversals/request-reversal';
import { confirmReversal, failReversal, pendingReversalOf } from '@/lib/reversals/settle';
import { balancesOf } from '@/lib/settlement/balances';
import { createSettlement } from '@/lib/settlement/create-settlement';
import { settlementCutoff } from '@/lib/settlement/cutoff';
import { settlementAccounts, settlements } from '@/lib/settlement/schema';
import { createScheduledSettlements } from '@/lib/settlement/settle-many';
import { markFailed, markPaid, markProcessing, markReturned } from '@/lib/settlement/transitions';
import { assignSuspense } from '@/lib/suspense/assign';
import { resolveSuspense } from '@/lib/suspense/resolve';
import { useTestApi } from '../support/api-server';
import { pay, railReturn, settlementWorld } from './world';

useTestApi();

const DAY = 86_400_000;
type World = Awaited<ReturnType<typeof settlementWorld>> & { branchUsd: Awaited<ReturnType<typeof insertVirtualAccount>> };
type AccountKey = 'kes' | 'usd' | 'branchKes' | 'branchUsd';

/** What may happen to a merchant, in any order. Indexes pick among what exists at that moment. */
type Step =
  | { kind: 'pay'; account: AccountKey; amount: number; cents: number; age: number; mpesa: boolean }
  | { kind: 'suspense'; account: AccountKey; amount: number; age: number }
  | { kind: 'return'; pick: number; settled: boolean }
  | { kind: 'requestReversal'; pick: number }
  | { kind: 'answerReversal'; pick: number; confirm: boolean }
  | { kind: 'settle'; bucket: 'merchant' | 'branch'; currency: 'KES' | 'USD'; ceiling: number | null }
  | { kind: 'schedule'; bucket: 'merchant' | 'branch'; currency: 'KES' | 'USD'; day: number; delay: number; batch: boolean }
  | { kind: 'outcome'; pick: number; outcome: 'PROCESSING' | 'PAID' | 'FAILED' | 'RETURNED' };

const accountKey = fc.constantFrom<AccountKey>('kes', 'usd', 'branchKes', 'branchUsd');
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('pay' as const), account: accountKey, amount: fc.integer({ min: 1, max: 20_000 }), cents: fc.integer({ min: 0, max: 99 }), age: fc.constantFrom(0, 1, 2, 3), mpesa: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('suspense' as const), account: accountKey, amount: fc.integer({ min: 200, max: 5_000 }), age: fc.constantFrom(0, 2) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('return' as const), pick: fc.nat(), settled: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('requestReversal' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('answerReversal' as const), pick: fc.nat(), confirm: fc.boolean() }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('settle' as const), bucket: fc.constantFrom('merchant' as const, 'branch' as const), currency: fc.constantFrom('KES' as const, 'USD' as const), ceiling: fc.option(fc.integer({ min: 1, max: 30_000 }), { nil: null, freq: 2 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('schedule' as const), bucket: fc.constantFrom('merchant' as const, 'branch' as const), currency: fc.constantFrom('KES' as const, 'USD' as const), day: fc.integer({ min: 0, max: 5 }), delay: fc.integer({ min: 0, max: 2 }), batch: fc.boolean() }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('outcome' as const), pick: fc.nat(), outcome: fc.constantFrom('PROCESSING' as const, 'PAID' as const, 'PAID' as const, 'FAILED' as const, 'RETURNED' as const) }) },
);

const admin = (merchantId: string): Principal => ({
  userId: randomUUID(), sessionId: randomUUID(), merchantId, subMerchantId: null, role: 'MERCHANT_ADMIN', email: 'a@test.example', firstName: 'A', lastName: 'B', active: true,
});

/** Refusals the product gives on purpose (nothing to settle is null, not an error): part of the run, not failures. */
const expectedRefusal = (error: unknown) => typeof error === 'object' && error !== null && 'status' in error && [409, 422].includes((error as { status: number }).status);

async function run(world: World, steps: Step[]) {
  const { merchant } = world;
  const accounts = { kes: world.kes, usd: world.usd, branchKes: world.branchKes, branchUsd: world.branchUsd };
  const paymentIds = async (status: string[]) =>
    (await db().select({ id: payments.id }).from(payments).where(and(eq(payments.merchantId, merchant.id), inArray(payments.status, status as ['RECEIVED']))).orderBy(payments.createdAt, payments.id)).map((row) => row.id);
  const settledIds = async () =>
    (await db().select({ id: payments.id }).from(payments)
      .where(and(eq(payments.merchantId, merchant.id), inArray(payments.status, ['RECEIVED', 'REVERSAL_PENDING']), sql`${payments.settlementId} is not null`))
      .orderBy(payments.createdAt, payments.id)).map((row) => row.id);
  let scheduledDay = 0;
  for (const next of steps) {
    try {
      switch (next.kind) {
        case 'pay': {
          const account = accounts[next.account];
          const amount = account.currency === 'USD' ? `${Math.max(2, next.amount % 3000)}.${String(next.cents).padStart(2, '0')}` : `${next.amount}.${String(next.cents).padStart(2, '0')}`;
          await pay(account, amount, { receivedAt: new Date(Date.now() - next.age * DAY - 60_000), mpesa: next.mpesa && account.currency === 'KES' });
          break;
        }
        case 'suspense': {
          // Money naming no account, given to this merchant by an operator, then credited by the merchant.
          const account = accounts[next.account];
          const reference = `FT${randomBytes(6).toString('hex').toUpperCase()}`;
          await ingestPayment({ rail: 'BANK', channel: 'RTGS', providerReference: reference, accountReference: 'NO-SUCH-ACCOUNT', amount: String(next.amount), currency: account.currency, payerName: 'Unknown', receivedAt: new Date(Date.now() - next.age * DAY - 60_000) }, { strict: false });
          const [held] = await db().select().from(suspensePayments).where(eq(suspensePayments.providerReference, reference));
          await assignSuspense(held!.id, account.accountNumber);
          await resolveSuspense(admin(merchant.id), held!.id, { virtualAccountId: account.id });
          break;
        }
        case 'return': {
          // Half the time a payment already in a settlement: the reversal after settlement, netted next time.
          const ids = next.settled ? await settledIds() : await paymentIds(['RECEIVED', 'REVERSAL_PENDING']);
          if (ids.length === 0) break;
          const [payment] = await db().select().from(payments).where(eq(payments.id, ids[next.pick % ids.length]!));
          await railReturn(payment!);
          break;
        }
        case 'requestReversal': {
          const ids = await paymentIds(['RECEIVED']);
          if (ids.length > 0) await requestReversal(admin(merchant.id), ids[next.pick % ids.length]!, {}, randomUUID());
          break;
        }
        case 'answerReversal': {
          const ids = await paymentIds(['REVERSAL_PENDING']);
          if (ids.length === 0) break;
          const reversal = await pendingReversalOf(db(), ids[next.pick % ids.length]!);
          if (reversal) await (next.confirm ? confirmReversal(reversal.id, { railReference: `RV${randomBytes(5).toString('hex')}` }) : failReversal(reversal.id, { reason: 'Declined' }));
          break;
        }
        case 'settle':
          await createSettlement({
            merchantId: merchant.id,
            subMerchantId: next.bucket === 'branch' ? world.branch.id : null,
            currency: next.currency,
            origin: 'MANUAL',
            ceiling: next.ceiling === null ? null : String(next.ceiling),
          });
          break;
        case 'schedule': {
          // Each a day of its own (the unique index allows one per bucket and day): as the scheduler would.
          scheduledDay += 1;
          const scheduledFor = `2030-01-${String(scheduledDay).padStart(2, '0')}`;
          if (next.batch) {
            // The scheduler's batch path (lib/settlement/settle-many.ts) over every bucket of the merchant.
            const accounts = await db().select().from(settlementAccounts).where(eq(settlementAccounts.merchantId, merchant.id));
            await createScheduledSettlements(accounts.map((account) => ({ account, cutoff: settlementCutoff(new Date(), next.delay), minimum: null })), scheduledFor);
            break;
          }
          await createSettlement({
            merchantId: merchant.id,
            subMerchantId: next.bucket === 'branch' ? world.branch.id : null,
            currency: next.currency,
            origin: 'SCHEDULED',
            scheduledFor,
            cutoff: settlementCutoff(new Date(), next.delay),
          });
          break;
        }
        case 'outcome': {
          const rows = await db().select({ id: settlements.id }).from(settlements).where(eq(settlements.merchantId, merchant.id)).orderBy(settlements.createdAt, settlements.id);
          if (rows.length === 0) break;
          const id = rows[next.pick % rows.length]!.id;
          if (next.outcome === 'PROCESSING') await markProcessing(id);
          else if (next.outcome === 'PAID') await markPaid(id, { providerReference: `FT${randomBytes(5).toString('hex')}` });
          else if (next.outcome === 'FAILED') await markFailed(id, 'Rejected by the bank');
          else await markReturned(id, 'Returned by the bank');
          break;
        }
      }
    } catch (error) {
      if (!expectedRefusal(error)) throw error;
    }
  }
}

/** The balances the API shows add up, with what was paid, to what was collected less fees and reversals. */
async function expectBalancesAddUp(merchantId: string) {
  for (const currency of ['KES', 'USD']) {
    const shown = (await balancesOf(db(), { merchantId, subMerchantId: null })).filter((row) => row.currency === currency);
    const left = shown.reduce((sum, row) => sum + toUnits(row.available) + toUnits(row.pending) + toUnits(row.reserved) + toUnits(row.settling), 0n);
    const { rows } = await db().execute<{ paid: string; owed: string }>(sql`
      select (select coalesce(sum(amount), 0) from settlements where merchant_id = ${merchantId} and currency = ${currency} and status = 'PAID')::text as paid,
             (select coalesce(sum(amount), 0) - coalesce(sum(fee_amount) filter (where status <> 'REVERSED'), 0) - coalesce(sum(amount) filter (where status = 'REVERSED'), 0)
                from payments where merchant_id = ${merchantId} and currency = ${currency})::text as owed`);
    expect(toUnits(rows[0]!.paid) + left).toBe(toUnits(rows[0]!.owed));
  }
}

describe('settlement property', () => {
  it('keeps every invariant, and settles no payment twice, through any mix of payments, suspense, reversals, settlements and their outcomes in two currencies and a sub-merchant paid to M-Pesa in whole shillings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 20, maxLength: 45 }), async (steps) => {
        const world = await settlementWorld();
        // The branch is paid to M-Pesa, which moves whole shillings: its cents are carried forward (lib/settlement/carry.ts).
        await db().update(settlementAccounts).set({ kind: 'MPESA', phone: '254712345678', bankName: null, bankCode: null, accountNumber: null })
          .where(and(eq(settlementAccounts.merchantId, world.merchant.id), eq(settlementAccounts.subMerchantId, world.branch.id)));
        const branchUsd = await insertVirtualAccount(db(), {
          merchantId: world.merchant.id, subMerchantId: world.branch.id, ownerType: 'SUB_MERCHANT', ownerId: world.branch.id, purpose: 'CURRENCY', accountName: 'Branch USD', accountType: 'STATIC', currency: 'USD',
        });
        await run({ ...world, branchUsd }, steps);
        const ledger = await checkLedger({ merchantId: world.merchant.id });
        expect(ledger.problems).toEqual([]);
        const { rows } = await db().execute(sql`
          select payment_id, kind, count(*) from settlement_items where merchant_id = ${world.merchant.id} and released_at is null group by 1, 2 having count(*) > 1`);
        expect(rows).toEqual([]);
        const { rows: withCents } = await db().execute(sql`
          select id, amount from settlements where merchant_id = ${world.merchant.id} and sub_merchant_id = ${world.branch.id} and currency = 'KES' and amount <> trunc(amount)`);
        expect(withCents).toEqual([]);
        await expectBalancesAddUp(world.merchant.id);
      }),
      { numRuns: Number(process.env.SETTLEMENT_PROPERTY_RUNS ?? 12), endOnFailure: true },
    );
  }, 240_000);
});
