import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mpesaCallbackSecret } from '@/lib/rails/secrets';
import { registerPaybillForPull } from '@/lib/recovery/command';
import { recoverMissedPayments } from '@/lib/recovery/recover';
import { recoverReceipt } from '@/lib/recovery/recover-receipt';
import { signedInMerchant } from '../accounts/support';
import { eventually, heldInSuspense, statusQueriesFor } from '../recovery/support';
import { asInitiator, useDarajaApi } from '../support/daraja-api';
import { accountOf, paymentsWithReference, receipt } from './support';

/**
 * Transaction Status results in each variant Safaricom's documentation and the SDKs print
 * (tests/rails/SOURCES.md): each one settles its query and is answered in Daraja's format.
 */
const { daraja, api } = await useDarajaApi(asInitiator, { callbackDelayMs: 20 });

beforeAll(async () => {
  await registerPaybillForPull('254722000000');
});
beforeEach(() => {
  daraja.recovery.transactions.length = 0;
  daraja.recovery.reshapeResult = undefined;
});

type Json = Record<string, unknown>;
type Pair = { Key: string; Value?: unknown };
const resultOf = (body: Json) => body.Result as Json;
const pairsOf = (body: Json) => (resultOf(body).ResultParameters as { ResultParameter: Pair[] }).ResultParameter;
const withResult = (body: Json, change: (result: Json) => Json) => ({ ...body, Result: change(resultOf(body)) });

/** A payment M-Pesa holds whose Pull Transactions entry is garbled, so recovery asks Transaction Status. */
async function garbledPayment(amount: number) {
  const { virtualAccount } = await signedInMerchant(api);
  const transaction = { transactionId: receipt(), trxDate: new Date(Date.now() - 5 * 60_000), msisdn: '254712345678', sender: 'Achieng Otieno', billreference: virtualAccount.accountNumber, amount, listedAmount: '7OO' };
  daraja.recovery.transactions.push(transaction);
  await recoverMissedPayments({ trigger: 'CLI', sinceMs: 3_600_000 });
  return { transaction, virtualAccount };
}

/** The query once Daraja's result has been posted, with what our ResultURL answered. */
async function settledQuery(reference: string) {
  const [query] = await eventually(async () => {
    const rows = await statusQueriesFor(reference);
    return rows[0] && rows[0].status !== 'PENDING' && rows;
  });
  const delivery = daraja.recovery.results.find((result) => JSON.stringify(result.body).includes(query!.id) || (resultOf(result.body as Json).OriginatorConversationID === query!.originatorConversationId));
  await eventually(async () => delivery?.status !== undefined);
  expect(delivery!.status).toBe(200);
  expect(delivery!.answer).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
  return query!;
}

const completedVariants: Array<[string, (body: Json) => unknown]> = [
  ['as Safaricom documents it: a list of pairs, numbers as numbers, pairs without their Value', (body) => body],
  [
    'every number written as text (ResultCode "0", Amount "700.00", times as text)',
    (body) =>
      withResult(body, (result) => ({
        ...result,
        ResultType: '0',
        ResultCode: '0',
        ResultParameters: { ResultParameter: pairsOf(body).map((pair) => ('Value' in pair && typeof pair.Value === 'number' ? { ...pair, Value: pair.Key === 'Amount' ? `${pair.Value}.00` : String(pair.Value) } : pair)) },
      })),
  ],
  ['ReferenceData absent (the query is found by its OriginatorConversationID)', (body) => withResult(body, ({ ReferenceData: _dropped, ...result }) => result)],
  [
    'ReferenceItem a list, and a Value of null where the pair is empty',
    (body) =>
      withResult(body, (result) => ({
        ...result,
        ReferenceData: { ReferenceItem: [{ Key: 'QueueTimeoutURL', Value: 'https://internalsandbox.safaricom.co.ke/mpesa/abresults/v1/submit' }, (result.ReferenceData as { ReferenceItem: Pair }).ReferenceItem] },
        ResultParameters: { ResultParameter: pairsOf(body).map((pair) => ('Value' in pair ? pair : { ...pair, Value: null })) },
      })),
  ],
];

