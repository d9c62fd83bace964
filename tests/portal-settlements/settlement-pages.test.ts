import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { readSettlementFilters } from '@/app/(portal)/settlements/filters';
import { entryLine, headerLine, totalsLine } from '@/app/(portal)/settlements/[settlementId]/csv/csv';
import { BalanceCards } from '@/components/settlements/balance-cards';
import { balanceKey, parseBalanceKey } from '@/components/settlements/balance-key';
import type { Settlement, SettlementEntry } from '@/components/settlements/types';
import { accountDestination, scheduleSentence } from '@/components/settlements/words';

const settlement = { id: '6f1c2b4e-8a8d-4c3e-9b57-1f0c7d9e2a11', currency: 'KES', createdAt: '2026-11-26T07:00:00.000Z' } as Settlement;
const entry = (kind: 'PAYMENT' | 'REVERSAL', providerReference: string, amount: number, feeAmount: number, netAmount: number): SettlementEntry => ({
  kind,
  paymentId: '0b7e0f7a-1c1d-4a57-8f36-7c3a5a0c9d21',
  providerReference,
  amount,
  feeAmount,
  netAmount,
  occurredAt: '2026-11-25T21:30:00.000Z',
});

describe('the settlements list filters', () => {
  it('send a Nairobi day range as instants, the "to" day included', () => {
    const { service, values, filtered } = readSettlementFilters({ from: '2026-11-01', to: '2026-11-30', status: 'FAILED', currency: 'kes' });
    expect(service).toEqual({ status: 'FAILED', currency: 'KES', from: '2026-11-01T00:00:00+03:00', to: '2026-12-01T00:00:00+03:00' });
    expect(values.currency).toBe('KES');
    expect(filtered).toBe(true);
  });

  it('drop what cannot be a day, a status or a currency instead of failing the page', () => {
    for (const day of ['2026-13-01', '2026-02-30', '2026-00-10', '99999-01-01', '\u0000', 'x'.repeat(4000)]) {
      const { service, filtered } = readSettlementFilters({ from: day, to: day, status: 'SETTLED', currency: 'K€S' });
      expect(service).toEqual({ status: undefined, currency: undefined, from: undefined, to: undefined });
      expect(filtered).toBe(false);
    }
  });
});

describe('the entries CSV', () => {
  it('writes one line per entry in Nairobi time and a totals line whose net is the amount paid out', () => {
    const lines = [
      headerLine(),
      entryLine(settlement, entry('PAYMENT', 'TKL2ABCDEF', 1500, 15, 1485)),
      entryLine(settlement, entry('REVERSAL', '=HYPERLINK(1)', 200, 2, -198)),
      totalsLine(settlement, { grossAmount: 1500, feeAmount: 13, reversalAmount: 200, broughtForward: 0, carriedForward: 0, amount: 1287, entryCount: 2 }),
    ];
    expect(lines[1]).toBe(`2026-11-26 00:30:00 +03:00,Payment,TKL2ABCDEF,1500.00,15.00,1485.00,KES,${entry('PAYMENT', '', 0, 0, 0).paymentId},${settlement.id}\r\n`);
    // A reference that starts like a formula stays text in a spreadsheet; a reversal's net is negative.
    expect(lines[2]).toContain(",Reversal,'=HYPERLINK(1),200.00,2.00,-198.00,");
    expect(lines[3]).toBe(`Total,2 entries; reversals 200.00,,1500.00,13.00,1287.00,KES,,${settlement.id}\r\n`);

  });

  it('lists cents carried between M-Pesa payouts as net-only lines, so the net column still sums to the amount paid', () => {
    const totals = totalsLine(settlement, { grossAmount: 1050, feeAmount: 10.5, reversalAmount: 0, broughtForward: 0.25, carriedForward: 0.75, amount: 1039, entryCount: 1 });
    const [brought, carried, total] = totals.split('\r\n');
    expect(brought).toBe(`,Brought forward,,,,0.25,KES,,${settlement.id}`);
    expect(carried).toBe(`,Carried forward,,,,-0.75,KES,,${settlement.id}`);
    expect(total).toBe(`Total,1 entries; reversals 0.00,,1050.00,10.50,1039.00,KES,,${settlement.id}`);
  });
});

describe('settlement words', () => {
  it('name one balance as one form value and read it back, refusing anything else', () => {
    const sub = '0b7e0f7a-1c1d-4a57-8f36-7c3a5a0c9d21';
    expect(parseBalanceKey(balanceKey({ currency: 'KES', subMerchantId: null }))).toEqual({ currency: 'KES', subMerchantId: undefined });
    expect(parseBalanceKey(balanceKey({ currency: 'USD', subMerchantId: sub }))).toEqual({ currency: 'USD', subMerchantId: sub });
    expect(parseBalanceKey('KES:not-a-uuid')).toBeUndefined();
    expect(parseBalanceKey('kes')).toBeUndefined();
  });

  it('say the schedule in one sentence', () => {
    const base = { weeklyDay: null, monthlyDay: null, minimumAmount: {}, timeZone: 'Africa/Nairobi' as const, updatedAt: null };
    expect(scheduleSentence({ ...base, interval: 'DAILY', delayDays: 1 })).toBe('Every day (Nairobi time), paying money received up to the day before.');
    expect(scheduleSentence({ ...base, interval: 'WEEKLY', weeklyDay: 5, delayDays: 2 })).toBe('Every Friday, paying money received up to 2 days before.');
    expect(scheduleSentence({ ...base, interval: 'MONTHLY', monthlyDay: 22, delayDays: 0 })).toBe('On the 22nd of each month, paying everything received until the payout.');
    expect(scheduleSentence({ ...base, interval: 'MANUAL', delayDays: 0 })).toBe('Only when you choose "Pay out now".');
  });

  it('show an account as masked as the service sent it', () => {
    const account = { kind: 'PAYBILL', paybill: '888880', accountReference: 'ACC-1' } as Parameters<typeof accountDestination>[0];
    expect(accountDestination(account)).toBe('Paybill 888880 (ACC-1)');
    expect(accountDestination({ ...account, kind: 'BANK', bankName: 'Equity Bank', accountNumber: '••••6789' })).toBe('Equity Bank ••••6789');
    expect(accountDestination({ ...account, kind: 'MPESA', phone: '2547••••5678' })).toBe('M-Pesa 07•• ••5 678');
  });
});

describe('the balance cards', () => {
  const balance = { currency: 'KES', subMerchantId: null, available: 1200, pending: 300, reserved: 0, settling: 0, settlementAccountId: '0b7e0f7a-1c1d-4a57-8f36-7c3a5a0c9d21', nextSettlement: { date: '2026-11-27', estimatedAmount: 1500 } };
  const render = (available: number) =>
    renderToStaticMarkup(createElement(BalanceCards, { balances: [{ ...balance, available }], bucketName: () => 'Demo Duka' }));

  it('explain in a sentence an available balance below zero: the next settlement nets it', () => {
    const html = render(-485.5);
    expect(html).toContain('\u2212KES\u00a0485.50');
    expect(html).toContain('The amount will be netted from your next settlement.');
  });

  it('say nothing of netting while available is zero or more, and name the next payout', () => {
    const html = render(0);
    expect(html).not.toContain('netted');
    expect(html).toContain('27 Nov 2026');
    expect(html).toContain('KES\u00a01,500.00');
  });
});
