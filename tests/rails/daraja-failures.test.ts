import { describe, expect, inject, it } from 'vitest';
import { closePool, useDatabaseUrl } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { bankBody, c2bBody, paymentsWithReference, postBank } from './support';

const SECRET = 'bank-secret-for-tests-0123456789abcdef';
const TOKEN = 'mpesa-token-for-failure-tests-0123456789';
const api = useTestApi({ BANK_WEBHOOK_SECRET: SECRET, MPESA_CALLBACK_SECRET: TOKEN });

const daraja = (step: string, body: string, contentType = 'application/json') =>
  api.request('POST', `/rails/daraja/${step}?token=${TOKEN}`, { body, headers: { 'content-type': contentType } });

const stkSuccess = (checkout: string) =>
  JSON.stringify({ Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: checkout, ResultCode: 0, ResultDesc: 'ok', CallbackMetadata: { Item: [{ Name: 'Amount', Value: 1 }, { Name: 'MpesaReceiptNumber', Value: `R${checkout}` }] } } } });

async function expectDaraja(response: Response, status: number, resultCode: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = await response.json();
  expect(body).toMatchObject({ ResultCode: resultCode, ResultDesc: expect.any(String) });
  expect(body.ResultDesc).not.toBe('Accepted');
  return body;
}

describe('the Daraja routes answer in Daraja\'s format whatever happens', () => {
  it('rejects validation of a malformed, mistyped or non-JSON body with C2B00016, HTTP 200', async () => {
    for (const [body, type] of [['{"TransID":', 'application/json'], ['{}', 'application/json'], ['[1,2]', 'application/json'], ['TransID=1', 'text/plain'], ['null', 'application/json']]) {
      await expectDaraja(await daraja('c2b/validation', body!, type), 200, 'C2B00016');
    }
  });

  it('answers a confirmation or callback it could not read with a 4xx Daraja body, never Accepted', async () => {
    for (const step of ['c2b/confirmation', 'stk/callback']) {
      expect((await expectDaraja(await daraja(step, '{"TransID":'), 400, '1')).ResultDesc).toMatch(/not valid JSON/);
      await expectDaraja(await daraja(step, '{}'), 422, '1');
      await expectDaraja(await daraja(step, '"text"'), 422, '1');
      expect([415, 422]).toContain((await daraja(step, '{"a":1}', 'text/plain')).status);
    }
    expect((await expectDaraja(await daraja('c2b/confirmation', JSON.stringify({ ...c2bBody('1', '1'), TransID: '' })), 422, '1')).ResultDesc).toMatch(/TransID/);
  });

  it('still answers a wrong token exactly as an unknown route', async () => {
    const response = await api.request('POST', '/rails/daraja/c2b/confirmation?token=nope', { body: '{"TransID":', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
  });

  it('during a database outage: validation rejects, confirmation and callback answer 503 with Retry-After, the bank 503 problem+json', async () => {
    const { virtualAccount } = await newMerchant();
    const confirmation = c2bBody(virtualAccount.accountNumber, '10');
    const credit = bankBody(virtualAccount.accountNumber, '10');
    await closePool();
    useDatabaseUrl('postgres://collect:nothing@127.0.0.1:1/none');
    try {
      await expectDaraja(await daraja('c2b/validation', JSON.stringify(confirmation)), 200, 'C2B00016');
      for (const [step, body] of [['c2b/confirmation', JSON.stringify(confirmation)], ['stk/callback', stkSuccess('ws_CO_outage')]] as const) {
        const response = await daraja(step, body);
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        await expectDaraja(response, 503, '1');
      }
      const bank = await postBank(api, credit, SECRET);
      expect(bank.status).toBe(503);
      expect(bank.headers.get('content-type')).toBe('application/problem+json');
      expect(Number(bank.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await closePool();
      useDatabaseUrl(inject('databaseUrl'));
    }
    // Once the database is back, the same resend is kept.
    expect((await daraja('c2b/confirmation', JSON.stringify(confirmation))).status).toBe(200);
    expect(await paymentsWithReference(confirmation.TransID)).toHaveLength(1);
  });
});
