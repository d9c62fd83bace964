import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { mpesaCallbackSecret } from '@/lib/rails/secrets';
import { signedInMerchant } from '../accounts/support';
import { heldInSuspense } from '../recovery/support';
import { asStkProvider, useDarajaApi } from '../support/daraja-api';
import { initiate, paymentsOfAccount, settled } from '../stk/support';
import { paymentsWithReference } from './support';

/**
 * STK callbacks in each variant Safaricom's documentation and the SDKs print (tests/rails/SOURCES.md),
 * and successes for prompts we do not know: every one answered in Daraja's format, money never lost.
 */
const { daraja, api } = await useDarajaApi(asStkProvider, { callbackDelayMs: 50 });
beforeEach(() => {
  daraja.reshapeCallback = undefined;
});

type Json = Record<string, unknown>;
type Item = { Name: string; Value?: unknown };
const stkOf = (body: Json) => (body.Body as { stkCallback: Json }).stkCallback;
const withStk = (body: Json, change: (callback: Json) => Json) => ({ Body: { stkCallback: change(stkOf(body)) } });
const itemsOf = (callback: Json) => (callback.CallbackMetadata as { Item: Item[] }).Item;

let serial = 0;
const phone = () => `2547${String(20_000_000 + ++serial).slice(-8)}`;

async function postCallback(body: unknown) {
  const response = await api.request('POST', `/rails/daraja/stk/callback?token=${encodeURIComponent(await mpesaCallbackSecret())}`, { json: body });
  return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as Json };
}

const paidVariants: Array<[string, (body: Json) => unknown]> = [
  ['as Safaricom documents it (numbers as numbers, Balance without a Value)', (body) => body],
  [
    'with every number as text (ResultCode "0", Amount "1500.00", PhoneNumber and TransactionDate as text)',
    (body) =>
      withStk(body, (callback) => ({
        ...callback,
        ResultCode: '0',
        CallbackMetadata: { Item: itemsOf(callback).map((item) => (typeof item.Value === 'number' ? { ...item, Value: item.Name === 'Amount' ? `${item.Value}.00` : String(item.Value) } : item)) },
      })),
  ],
  [
    'with a Balance of null and the items in another order',
    (body) => withStk(body, (callback) => ({ ...callback, CallbackMetadata: { Item: itemsOf(callback).map((item) => (item.Name === 'Balance' ? { ...item, Value: null } : item)).reverse() } })),
  ],
];

describe('STK callbacks in every documented variant', () => {
  it.each(paidVariants)('a success %s completes the prompt with its receipt', async (_variant, reshape) => {
    daraja.reshapeCallback = reshape;
    const { token, virtualAccount } = await signedInMerchant(api);
    const initiation = await initiate(api, token, { phone: phone(), amount: 1500, accountNumber: virtualAccount.accountNumber });
    const push = daraja.pushes.get(initiation.checkoutRequestId as string)!;
    const done = await settled(api, token, initiation.id);
    expect(done).toMatchObject({ status: 'COMPLETED', checkoutRequestId: push.checkoutRequestId, merchantRequestId: push.merchantRequestId });
    expect(push.callbackStatus).toBe(200);
    const [payment] = await paymentsOfAccount(virtualAccount.accountNumber);
    expect(payment).toMatchObject({ id: done.paymentId, providerReference: push.receipt, amount: '1500.0000' });
  });

  it('a failure whose ResultCode is text ("1032") fails the prompt as cancelled', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const payer = phone();
    daraja.scenarios.set(payer, { resultCode: 1032, resultDesc: 'Request cancelled by user' });
    daraja.reshapeCallback = (body) => withStk(body, (callback) => ({ ...callback, ResultCode: '1032', MerchantRequestID: 29115 }));
    const initiation = await initiate(api, token, { phone: payer, amount: 80, accountNumber: virtualAccount.accountNumber });
    expect(await settled(api, token, initiation.id)).toMatchObject({ status: 'FAILED', failureCode: '1032', failureReason: 'The payer cancelled the prompt.' });
  });

  it('a success without MpesaReceiptNumber completes the prompt under its CheckoutRequestID, as the status query would', async () => {
    daraja.reshapeCallback = (body) => withStk(body, (callback) => ({ ...callback, CallbackMetadata: { Item: itemsOf(callback).filter((item) => item.Name !== 'MpesaReceiptNumber') } }));
    const { token, virtualAccount } = await signedInMerchant(api);
    const initiation = await initiate(api, token, { phone: phone(), amount: 700, accountNumber: virtualAccount.accountNumber });
    expect(await settled(api, token, initiation.id)).toMatchObject({ status: 'COMPLETED' });
    const [payment] = await paymentsOfAccount(virtualAccount.accountNumber);
    expect(payment).toMatchObject({ providerReference: initiation.checkoutRequestId, amount: '700.0000' });
  });
});

