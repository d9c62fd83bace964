import { beforeEach, describe, expect, it } from 'vitest';
import { mpesaCallbackSecret } from '@/lib/rails/secrets';
import { giveUpUnansweredReversals } from '@/lib/reversals/sweep';
import { signedInMerchant } from '../accounts/support';
import { accountRow, entriesOfPayment, expectLedgerClean, listReversals, paymentRow, reverse, settledPayment } from '../reversals/support';
import { asInitiator, useDarajaApi } from '../support/daraja-api';
import { c2bBody, paymentsWithReference, postC2b } from './support';

/**
 * Reversal Results in each variant Safaricom's documentation and the SDKs print
 * (tests/rails/SOURCES.md), and Results whose amount is not the payment's.
 */
const { daraja, api } = await useDarajaApi(asInitiator);
beforeEach(() => {
  daraja.reversals.reshapeResult = undefined;
});

type Json = Record<string, unknown>;
type Pair = { Key: string; Value?: unknown };
const withResult = (body: Json, change: (result: Json) => Json) => ({ ...body, Result: change(body.Result as Json) });
const pairsOf = (result: Json) => (result.ResultParameters as { ResultParameter: Pair[] }).ResultParameter;

async function mpesaPayment(amount: string) {
  const { token, merchant, virtualAccount } = await signedInMerchant(api);
  const body = c2bBody(virtualAccount.accountNumber, amount);
  expect((await postC2b(api, 'confirmation', body)).status).toBe(200);
  daraja.reversals.transactions.set(body.TransID, Number(amount));
  const payment = (await paymentsWithReference(body.TransID))[0]!;
  return { token, merchant, virtualAccount, payment };
}

