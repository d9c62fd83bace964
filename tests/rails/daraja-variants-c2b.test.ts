import { describe, expect, it } from 'vitest';
import { signedInMerchant } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import { accountOf, paymentsWithReference, postC2b, receipt } from './support';

/**
 * C2B validation and confirmation bodies as Daraja's v1 and v2 Register URL APIs send them
 * (tests/rails/SOURCES.md): every variant is validated, then recorded once, and answered in
 * Daraja's format.
 */
const api = useTestApi({ SANDBOX: 'false' });

const variants: Array<[string, (account: string, transId: string) => Record<string, unknown>, string]> = [
  [
    'v1: every value text, the payer\'s MSISDN in full',
    (account, transId) => ({ TransactionType: 'Pay Bill', TransID: transId, TransTime: '20261125130253', TransAmount: '10.00', BusinessShortCode: '4123456', BillRefNumber: account, InvoiceNumber: '', OrgAccountBalance: '49197.00', ThirdPartyTransID: '', MSISDN: '254712345678', FirstName: 'John', MiddleName: '', LastName: 'Doe' }),
    '254712345678',
  ],
  [
    'v2: the MSISDN masked, OrgAccountBalance empty, whole shillings without decimals',
    (account, transId) => ({ TransactionType: 'Pay Bill', TransID: transId, TransTime: '20261125130253', TransAmount: '10', BusinessShortCode: '4123456', BillRefNumber: account, InvoiceNumber: '', OrgAccountBalance: '', ThirdPartyTransID: '', MSISDN: '25470****149', FirstName: 'John', MiddleName: '', LastName: '' }),
    '25470****149',
  ],
  [
    'v2: the MSISDN hashed (SHA-256), names absent',
    (account, transId) => ({ TransactionType: 'Pay Bill', TransID: transId, TransTime: '20261125130253', TransAmount: '10.00', BusinessShortCode: '4123456', BillRefNumber: account, MSISDN: 'a1c2e3f4'.repeat(8) }),
    'a1c2e3f4'.repeat(8),
  ],
  [
    'numbers as numbers (TransAmount, TransTime, BusinessShortCode, MSISDN)',
    (account, transId) => ({ TransactionType: 'Pay Bill', TransID: transId, TransTime: 20261125130253, TransAmount: 10, BusinessShortCode: 4123456, BillRefNumber: account, MSISDN: 254712345678, FirstName: 'John' }),
    '254712345678',
  ],
  [
    'only what a payment needs: no names, invoice, balance or third-party id',
    (account, transId) => ({ TransID: transId, TransTime: '20261125130253', TransAmount: '10.00', BusinessShortCode: '4123456', BillRefNumber: account }),
    '',
  ],
];

describe('C2B bodies in every documented variant', () => {
  it.each(variants)('%s: validated, then recorded once', async (_variant, build, phone) => {
    const { virtualAccount } = await signedInMerchant(api);
    const body = build(virtualAccount.accountNumber, receipt());
    const validation = await postC2b(api, 'validation', body);
    expect(validation.status).toBe(200);
    expect(await validation.json()).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    for (let delivery = 0; delivery < 2; delivery++) {
      const confirmation = await postC2b(api, 'confirmation', body);
      expect(confirmation.status).toBe(200);
      expect(await confirmation.json()).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    }
    const payments = await paymentsWithReference(String(body.TransID));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amount: '10.0000', payerPhone: phone || null });
    expect(payments[0]!.receivedAt.toISOString()).toBe('2026-11-25T10:02:53.000Z');
    expect((await accountOf(virtualAccount.id)).balance).toBe('10.0000');
  });
});
