import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { config, setConfig } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { settlements } from '@/lib/settlement/schema';
import { mpesaCallbackSecret } from '@/lib/rails/secrets';
import { sendDarajaPayout } from '@/lib/settlement/payouts/daraja-send';
import { askAboutUnansweredPayouts } from '@/lib/settlement/payouts/sweep';
import { SEND_DARAJA_PAYOUT_TASK } from '@/lib/settlement/payouts/timing';
import { asInitiator, useDarajaApi } from '../support/daraja-api';
import { expectLedgerOk, MPESA_ACCOUNT, merchantPaidTo, owed, PAYBILL_ACCOUNT, received, settled, settleNow, settlementEvents, settlementNow, waitFor } from './payouts-support';

const { daraja, api } = await useDarajaApi(asInitiator);

/** A merchant owed KES 990 (a 1,000 payment less its 1% fee), paid out now on the given rail. */
async function owedAndSettled(details = MPESA_ACCOUNT) {
  const world = await merchantPaidTo(details);
  await received(world.account, '1000');
  expect(await owed(world.account.id)).toBe('990.0000');
  const settlement = await settleNow(world.merchant.id);
  expect(await owed(world.account.id)).toBe('0.0000');
  return { ...world, settlement };
}

const requestsFor = (settlementId: string) => daraja.payouts.payouts.filter((payout) => payout.body.Remarks === `Settlement ${settlementId}`);
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('settlements paid to a phone through Daraja B2C (a local Daraja server)', () => {
  it('sends the documented BusinessPayment request, and its Result pays the settlement with the M-Pesa receipt', async () => {
    const { settlement } = await owedAndSettled();
    expect(settlement).toMatchObject({ rail: 'MPESA_B2C', status: 'PENDING', amount: '990.0000' });
    // Queued with the settlement, in its transaction: the job (run here directly) sends it.
    const { rows } = await db().execute(sql`select 1 from graphile_worker.jobs where task_identifier = ${SEND_DARAJA_PAYOUT_TASK} and key = ${`${SEND_DARAJA_PAYOUT_TASK}:${settlement.id}`}`);
    expect(rows).toHaveLength(1);
    await sendDarajaPayout(settlement.id);

    const [request] = requestsFor(settlement.id);
    const token = encodeURIComponent(await mpesaCallbackSecret());
    expect(request!.body).toEqual({
      OriginatorConversationID: settlement.id,
      InitiatorName: daraja.credentials.initiator,
      SecurityCredential: daraja.credentials.securityCredential,
      CommandID: 'BusinessPayment',
      Amount: 990,
      PartyA: '4123456',
      PartyB: '254712345678',
      Remarks: `Settlement ${settlement.id}`,
      QueueTimeOutURL: `${api.baseUrl}/api/v1/rails/daraja/b2c/timeout?token=${token}`,
      ResultURL: `${api.baseUrl}/api/v1/rails/daraja/b2c/result?token=${token}`,
      Occassion: settlement.id,
    });
    const paid = await settled(settlement.id);
    expect(paid).toMatchObject({ status: 'PAID', providerReference: request!.transactionId, originatorConversationId: settlement.id, conversationId: request!.conversationId, failureReason: null });
    // The simulated Daraja notes our answer once it has read it, which may be just after the settlement committed.
    expect(await waitFor(async () => request!.resultAnswer, (answer) => answer !== undefined)).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    expect(await settlementEvents(settlement.id)).toEqual(['settlement.created', 'settlement.paid']);
    await expectLedgerOk(settlement.merchantId);
  });

  it('two send jobs at once, a repeated Result, and the send job running again change nothing: the phone is paid once', async () => {
    const { settlement } = await owedAndSettled();
    await Promise.all([sendDarajaPayout(settlement.id), sendDarajaPayout(settlement.id)]);
    expect(requestsFor(settlement.id)).toHaveLength(1);
    const paid = await settled(settlement.id);
    expect(paid.status).toBe('PAID');
    const [request] = requestsFor(settlement.id);
    const again = await daraja.payouts.redeliver(request!.conversationId);
    expect(again).toEqual({ status: 200, body: { ResultCode: '0', ResultDesc: 'Accepted' } });
    await sendDarajaPayout(settlement.id);
    expect(requestsFor(settlement.id)).toHaveLength(1);
    expect(await settlementNow(settlement.id)).toEqual(paid);
    expect(await settlementEvents(settlement.id)).toEqual(['settlement.created', 'settlement.paid']);
  });

  it('a Result that fails (2001 the initiator) makes the settlement FAILED with M-Pesa\'s words, and the money is owed again', async () => {
    const { settlement, account } = await owedAndSettled({ ...MPESA_ACCOUNT, phone: '254712000201' });
    daraja.payouts.scenarios.set('254712000201', { resultCode: 2001, resultDesc: 'The initiator information is invalid.' });
    await sendDarajaPayout(settlement.id);
    const failed = await settled(settlement.id);
    expect(failed).toMatchObject({ status: 'FAILED', providerReference: null });
    expect(failed.failureReason).toBe('M-Pesa did not pay: The initiator information is invalid. (result code 2001).');
    expect(await owed(account.id)).toBe('990.0000');
    expect(await settlementEvents(settlement.id)).toEqual(['settlement.created', 'settlement.failed']);
    await expectLedgerOk(settlement.merchantId);
  });

  it('a shortcode without the funds (result code 1) fails the settlement and gives the money back', async () => {
    const { settlement, account } = await owedAndSettled();
    daraja.payouts.utilityFunds = 500;
    try {
      await sendDarajaPayout(settlement.id);
      const failed = await settled(settlement.id);
      expect(failed.status).toBe('FAILED');
      expect(failed.failureReason).toContain('The balance is insufficient for the transaction. (result code 1)');
      expect(await owed(account.id)).toBe('990.0000');
    } finally {
      daraja.payouts.utilityFunds = 1_000_000;
    }
  });

  it('a request Daraja refuses at once fails the settlement without waiting for a Result', async () => {
    const { settlement, account } = await owedAndSettled({ ...MPESA_ACCOUNT, phone: '254712000400' });
    daraja.payouts.scenarios.set('254712000400', { refuse: { status: 400, errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid PartyB' } });
    await sendDarajaPayout(settlement.id);
    const failed = await settlementNow(settlement.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toBe('M-Pesa refused the payout request (400.002.02): Bad Request - Invalid PartyB');
    expect(await owed(account.id)).toBe('990.0000');
  });

  it('a queue timeout fails the settlement: nothing was paid', async () => {
    const { settlement, account } = await owedAndSettled({ ...MPESA_ACCOUNT, phone: '254712000408' });
    daraja.payouts.scenarios.set('254712000408', { queueTimeout: true });
    await sendDarajaPayout(settlement.id);
    const failed = await settled(settlement.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toContain('queue timeout');
    expect(await owed(account.id)).toBe('990.0000');
  });

  it('a Result that never comes is asked with Transaction Status after a while, never sent again: paid with the receipt', async () => {
    const { settlement } = await owedAndSettled({ ...MPESA_ACCOUNT, phone: '254712000111' });
    daraja.payouts.scenarios.set('254712000111', { deliver: false });
    await sendDarajaPayout(settlement.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await settlementNow(settlement.id)).status).toBe('PROCESSING');

    // Too early: nobody is asked yet.
    expect(await askAboutUnansweredPayouts(later(1))).toBe(0);
    expect(await askAboutUnansweredPayouts(later(6))).toBeGreaterThanOrEqual(1);
    const paid = await settled(settlement.id);
    const [request] = requestsFor(settlement.id);
    expect(paid).toMatchObject({ status: 'PAID', providerReference: request!.transactionId });
    const query = daraja.payouts.statusQueries.find((candidate) => candidate.body.Occasion === settlement.id)!;
    expect(query.body).toMatchObject({ CommandID: 'TransactionStatusQuery', OriginalConversationID: settlement.id, IdentifierType: '4', PartyA: '4123456' });
    expect(requestsFor(settlement.id)).toHaveLength(1);
  });

  it('a failed payout whose Result never came is FAILED once Transaction Status tells, and the money is owed again', async () => {
    const { settlement, account } = await owedAndSettled({ ...MPESA_ACCOUNT, phone: '254712000112' });
    daraja.payouts.scenarios.set('254712000112', { deliver: false, resultCode: 1, resultDesc: 'The balance is insufficient for the transaction.' });
    await sendDarajaPayout(settlement.id);
    await askAboutUnansweredPayouts(later(6));
    const failed = await settled(settlement.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toBe('M-Pesa reports the payout failed: The balance is insufficient for the transaction.; nothing was paid.');
    expect(await owed(account.id)).toBe('990.0000');
    // Asked once per interval: a second sweep at the same moment asks nothing more.
    const asked = daraja.payouts.statusQueries.filter((candidate) => candidate.body.Occasion === settlement.id).length;
    await askAboutUnansweredPayouts(later(6));
    expect(daraja.payouts.statusQueries.filter((candidate) => candidate.body.Occasion === settlement.id)).toHaveLength(asked);
  });

  it('M-Pesa not knowing the payout is believed only an hour after it was sent', async () => {
    const { settlement } = await owedAndSettled({ ...MPESA_ACCOUNT, phone: '254712000113' });
    // Daraja's server never heard of it: the request was lost on the way.
    daraja.payouts.scenarios.set('254712000113', { refuse: { status: 503, errorCode: '503.001.01', errorMessage: 'Service Unavailable' } });
    await sendDarajaPayout(settlement.id);
    expect((await settlementNow(settlement.id)).status).toBe('PROCESSING');
    await askAboutUnansweredPayouts(later(6));
    await waitFor(async () => daraja.payouts.statusQueries.find((candidate) => candidate.body.Occasion === settlement.id)?.status, (status) => status === 200);
    expect((await settlementNow(settlement.id)).status).toBe('PROCESSING');

    // An hour on, the same answer is believed: nothing left, the money is owed again.
    await db().update(settlements).set({ processingAt: new Date(Date.now() - 61 * 60_000) }).where(eq(settlements.id, settlement.id));
    await askAboutUnansweredPayouts(later(0));
    const failed = await settled(settlement.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toContain('M-Pesa has no record of the payout an hour after it was sent');
    expect(requestsFor(settlement.id)).toHaveLength(0);
  });

  it('a status question M-Pesa refuses (2001, the initiator) never fails the payout, however late', async () => {
    const { settlement } = await owedAndSettled({ ...MPESA_ACCOUNT, phone: '254712000115' });
    daraja.payouts.scenarios.set('254712000115', { deliver: false });
    await sendDarajaPayout(settlement.id);
    await db().update(settlements).set({ processingAt: new Date(Date.now() - 3 * 3_600_000) }).where(eq(settlements.id, settlement.id));
    const settings = config();
    setConfig({ ...settings, DARAJA_SECURITY_CREDENTIAL: 'a-credential-made-with-the-wrong-certificate' });
    try {
      await askAboutUnansweredPayouts(later(0));
    } finally {
      setConfig(settings);
    }
    const query = await waitFor(async () => daraja.payouts.statusQueries.find((candidate) => candidate.body.Occasion === settlement.id), (found) => found?.status === 200);
    expect((query!.result as { Result: { ResultCode: number } }).Result.ResultCode).toBe(2001);
    expect((await settlementNow(settlement.id)).status).toBe('PROCESSING');
  });
});

describe('settlements paid to a paybill through Daraja B2B', () => {
  it('sends BusinessPayBill with the account reference, and its Result pays the settlement', async () => {
    const { settlement } = await owedAndSettled(PAYBILL_ACCOUNT);
    expect(settlement).toMatchObject({ rail: 'MPESA_B2B', destination: 'Paybill 888880 (ACC-1)' });
    await sendDarajaPayout(settlement.id);
    const [request] = requestsFor(settlement.id);
    const token = encodeURIComponent(await mpesaCallbackSecret());
    expect(request!.body).toEqual({
      Initiator: daraja.credentials.initiator,
      SecurityCredential: daraja.credentials.securityCredential,
      CommandID: 'BusinessPayBill',
      SenderIdentifierType: '4',
      RecieverIdentifierType: '4',
      Amount: 990,
      PartyA: '4123456',
      PartyB: '888880',
      AccountReference: 'ACC-1',
      Remarks: `Settlement ${settlement.id}`,
      QueueTimeOutURL: `${api.baseUrl}/api/v1/rails/daraja/b2b/timeout?token=${token}`,
      ResultURL: `${api.baseUrl}/api/v1/rails/daraja/b2b/result?token=${token}`,
    });
    const paid = await settled(settlement.id);
    expect(paid).toMatchObject({ status: 'PAID', providerReference: request!.transactionId, originatorConversationId: request!.originatorConversationId });
  });

  it('a B2B Result that fails gives the money back', async () => {
    const { settlement, account } = await owedAndSettled({ ...PAYBILL_ACCOUNT, paybill: '888881' });
    daraja.payouts.scenarios.set('888881', { resultCode: 2001, resultDesc: 'The initiator information is invalid.' });
    await sendDarajaPayout(settlement.id);
    expect((await settled(settlement.id)).status).toBe('FAILED');
    expect(await owed(account.id)).toBe('990.0000');
  });

  it('a B2B Result that never comes is asked by the conversation id Daraja acknowledged', async () => {
    const { settlement } = await owedAndSettled({ ...PAYBILL_ACCOUNT, paybill: '888882' });
    daraja.payouts.scenarios.set('888882', { deliver: false });
    await sendDarajaPayout(settlement.id);
    await askAboutUnansweredPayouts(later(6));
    expect((await settled(settlement.id)).status).toBe('PAID');
    const [request] = requestsFor(settlement.id);
    expect(daraja.payouts.statusQueries.find((candidate) => candidate.body.Occasion === settlement.id)!.body.OriginalConversationID).toBe(request!.originatorConversationId);
  });
});

describe('the payout result routes', () => {
  const resultFor = (originator: string) => ({
    Result: { ResultType: 0, ResultCode: 0, ResultDesc: 'The service request is processed successfully.', OriginatorConversationID: originator, ConversationID: 'AG_20261126_00000000000000000000', TransactionID: 'TKX0000000' },
  });

  it('a Result for no settlement of ours is acknowledged as Daraja expects, and changes nothing', async () => {
    const token = encodeURIComponent(await mpesaCallbackSecret());
    for (const path of ['b2c', 'b2b']) {
      const response = await api.request('POST', `/rails/daraja/${path}/result?token=${token}`, { json: resultFor('00000000-0000-4000-8000-000000000000') });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    }
  });

  it('without the callback secret the routes are unknown', async () => {
    const { settlement } = await owedAndSettled();
    const response = await api.request('POST', '/rails/daraja/b2c/result?token=wrong', { json: resultFor(settlement.id) });
    expect(response.status).toBe(404);
    expect((await settlementNow(settlement.id)).status).toBe('PENDING');
  });

  it('a Result naming another amount than the settlement\'s is not applied', async () => {
    const { settlement } = await owedAndSettled({ ...MPESA_ACCOUNT, phone: '254712000114' });
    daraja.payouts.scenarios.set('254712000114', { deliver: false });
    await sendDarajaPayout(settlement.id);
    const token = encodeURIComponent(await mpesaCallbackSecret());
    const body = { Result: { ...resultFor(settlement.id).Result, ResultParameters: { ResultParameter: [{ Key: 'TransactionAmount', Value: 99 }, { Key: 'TransactionReceipt', Value: 'TKX0000001' }] } } };
    const response = await api.request('POST', `/rails/daraja/b2c/result?token=${token}`, { json: body });
    expect(response.status).toBe(200);
    expect((await settlementNow(settlement.id)).status).toBe('PROCESSING');
  });
});