/** Asks for the reversal, waits for Daraja's Result to be posted, and checks what our ResultURL answered. */
async function reverseThroughDaraja(token: string, paymentId: string, providerReference: string) {
  expect((await reverse(api, token, paymentId)).status).toBe(202);
  const request = daraja.reversals.requests.find((candidate) => candidate.body.TransactionID === providerReference)!;
  const deadline = Date.now() + 10_000;
  while (request.resultStatus === undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(request.resultStatus).toBe(200);
  expect(request.resultAnswer).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
  return request;
}

const confirmingVariants: Array<[string, (body: Json) => unknown]> = [
  ['as Safaricom documents it (a list of pairs, Amount a number)', (body) => body],
  [
    'with every number as text (ResultCode "0", Amount "75.00")',
    (body) =>
      withResult(body, (result) => ({
        ...result,
        ResultType: '0',
        ResultCode: '0',
        ResultParameters: { ResultParameter: pairsOf(result).map((pair) => (typeof pair.Value === 'number' ? { ...pair, Value: pair.Key === 'Amount' ? `${pair.Value}.00` : String(pair.Value) } : pair)) },
      })),
  ],
  ['with ResultParameter one object (the Amount alone) and no ReferenceData', (body) => withResult(body, ({ ReferenceData: _none, ...result }) => ({ ...result, ResultParameters: { ResultParameter: pairsOf(result).find((pair) => pair.Key === 'Amount') } }))],
  ['with pairs lacking their Value and a ReferenceItem list', (body) => withResult(body, (result) => ({ ...result, ReferenceData: { ReferenceItem: [{ Key: 'QueueTimeoutURL', Value: 'https://internalsandbox.safaricom.co.ke/mpesa/reversalresults/v1/submit' }, { Key: 'Occasion' }] }, ResultParameters: { ResultParameter: [...pairsOf(result), { Key: 'ReasonType' }, { Key: 'TransactionReason', Value: null }] } }))],
];

describe('Daraja reversal Results in every documented variant', () => {
  it.each(confirmingVariants)('a success %s reverses the whole payment once', async (_variant, reshape) => {
    daraja.reversals.reshapeResult = reshape;
    const { token, merchant, virtualAccount, payment } = await mpesaPayment('75');
    await reverseThroughDaraja(token, payment.id, payment.providerReference);
    expect((await settledPayment(api, token, payment.id)).status).toBe('REVERSED');
    expect((await accountRow(virtualAccount.id)).balance).toBe('0.0000');
    await expectLedgerClean(merchant.id);
  });

  it.each([
    ['a code as text and no ResultParameters', { ResultCode: 'R000002', ResultDesc: 'The OriginalTransactionID is invalid.' }],
    ['a code as a number, with empty ResultParameters', { ResultCode: 21, ResultDesc: 'The initiator is not allowed to initiate this request.', ResultParameters: '' }],
  ])('a refusal with %s fails the reversal with M-Pesa\'s words and leaves the payment RECEIVED', async (_variant, failure) => {
    daraja.reversals.reshapeResult = (body) => withResult(body, ({ ResultParameters: _none, ...result }) => ({ ...result, ...failure }));
    const { token, virtualAccount, payment } = await mpesaPayment('60');
    await reverseThroughDaraja(token, payment.id, payment.providerReference);
    expect((await settledPayment(api, token, payment.id)).status).toBe('RECEIVED');
    const [reversal] = await listReversals(api, token, payment.id);
    expect(reversal).toMatchObject({ status: 'FAILED', resultCode: String(failure.ResultCode), reason: failure.ResultDesc, attention: null });
    expect((await accountRow(virtualAccount.id)).balance).toBe('60.0000');
  });

  it('a success naming KES 1.00 of a KES 5.00 payment reverses nothing: the reversal waits for an operator, saying why', async () => {
    daraja.reversals.reshapeResult = (body) => withResult(body, (result) => ({ ...result, ResultParameters: { ResultParameter: pairsOf(result).map((pair) => (pair.Key === 'Amount' ? { Key: 'Amount', Value: 1.0 } : pair)) } }));
    const { token, merchant, virtualAccount, payment } = await mpesaPayment('5');
    const request = await reverseThroughDaraja(token, payment.id, payment.providerReference);

    expect((await paymentRow(payment.id)).status).toBe('REVERSAL_PENDING');
    const [reversal] = await listReversals(api, token, payment.id);
    expect(reversal).toMatchObject({ status: 'REQUESTED', amount: 5, railReference: request.transactionId, resultCode: '0' });
    expect(reversal!.attention).toBe('M-Pesa reported reversing KES 1.00 of this KES 5.00 payment: not applied; reconcile it with Safaricom.');
    // Nothing moved: the CREDIT and its fee only; the balance keeps the payment.
    expect(await entriesOfPayment(payment.id)).toHaveLength(2);
    expect((await accountRow(virtualAccount.id)).balance).toBe('5.0000');

    // Daraja resending it changes nothing, and the hourly sweep does not give it up: M-Pesa did answer.
    expect((await daraja.reversals.redeliver(request.conversationId)).status).toBe(200);
    expect(await giveUpUnansweredReversals(new Date(Date.now() + 2 * 3_600_000))).toBe(0);
    expect((await paymentRow(payment.id)).status).toBe('REVERSAL_PENDING');
    expect(await listReversals(api, token, payment.id)).toHaveLength(1);
    await expectLedgerClean(merchant.id);
  });

  it('a success without an Amount we can read holds the reversal for an operator too', async () => {
    daraja.reversals.reshapeResult = (body) => withResult(body, (result) => ({ ...result, ResultParameters: { ResultParameter: pairsOf(result).map((pair) => (pair.Key === 'Amount' ? { Key: 'Amount', Value: { KES: 5 } } : pair)) } }));
    const { token, payment } = await mpesaPayment('5');
    await reverseThroughDaraja(token, payment.id, payment.providerReference);
    const [reversal] = await listReversals(api, token, payment.id);
    expect(reversal).toMatchObject({ status: 'REQUESTED', attention: expect.stringContaining('with an amount that is not money ({"KES":5})') });
    expect((await paymentRow(payment.id)).status).toBe('REVERSAL_PENDING');
  });

  it('a success for a reversal we never asked for, naming another amount, changes nothing', async () => {
    const { merchant, virtualAccount, payment } = await mpesaPayment('40');
    const unasked = {
      Result: {
        ResultType: 0, ResultCode: 0, ResultDesc: 'The service request is processed successfully.', OriginatorConversationID: '1-2-3', ConversationID: `AG_${Date.now()}`, TransactionID: `TX${Date.now()}`.slice(0, 10),
        ResultParameters: { ResultParameter: [{ Key: 'Amount', Value: '4.00' }, { Key: 'OriginalTransactionID', Value: payment.providerReference }] },
      },
    };
    const response = await api.request('POST', `/rails/daraja/reversal/result?token=${encodeURIComponent(await mpesaCallbackSecret())}`, { json: unasked });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    expect((await paymentRow(payment.id)).status).toBe('RECEIVED');
    expect((await accountRow(virtualAccount.id)).balance).toBe('40.0000');
    await expectLedgerClean(merchant.id);
  });

  it.each([
    ['a Result', (ids: Json) => ({ Result: { ResultType: 1, ResultCode: 1, ResultDesc: 'The request timed out in the queue.', ...ids } })],
    ['its ids at the top level', (ids: Json) => ({ ResultCode: '1', ResultDesc: 'Timed out', ...ids })],
  ])('a queue timeout written as %s fails the reversal; the payment is RECEIVED again', async (_variant, notice) => {
    const { token, payment } = await mpesaPayment('30');
    daraja.reversals.resultDelayMs = 60_000;
    try {
      expect((await reverse(api, token, payment.id)).status).toBe(202);
    } finally {
      daraja.reversals.resultDelayMs = 150;
    }
    const request = daraja.reversals.requests.find((candidate) => candidate.body.TransactionID === payment.providerReference)!;
    const response = await api.request('POST', `/rails/daraja/reversal/timeout?token=${encodeURIComponent(await mpesaCallbackSecret())}`, {
      json: notice({ OriginatorConversationID: request.originatorConversationId, ConversationID: request.conversationId }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    expect((await paymentRow(payment.id)).status).toBe('RECEIVED');
    const [reversal] = await listReversals(api, token, payment.id);
    expect(reversal).toMatchObject({ status: 'FAILED', reason: expect.stringContaining('did not process the reversal in time') });
  });
});
