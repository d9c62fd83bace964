import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Principal } from '@/lib/api/principal';
import { toUnits } from '@/lib/money/decimal';
import { createSettlement } from '@/lib/settlement/create-settlement';
import { entriesCsv, settlementEntriesPage } from '@/lib/settlement/queries';
import { markFailed, markPaid } from '@/lib/settlement/transitions';
import { accountStatement } from '@/lib/statements/account-statement';
import { useTestApi } from '../support/api-server';
import { pay, railReturn, settlementWorld } from './world';

useTestApi();

const DAY = 86_400_000;
const admin = (merchantId: string, subMerchantId: string | null = null): Principal => ({
  userId: randomUUID(), sessionId: randomUUID(), merchantId, subMerchantId, role: 'MERCHANT_ADMIN', email: 'a@test.example', firstName: 'A', lastName: 'B', active: true,
});
const units = (value: number) => toUnits(String(value));

describe('statements and settlement entries', () => {
  it('an account statement shows each payout and each failed payout given back, and its balances still add up', async () => {
    const { merchant, kes } = await settlementWorld();
    await pay(kes, '1000', { receivedAt: new Date(Date.now() - 2 * DAY) });
    await pay(kes, '2500', { receivedAt: new Date(Date.now() - 2 * DAY) });
    const failed = (await createSettlement({ merchantId: merchant.id, subMerchantId: null, currency: 'KES', origin: 'MANUAL' }))!;
    await markFailed(failed.id, 'Account closed');
    const paid = (await createSettlement({ merchantId: merchant.id, subMerchantId: null, currency: 'KES', origin: 'MANUAL' }))!;
    await markPaid(paid.id, { providerReference: 'FT1' });

    const statement = await accountStatement(admin(merchant.id), kes.id, {});
    const settlementLines = statement.entries.filter((entry) => entry.type === 'SETTLEMENT');
    expect(settlementLines.map((entry) => [entry.amount, entry.settlementId, entry.description])).toEqual([
      [-3300, failed.id, `Paid out in settlement ${failed.id}`],
      [3300, failed.id, `Settlement ${failed.id} failed`],
      [-3300, paid.id, `Paid out in settlement ${paid.id}`],
    ]);
    expect(statement.totalPaidOut).toBe(-3300);
    expect(units(statement.openingBalance) + units(statement.totalCredits) + units(statement.totalDebits) + units(statement.totalPaidOut)).toBe(units(statement.closingBalance));
    expect(statement.closingBalance - statement.closingFeeBalance).toBe(0); // everything owed was paid out
  });

  it('a settlement\'s entries, paged, sum exactly to its totals; the CSV\'s columns sum to its TOTAL line', async () => {
    const { merchant, kes } = await settlementWorld();
    const reversed = await pay(kes, '1000.50', { receivedAt: new Date(Date.now() - 3 * DAY) });
    await pay(kes, '400', { receivedAt: new Date(Date.now() - 3 * DAY) });
    const first = (await createSettlement({ merchantId: merchant.id, subMerchantId: null, currency: 'KES', origin: 'MANUAL' }))!;
    await markPaid(first.id, {});
    await railReturn(reversed);
    for (const amount of ['2000', '3000.25', '150']) await pay(kes, amount, { receivedAt: new Date(Date.now() - 2 * DAY) });
    const settlement = (await createSettlement({ merchantId: merchant.id, subMerchantId: null, currency: 'KES', origin: 'MANUAL' }))!;
    expect(settlement).toMatchObject({ grossAmount: '5150.2500', feeAmount: '200.0000', reversalAmount: '1000.5000', amount: '3949.7500', entryCount: 4 });

    const seen = [];
    let cursor: string | undefined;
    do {
      const page = await settlementEntriesPage(admin(merchant.id), settlement.id, { limit: 3, cursor });
      expect(page.totals).toEqual({ grossAmount: 5150.25, feeAmount: 200, reversalAmount: 1000.5, broughtForward: 0, carriedForward: 0, amount: 3949.75, entryCount: 4 });
      seen.push(...page.data);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(4);
    expect(seen.reduce((sum, entry) => sum + units(entry.netAmount), 0n)).toBe(toUnits(settlement.amount));
    expect(seen.find((entry) => entry.kind === 'REVERSAL')).toMatchObject({ paymentId: reversed.id, amount: 1000.5, feeAmount: 100, netAmount: -900.5 });

    const lines = (await entriesCsv(admin(merchant.id), settlement.id)).trim().split('\r\n').map((line) => line.split(','));
    expect(lines[0]).toEqual(['kind', 'payment_id', 'provider_reference', 'amount', 'fee_amount', 'net_amount', 'currency', 'occurred_at']);
    const body = lines.slice(1, -1);
    const total = lines.at(-1)!;
    expect(total.slice(0, 7)).toEqual(['TOTAL', '', '4 entries', '4149.75', '200.00', '3949.75', 'KES']);
    for (const column of [3, 4, 5]) expect(body.reduce((sum, line) => sum + toUnits(line[column]!), 0n)).toBe(toUnits(total[column]!));
  });

  it('another merchant\'s settlement is not found, and a sub-merchant\'s user sees only its own', async () => {
    const { merchant, kes, branch, branchKes } = await settlementWorld();
    await pay(kes, '1000', { receivedAt: new Date(Date.now() - 2 * DAY) });
    await pay(branchKes, '1000', { receivedAt: new Date(Date.now() - 2 * DAY) });
    const mine = (await createSettlement({ merchantId: merchant.id, subMerchantId: null, currency: 'KES', origin: 'MANUAL' }))!;
    const stranger = await settlementWorld();
    await expect(settlementEntriesPage(admin(stranger.merchant.id), mine.id, { limit: 10 })).rejects.toMatchObject({ status: 404 });
    await expect(settlementEntriesPage(admin(merchant.id, branch.id), mine.id, { limit: 10 })).rejects.toMatchObject({ status: 404 });
  });
});
