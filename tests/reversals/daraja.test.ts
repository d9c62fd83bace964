import { describe, expect, it } from 'vitest';
import { bankSignature } from '@/lib/rails/bank-signature';
import { giveUpUnansweredReversals } from '@/lib/reversals/sweep';
import { mpesaCallbackSecret } from '@/lib/rails/secrets';
import { signedInMerchant } from '../accounts/support';
import { bankBody, c2bBody, paymentsWithReference, postBank, postC2b } from '../rails/support';
import { asInitiator, useDarajaApi } from '../support/daraja-api';
import { accountRow, entriesOfPayment, eventsOf, expectLedgerClean, listReversals, paymentRow, payOut, reversalRows, reverse, settledPayment } from './support';

const BANK_SECRET = 'bank-secret-for-reversal-tests-0123456789';
const { daraja, api } = await useDarajaApi(asInitiator, { extra: { BANK_WEBHOOK_SECRET: BANK_SECRET } });

/** A paybill payment confirmed by Daraja (C2B), which the local M-Pesa also knows, unless told otherwise. */
async function mpesaPayment(accountNumber: string, amount: string, options: { knownToMpesa?: boolean } = {}) {
  const body = c2bBody(accountNumber, amount);
  expect((await postC2b(api, 'confirmation', body)).status).toBe(200);
  if (options.knownToMpesa !== false) daraja.reversals.transactions.set(body.TransID, Number(amount));
  return (await paymentsWithReference(body.TransID))[0]!;
}

async function bankPayment(accountNumber: string, amount: string) {
  const body = bankBody(accountNumber, amount);
  expect((await postBank(api, body, BANK_SECRET)).status).toBe(200);
  return { payment: (await paymentsWithReference(body.bankReference))[0]!, bankReference: body.bankReference };
}

/** Signs exactly the bytes sent, as the bank signs its credit notifications (docs/rails.md). */
function postReturn(body: Record<string, unknown>, secret = BANK_SECRET) {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const header = `t=${timestamp},v1=${bankSignature(secret, timestamp, raw)}`;
  return api.request('POST', '/rails/bank/returns', { body: raw, headers: { 'content-type': 'application/json', 'x-bank-signature': header } });
}

const requestFor = (transactionId: string) => daraja.reversals.requests.find((request) => request.body.TransactionID === transactionId);

