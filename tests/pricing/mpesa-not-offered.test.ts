import { describe, expect, it } from 'vitest';
import { c2bBody, paymentsWithReference, postC2b } from '../rails/support';
import { useTestApi } from '../support/api-server';
import { newMerchant, signIn } from '../support/fixtures';

/** A deployment that prices shillings by bank only: M-Pesa is not offered at all. */
const api = useTestApi({ FEE_SCHEDULE: '{"KES":{"INSTANT_BANK":{"percent":"0","fixed":"25"},"RTGS":{"percent":"0","fixed":"100"}}}' });

describe('M-Pesa without a fee rule for shillings', () => {
  it('is refused at Daraja\'s validation step, and a payment it confirms anyway is credited without a fee', async () => {
    const { virtualAccount } = await newMerchant();
    const validation = await postC2b(api, 'validation', c2bBody(virtualAccount.accountNumber, '700.00'));
    expect(await validation.json()).toEqual({ ResultCode: 'C2B00016', ResultDesc: 'Rejected' });

    const body = c2bBody(virtualAccount.accountNumber, '700.00');
    const confirmation = await postC2b(api, 'confirmation', body);
    expect(confirmation.status).toBe(200);
    const [payment] = await paymentsWithReference(body.TransID);
    expect(payment).toMatchObject({ amount: '700.0000', feeAmount: '0.0000', netAmount: '700.0000', feeRule: { source: 'NONE', channel: 'MOBILE_MONEY', currency: 'KES' } });
  });

  it('is left out of the payment options, which offer the bank channels', async () => {
    const { virtualAccount, password, user } = await newMerchant();
    const login = await signIn(api, user.email, password);
    const options = await (await api.request('GET', `/merchants/me/payment-options?virtualAccountId=${virtualAccount.id}`, { token: login.accessToken })).json();
    expect(options.options.map((option: { channel: string }) => option.channel)).toEqual(['INSTANT_BANK', 'RTGS']);
    expect(options.mobileMoneyCustomerFacingCopy).toBe('M-Pesa is not offered for payments in KES: pay by Instant bank transfer (PesaLink) or RTGS bank transfer instead.');
  });
});