describe('Transaction Status results in every documented variant', () => {
  it.each(completedVariants)('a completed payment in the result %s is recorded once and acknowledged in Daraja\'s format', async (_variant, reshape) => {
    daraja.recovery.reshapeResult = reshape;
    const { transaction, virtualAccount } = await garbledPayment(700);
    const query = await settledQuery(transaction.transactionId);
    expect(query).toMatchObject({ status: 'RECORDED', resultCode: '0' });
    const [payment] = await paymentsWithReference(transaction.transactionId);
    expect(payment).toMatchObject({ virtualAccountId: virtualAccount.id, amount: '700.0000', payerPhone: '254712345678', payerName: 'Achieng Otieno' });
    expect((await accountOf(virtualAccount.id)).balance).toBe('700.0000');
  });

  it('a result whose ResultParameter is one object (not a list) is read: a transaction not completed records nothing', async () => {
    daraja.recovery.reshapeResult = (body) => withResult(body, (result) => ({ ...result, ResultParameters: { ResultParameter: { Key: 'TransactionStatus', Value: 'Expired' } } }));
    const { transaction, virtualAccount } = await garbledPayment(310);
    expect(await settledQuery(transaction.transactionId)).toMatchObject({ status: 'NOT_COMPLETED', resultCode: '0' });
    expect(await paymentsWithReference(transaction.transactionId)).toHaveLength(0);
    expect((await accountOf(virtualAccount.id)).balance).toBe('0.0000');
  });

  it('a completed result whose Amount is not money (an object) is held in suspense with its text, never credited', async () => {
    daraja.recovery.reshapeResult = (body) =>
      withResult(body, (result) => ({ ...result, ResultParameters: { ResultParameter: pairsOf(body).map((pair) => (pair.Key === 'Amount' ? { Key: 'Amount', Value: { value: 700 } } : pair)) } }));
    const { transaction, virtualAccount } = await garbledPayment(700);
    expect(await settledQuery(transaction.transactionId)).toMatchObject({ status: 'SUSPENSE' });
    const [held] = await heldInSuspense(transaction.transactionId);
    expect(held).toMatchObject({ amount: null, amountText: '{"value":700}', reason: 'UNREADABLE_AMOUNT' });
    expect((await accountOf(virtualAccount.id)).balance).toBe('0.0000');
  });

  it.each([
    ['without ResultParameters, ResultCode as a number', (body: Json) => withResult(body, ({ ResultParameters: _none, ...result }) => ({ ...result, ResultCode: 2001, ResultDesc: 'The initiator information is invalid.' }))],
    ['with ResultParameters and ReferenceData empty, ResultCode as text', (body: Json) => withResult(body, (result) => ({ ...result, ResultCode: '2001', ResultDesc: 'The initiator information is invalid.', ResultParameters: '', ReferenceData: null }))],
  ])('a failure result %s fails the query with M-Pesa\'s words and records nothing', async (_variant, reshape) => {
    daraja.recovery.reshapeResult = reshape;
    const unknown = receipt();
    daraja.recovery.transactions.push({ transactionId: unknown, trxDate: new Date(), msisdn: '254712345678', sender: 'A', billreference: '', amount: 10 });
    await recoverReceipt(unknown, 'CLI');
    expect(await settledQuery(unknown)).toMatchObject({ status: 'FAILED', resultCode: '2001', resultDesc: 'The initiator information is invalid.' });
    expect(await paymentsWithReference(unknown)).toHaveLength(0);
    expect(await heldInSuspense(unknown)).toHaveLength(0);
  });

  it.each([
    ['a Result', (ids: Json) => ({ Result: { ResultType: 1, ResultCode: 1, ResultDesc: 'The request is not processed in time.', ...ids } })],
    ['its fields at the top level, ResultCode as text', (ids: Json) => ({ ResultCode: '1', ResultDesc: 'Timeout', ...ids })],
  ])('a queue timeout written as %s marks the query TIMED_OUT and is acknowledged', async (_variant, notice) => {
    const slow = receipt();
    const path = '/mpesa/transactionstatus/v1/query';
    const status = daraja.routes.get(path)!;
    const originator = `${Date.now()}-777-1`;
    daraja.routes.set(path, ({ send }) => send(200, { OriginatorConversationID: originator, ConversationID: 'AG_20261125_0000', ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' }));
    try {
      await recoverReceipt(slow, 'CLI');
    } finally {
      daraja.routes.set(path, status);
    }
    const response = await api.request('POST', `/rails/daraja/transaction-status/timeout?token=${encodeURIComponent(await mpesaCallbackSecret())}`, { json: notice({ OriginatorConversationID: originator }) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    expect((await statusQueriesFor(slow))[0]).toMatchObject({ status: 'TIMED_OUT' });
  });
});