describe('M-Pesa reversals through Daraja\'s Reversal API (a local Daraja server)', () => {
  it('sends Daraja\'s documented reversal request, and its Result reverses the payment exactly once', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const payment = await mpesaPayment(virtualAccount.accountNumber, '1500');
    const response = await reverse(api, token, payment.id, { json: { remarks: 'Customer paid twice' } });
    expect(response.status).toBe(202);
    expect((await response.json()).status).toBe('REQUESTED');
    const request = requestFor(payment.providerReference)!;
    const token64 = encodeURIComponent(await mpesaCallbackSecret());
    expect(request.body).toEqual({
      Initiator: daraja.credentials.initiator,
      SecurityCredential: daraja.credentials.securityCredential,
      CommandID: 'TransactionReversal',
      TransactionID: payment.providerReference,
      Amount: 1500,
      ReceiverParty: '4123456',
      RecieverIdentifierType: '11',
      ResultURL: `${api.baseUrl}/api/v1/rails/daraja/reversal/result?token=${token64}`,
      QueueTimeOutURL: `${api.baseUrl}/api/v1/rails/daraja/reversal/timeout?token=${token64}`,
      Remarks: 'Customer paid twice',
      Occasion: expect.stringMatching(/^Reversal /),
    });

    expect((await settledPayment(api, token, payment.id)).status).toBe('REVERSED');
    expect(request.resultStatus).toBe(200);
    const [reversal] = await listReversals(api, token, payment.id);
    expect(reversal).toMatchObject({ status: 'CONFIRMED', railReference: request.transactionId, resultCode: '0' });
    expect((await reversalRows(payment.id))[0]).toMatchObject({ originatorConversationId: request.originatorConversationId, conversationId: request.conversationId });
    expect((await accountRow(virtualAccount.id)).balance).toBe('0.0000');

    // Daraja delivering the same Result again changes nothing.
    const again = await daraja.reversals.redeliver(request.conversationId);
    expect(again).toEqual({ status: 200, body: { ResultCode: '0', ResultDesc: 'Accepted' } });
    expect(await entriesOfPayment(payment.id)).toHaveLength(4);
    expect((await accountRow(virtualAccount.id)).balance).toBe('0.0000');
    expect(await eventsOf(merchant.id, 'payment.reversed')).toHaveLength(1);
    await expectLedgerClean(merchant.id);
  });

  it('fails with M-Pesa\'s reason when its Result refuses, leaving the payment RECEIVED', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const payment = await mpesaPayment(virtualAccount.accountNumber, '800', { knownToMpesa: false });
    expect((await reverse(api, token, payment.id)).status).toBe(202);
    expect((await settledPayment(api, token, payment.id)).status).toBe('RECEIVED');
    const [failed] = await listReversals(api, token, payment.id);
    expect(failed).toMatchObject({ status: 'FAILED', resultCode: 'R000002', reason: 'The OriginalTransactionID is invalid.' });
    expect((await accountRow(virtualAccount.id)).balance).toBe('800.0000');
    await expectLedgerClean(merchant.id);
  });

  it('fails at once, with Daraja\'s words, when Daraja refuses the request itself', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const payment = await mpesaPayment(virtualAccount.accountNumber, '120');
    daraja.reversals.scenarios.set(payment.providerReference, { kind: 'refuse', status: 500, errorCode: '500.003.1001', errorMessage: 'Internal Server Error' });
    const response = await reverse(api, token, payment.id);
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ status: 'FAILED', resultCode: '500.003.1001', reason: 'Internal Server Error' });
    expect((await paymentRow(payment.id)).status).toBe('RECEIVED');
  });

  it('fails when the request expires in M-Pesa\'s queue (the QueueTimeOutURL)', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const payment = await mpesaPayment(virtualAccount.accountNumber, '130');
    daraja.reversals.scenarios.set(payment.providerReference, { kind: 'timeout' });
    await reverse(api, token, payment.id);
    expect((await settledPayment(api, token, payment.id)).status).toBe('RECEIVED');
    const [failed] = await listReversals(api, token, payment.id);
    expect(failed!.status).toBe('FAILED');
    expect(failed!.reason).toMatch(/^M-Pesa did not process the reversal in time/);
  });

  it('applies a successful Result for a payment we never asked to reverse as the rail\'s own reversal', async () => {
    const { merchant, virtualAccount } = await signedInMerchant(api);
    const payment = await mpesaPayment(virtualAccount.accountNumber, '90');
    const result = {
      Result: {
        ResultType: 0, ResultCode: 0, ResultDesc: 'The service request is processed successfully.', OriginatorConversationID: '1-2-3', ConversationID: 'AG_unknown', TransactionID: 'TREV000001',
        ResultParameters: { ResultParameter: [{ Key: 'OriginalTransactionID', Value: payment.providerReference }, { Key: 'Amount', Value: 90 }] },
      },
    };
    const path = `/rails/daraja/reversal/result?token=${encodeURIComponent(await mpesaCallbackSecret())}`;
    expect((await api.request('POST', path, { json: result })).status).toBe(200);
    expect((await paymentRow(payment.id)).status).toBe('REVERSED');
    expect((await reversalRows(payment.id))[0]).toMatchObject({ origin: 'RAIL', status: 'CONFIRMED', railReference: 'TREV000001' });
    expect((await api.request('POST', path, { json: result })).status).toBe(200);
    expect(await reversalRows(payment.id)).toHaveLength(1);
    await expectLedgerClean(merchant.id);
  });

  it('applies a success that comes after M-Pesa refused the request, as the rail\'s own reversal, once', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const payment = await mpesaPayment(virtualAccount.accountNumber, '75');
    daraja.reversals.scenarios.set(payment.providerReference, { kind: 'refuse', status: 503, errorCode: '503.001.01', errorMessage: 'Service Unavailable' });
    expect((await (await reverse(api, token, payment.id)).json()).status).toBe('FAILED');
    const late = {
      Result: {
        ResultType: 0, ResultCode: 0, ResultDesc: 'The service request is processed successfully.', OriginatorConversationID: '9-9-9', ConversationID: 'AG_late', TransactionID: 'TLATE00001',
        ResultParameters: { ResultParameter: [{ Key: 'Amount', Value: 75 }, { Key: 'OriginalTransactionID', Value: payment.providerReference }] },
      },
    };
    const path = `/rails/daraja/reversal/result?token=${encodeURIComponent(await mpesaCallbackSecret())}`;
    for (let delivery = 0; delivery < 2; delivery++) expect((await api.request('POST', path, { json: late })).status).toBe(200);
    expect((await paymentRow(payment.id)).status).toBe('REVERSED');
    const reversals = await listReversals(api, token, payment.id);
    expect(reversals.map((reversal) => [reversal.origin, reversal.status])).toEqual(expect.arrayContaining([['MERCHANT', 'FAILED'], ['RAIL', 'CONFIRMED']]));
    expect(reversals).toHaveLength(2);
    expect(await entriesOfPayment(payment.id)).toHaveLength(4);
    await expectLedgerClean(merchant.id);
  });

  it('answers a Result that is not Daraja\'s in Daraja\'s format, changing nothing', async () => {
    const path = `/rails/daraja/reversal/result?token=${encodeURIComponent(await mpesaCallbackSecret())}`;
    const response = await api.request('POST', path, { json: { Outcome: 'done' } });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ ResultCode: '1', ResultDesc: 'Rejected: not a Daraja request (Result)' });
    const malformed = await api.request('POST', path, { body: '{"Result":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).ResultCode).toBe('1');
  });

  it('gives up a reversal M-Pesa never answers after an hour, so the payment can be reversed again', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const payment = await mpesaPayment(virtualAccount.accountNumber, '210');
    daraja.reversals.resultDelayMs = 60_000;
    try {
      expect((await (await reverse(api, token, payment.id)).json()).status).toBe('REQUESTED');
      expect(await giveUpUnansweredReversals(new Date(Date.now() + 30 * 60_000))).toBe(0);
      expect((await paymentRow(payment.id)).status).toBe('REVERSAL_PENDING');
      expect(await giveUpUnansweredReversals(new Date(Date.now() + 61 * 60_000))).toBeGreaterThanOrEqual(1);
    } finally {
      daraja.reversals.resultDelayMs = 150;
    }
    expect((await paymentRow(payment.id)).status).toBe('RECEIVED');
    const [given] = await listReversals(api, token, payment.id);
    expect(given).toMatchObject({ status: 'FAILED', resultCode: 'no_result', reason: expect.stringMatching(/^M-Pesa sent no result within an hour/) });
    expect((await reverse(api, token, payment.id)).status).toBe(202);
    expect((await settledPayment(api, token, payment.id)).status).toBe('REVERSED');
    await expectLedgerClean(merchant.id);
  });

  it('answers a wrong token on the result URL as an unknown route', async () => {
    const response = await api.request('POST', '/rails/daraja/reversal/result?token=wrong', { json: { Result: { ResultCode: 0 } } });
    expect(response.status).toBe(404);
  });

  it('refuses to reverse a bank transfer outside the sandbox: the bank returns it (422 reversal_unsupported)', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const { payment } = await bankPayment(virtualAccount.accountNumber, '400');
    const response = await reverse(api, token, payment.id);
    expect(response.status).toBe(422);
    expect((await response.json()).code).toBe('reversal_unsupported');
    expect(await reversalRows(payment.id)).toHaveLength(0);
  });
});

