import { describe, expect, it } from 'vitest';
import { config, setConfig } from '@/lib/platform/config';
import { mpesaCallbackSecret } from '@/lib/rails/secrets';
import { checkPrompt } from '@/lib/stk/check';
import { signedInMerchant } from '../accounts/support';
import { accountOf } from '../rails/support';
import { type StkScenario } from '../support/daraja-server';
import { asStkProvider, useDarajaApi } from '../support/daraja-api';
import { fetchInitiation, initiate, paymentsOfAccount, settled, storedInitiation } from './support';

const { daraja, api } = await useDarajaApi(asStkProvider);

let phoneSerial = 0;
/** A fresh phone per prompt, so each test's Daraja behaviour stays its own. */
function phoneThat(scenario?: StkScenario) {
  const phone = `2547${String(10_000_000 + ++phoneSerial).slice(-8)}`;
  if (scenario) daraja.scenarios.set(phone, scenario);
  return phone;
}
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

describe('phone prompts through Daraja (a local Daraja server)', () => {
  it('sends Daraja\'s documented STK push, and its callback completes the prompt with the M-Pesa receipt', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const phone = phoneThat();
    const initiation = await initiate(api, token, { phone, amount: 1500, accountNumber: virtualAccount.accountNumber, description: 'Invoice number 42 for October' });
    const push = daraja.pushes.get((await storedInitiation(initiation.id)).checkoutRequestId!)!;
    // The merchant gets Daraja's own ids at once, to match Safaricom's reports.
    expect(initiation).toMatchObject({ checkoutRequestId: push.checkoutRequestId, merchantRequestId: push.merchantRequestId });
    expect(push.body).toMatchObject({
      BusinessShortCode: '174379',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 1500,
      PartyA: phone,
      PartyB: '174379',
      PhoneNumber: phone,
      AccountReference: virtualAccount.accountNumber,
      TransactionDesc: 'Invoice numbe',
    });
    expect(push.body.CallBackURL).toBe(`${api.baseUrl}/api/v1/rails/daraja/stk/callback?token=${encodeURIComponent(await mpesaCallbackSecret())}`);

    const done = await settled(api, token, initiation.id);
    expect(done).toMatchObject({ status: 'COMPLETED', paymentId: expect.any(String), checkoutRequestId: push.checkoutRequestId, merchantRequestId: push.merchantRequestId });
    expect(push.callbackStatus).toBe(200);
    const [payment] = await paymentsOfAccount(virtualAccount.accountNumber);
    expect(payment).toMatchObject({ id: done.paymentId, providerReference: push.receipt, amount: '1500.0000', payerPhone: phone });

    // Daraja delivering the same callback again changes nothing.
    const again = await daraja.redeliver(push.checkoutRequestId);
    expect(again).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } });
    expect(await paymentsOfAccount(virtualAccount.accountNumber)).toHaveLength(1);
    expect((await accountOf(virtualAccount.id)).balance).toBe('1500.0000');
  });

  it('records each Daraja failure code with a sentence a merchant understands', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const cases: [number, string, string][] = [
      [1032, 'Request cancelled by user', 'The payer cancelled the prompt.'],
      [1, 'The balance is insufficient for the transaction.', 'The payer\'s M-Pesa balance was too low.'],
      [2001, 'The initiator information is invalid.', 'The payer entered the wrong PIN.'],
      [1037, 'DS timeout user cannot be reached', 'The payer\'s phone could not be reached.'],
      [1019, 'Transaction has expired', 'The prompt expired before the payer answered.'],
      [1025, 'Unable to complete the push request', 'M-Pesa could not send the prompt.'],
      [9999, 'Error while sending push request', 'M-Pesa could not send the prompt.'],
      [1001, 'Unable to lock subscriber', 'The payer was busy with another M-Pesa transaction; try again in a minute or two.'],
      [4242, 'Something new', 'M-Pesa did not complete the payment (result code 4242).'],
    ];
    const initiations = await Promise.all(
      cases.map(([resultCode, resultDesc]) => initiate(api, token, { phone: phoneThat({ resultCode, resultDesc }), amount: 50, accountNumber: virtualAccount.accountNumber })),
    );
    const outcomes = await Promise.all(initiations.map((initiation) => settled(api, token, initiation.id)));
    outcomes.forEach((outcome, index) => {
      expect(outcome).toMatchObject({ status: 'FAILED', failureCode: String(cases[index]![0]), failureReason: cases[index]![2], paymentId: null });
    });
    expect(await paymentsOfAccount(virtualAccount.accountNumber)).toHaveLength(0);
  });

  it('without a callback, the status check times the prompt out after three minutes of "still processing"', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const phone = phoneThat({ resultCode: 0, resultDesc: 'ok', callback: false, queryPending: true });
    const initiation = await initiate(api, token, { phone, amount: 50, accountNumber: virtualAccount.accountNumber });
    expect(await checkPrompt(initiation.id, later(60))).toMatchObject({ status: 'PENDING' });
    expect(await checkPrompt(initiation.id, later(120))).toMatchObject({ status: 'PENDING' });
    expect(await checkPrompt(initiation.id, later(181))).toMatchObject({ status: 'TIMED_OUT', paymentId: null });
    expect((await fetchInitiation(api, token, initiation.id)).status).toBe('TIMED_OUT');
  });

  it('without a callback, the status check learns a failure from Daraja\'s query', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const phone = phoneThat({ resultCode: 1037, resultDesc: 'DS timeout user cannot be reached', callback: false });
    const initiation = await initiate(api, token, { phone, amount: 50, accountNumber: virtualAccount.accountNumber });
    expect(await checkPrompt(initiation.id, later(60))).toMatchObject({ status: 'FAILED', failureCode: '1037' });
  });

  it('without a callback, a success learned from the query is recorded once, and a late callback adds nothing', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const phone = phoneThat({ resultCode: 0, resultDesc: 'The service request is processed successfully.', callback: false });
    const initiation = await initiate(api, token, { phone, amount: 800, accountNumber: virtualAccount.accountNumber });
    const { checkoutRequestId } = await storedInitiation(initiation.id);
    const checked = await checkPrompt(initiation.id, later(60));
    expect(checked).toMatchObject({ status: 'COMPLETED', paymentId: expect.any(String) });
    // Daraja's query gives no receipt: the prompt's CheckoutRequestID stands in for it.
    expect((await paymentsOfAccount(virtualAccount.accountNumber))[0]).toMatchObject({ providerReference: checkoutRequestId, amount: '800.0000' });

    await daraja.redeliver(checkoutRequestId!);
    expect(await paymentsOfAccount(virtualAccount.accountNumber)).toHaveLength(1);
    expect((await fetchInitiation(api, token, initiation.id)).paymentId).toBe(checked!.paymentId);
  });

  it('settles a callback that arrives before the prompt is even stored', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    daraja.callbackDelayMs = 0;
    try {
      const initiation = await initiate(api, token, { phone: phoneThat(), amount: 70, accountNumber: virtualAccount.accountNumber });
      expect((await settled(api, token, initiation.id)).status).toBe('COMPLETED');
    } finally {
      daraja.callbackDelayMs = 150;
    }
  });

  it('reuses one OAuth token for prompts and queries until it expires', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    await initiate(api, token, { phone: phoneThat(), amount: 10, accountNumber: virtualAccount.accountNumber });
    const before = daraja.tokenRequests;
    const initiation = await initiate(api, token, { phone: phoneThat({ resultCode: 0, resultDesc: 'ok', queryPending: true, callback: false }), amount: 10, accountNumber: virtualAccount.accountNumber });
    await checkPrompt(initiation.id, later(60));
    expect(daraja.tokenRequests).toBe(before);
    expect(before).toBeGreaterThanOrEqual(1);
  });

  it('fetches a new token once when Daraja no longer accepts the cached one', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const before = daraja.tokenRequests;
    daraja.revokeTokens();
    await initiate(api, token, { phone: phoneThat(), amount: 10, accountNumber: virtualAccount.accountNumber });
    expect(daraja.tokenRequests).toBe(before + 1);
  });

  it('answers 502 when Daraja cannot be reached, and records no prompt', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const settings = config();
    setConfig({ ...settings, DARAJA_BASE_URL: 'http://127.0.0.1:9' });
    try {
      const response = await api.request('POST', '/merchants/me/stk/initiate', { token, json: { phone: phoneThat(), amount: 10, accountNumber: virtualAccount.accountNumber } });
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ code: 'stk_provider_unavailable' });
    } finally {
      setConfig(settings);
    }
    expect(await (await api.request('GET', '/merchants/me/stk', { token })).json()).toEqual([]);
  });

  it('ignores a callback with a wrong token', async () => {
    const response = await api.request('POST', '/rails/daraja/stk/callback?token=guess', { json: { Body: { stkCallback: { CheckoutRequestID: 'x', ResultCode: 0 } } } });
    expect(response.status).toBe(404);
  });
});