describe('STK successes for a prompt we do not know', () => {
  const unknownSuccess = (checkoutRequestId: string, items: Item[]) => ({
    Body: { stkCallback: { MerchantRequestID: '29115-34620561-1', CheckoutRequestID: checkoutRequestId, ResultCode: 0, ResultDesc: 'The service request is processed successfully.', CallbackMetadata: { Item: items } } },
  });
  const checkout = () => `ws_CO_251120262130${randomBytes(5).toString('hex')}`;

  it('without MpesaReceiptNumber: kept in suspense under its CheckoutRequestID with the body as received, once', async () => {
    const id = checkout();
    const body = unknownSuccess(id, [{ Name: 'Amount', Value: 5 }, { Name: 'Balance' }, { Name: 'TransactionDate', Value: 20261125213015 }, { Name: 'PhoneNumber', Value: 254712345678 }]);
    for (let delivery = 0; delivery < 2; delivery++) {
      expect(await postCallback(body)).toEqual({ status: 200, type: 'application/json', body: { ResultCode: 0, ResultDesc: 'Accepted' } });
    }
    const held = await heldInSuspense(id);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ rail: 'MPESA', amount: '5.0000', reason: 'UNKNOWN_ACCOUNT', status: 'OPEN' });
    expect(JSON.parse(held[0]!.rawBody!)).toEqual(body);
    expect(await paymentsWithReference(id)).toHaveLength(0);
  });

  it('with an Amount that is an object: kept in suspense with the amount\'s text, never credited', async () => {
    const receipt = `TK${randomBytes(4).toString('hex').toUpperCase()}`;
    const body = unknownSuccess(checkout(), [{ Name: 'Amount', Value: { amount: 5, currency: 'KES' } }, { Name: 'MpesaReceiptNumber', Value: receipt }, { Name: 'PhoneNumber', Value: 254712345678 }]);
    expect(await postCallback(body)).toMatchObject({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } });
    const [held] = await heldInSuspense(receipt);
    expect(held).toMatchObject({ amount: null, amountText: '{"amount":5,"currency":"KES"}', reason: 'UNREADABLE_AMOUNT' });
    expect(JSON.parse(held!.rawBody!)).toEqual(body);
  });

  it('with one Item (not a list) and no receipt or amount: still kept, the amount unreadable', async () => {
    const id = checkout();
    const body = { Body: { stkCallback: { MerchantRequestID: 29115, CheckoutRequestID: id, ResultCode: '0', ResultDesc: 'ok', CallbackMetadata: { Item: { Name: 'Balance' } } } } };
    expect(await postCallback(body)).toMatchObject({ status: 200, body: { ResultCode: 0 } });
    expect((await heldInSuspense(id))[0]).toMatchObject({ amount: null, reason: 'UNREADABLE_AMOUNT' });
  });

  it('a failure for a prompt we do not know keeps nothing (no money moved) and is acknowledged', async () => {
    const id = checkout();
    const body = { Body: { stkCallback: { MerchantRequestID: '1-2-3', CheckoutRequestID: id, ResultCode: 1032, ResultDesc: 'Request cancelled by user' } } };
    expect(await postCallback(body)).toMatchObject({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } });
    expect(await heldInSuspense(id)).toHaveLength(0);
  });
});