describe('bank return notifications', () => {
  it('reverse the credit they name exactly once, even below a zero balance, and refuse a bad signature', async () => {
    const { merchant, virtualAccount } = await signedInMerchant(api);
    const { payment, bankReference } = await bankPayment(virtualAccount.accountNumber, '1000');
    // Money that left another way (a payout): the account now holds less than the credit.
    const { payment: small } = await bankPayment(virtualAccount.accountNumber, '50');
    const notice = { returnReference: `RT${Date.now()}`, originalBankReference: bankReference, amount: '1000', currency: 'KES', reason: 'Returned at the payer\'s request', returnTime: new Date().toISOString() };

    const forged = await postReturn(notice, 'not-the-bank-secret-0123456789abcdef');
    expect(forged.status).toBe(401);
    expect((await paymentRow(payment.id)).status).toBe('RECEIVED');

    const first = await postReturn(notice);
    expect(first.status).toBe(200);
    const answer = await first.json();
    expect(answer).toEqual({ status: 'reversed', paymentId: payment.id, reversalId: expect.any(String) });
    const repeat = await postReturn(notice);
    expect(await repeat.json()).toEqual({ ...answer, status: 'duplicate' });

    expect((await paymentRow(payment.id)).status).toBe('REVERSED');
    expect((await reversalRows(payment.id))[0]).toMatchObject({ origin: 'RAIL', status: 'CONFIRMED', railReference: notice.returnReference, reason: notice.reason });
    expect((await accountRow(virtualAccount.id)).balance).toBe('50.0000');

    // A return cannot be refused, even of a payment already paid out to the merchant: the second
    // credit goes back too, and the balance follows it below zero (the next settlement nets it).
    const paidOut = await payOut(merchant.id, '50');
    expect(paidOut.entryCount).toBe(1);
    const second = await postReturn({ ...notice, returnReference: `RT${Date.now()}b`, originalBankReference: (await paymentRow(small.id)).providerReference, amount: 50 });
    expect((await second.json()).status).toBe('reversed');
    expect((await accountRow(virtualAccount.id)).balance).toBe(`-${paidOut.amount}`);
    expect(await eventsOf(merchant.id, 'payment.reversed')).toHaveLength(2);
    await expectLedgerClean(merchant.id);
  });

  it('answer 404 for a credit we never had and 422 for a partial amount, changing nothing', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const { payment, bankReference } = await bankPayment(virtualAccount.accountNumber, '600');
    const unknown = await postReturn({ returnReference: `RT${Date.now()}u`, originalBankReference: 'FTNOSUCHCREDIT', amount: '600', currency: 'KES' });
    expect(unknown.status).toBe(404);
    const partial = await postReturn({ returnReference: `RT${Date.now()}p`, originalBankReference: bankReference, amount: '100', currency: 'KES' });
    expect(partial.status).toBe(422);
    expect((await partial.json()).errors).toEqual([expect.objectContaining({ path: 'amount' })]);
    const invalid = await postReturn({ returnReference: `RT${Date.now()}i`, originalBankReference: bankReference, currency: 'KES' });
    expect(invalid.status).toBe(422);
    expect((await paymentRow(payment.id)).status).toBe('RECEIVED');
    expect(await reversalRows(payment.id)).toHaveLength(0);
  });
});
