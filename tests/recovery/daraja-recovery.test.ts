import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withCheckDigit } from '@/lib/accounts/account-number';
import { config, setConfig } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { mpesaCallbackSecret } from '@/lib/rails/secrets';
import { registerPaybillForPull } from '@/lib/recovery/command';
import { RecoveryBusy } from '@/lib/recovery/errors';
import { runRecoveryIfDue } from '@/lib/recovery/job';
import { recoverMissedPayments } from '@/lib/recovery/recover';
import { recoverReceipt } from '@/lib/recovery/recover-receipt';
import { railRecoveryRuns } from '@/lib/recovery/schema';
import { signedInMerchant } from '../accounts/support';
import { accountOf, c2bBody, paymentsWithReference, postC2b, receipt } from '../rails/support';
import { asInitiator, useDarajaApi } from '../support/daraja-api';
import type { PaybillTransaction } from '../support/daraja-recovery';
import { eventually, heldInSuspense, outcomeOf, recoveredFlag, statusQueriesFor } from './support';

const { daraja, api } = await useDarajaApi(asInitiator, { callbackDelayMs: 30 });

beforeAll(async () => {
  await registerPaybillForPull('254722000000');
});
beforeEach(() => {
  daraja.recovery.transactions.length = 0;
  daraja.recovery.pageSize = 100;
});

const HOUR = 3_600_000;
const minutesAgo = (minutes: number) => new Date(Math.floor((Date.now() - minutes * 60_000) / 1000) * 1000);

/** A payment M-Pesa took on the paybill: in Daraja's list, whether or not its callback reached us. */
function paid(billreference: string, amount: number | string, overrides: Partial<PaybillTransaction> = {}): PaybillTransaction {
  const transaction = { transactionId: receipt(), trxDate: minutesAgo(5), msisdn: '254712345678', sender: 'Achieng Otieno', billreference, amount, ...overrides };
  daraja.recovery.transactions.push(transaction);
  return transaction;
}

const recoverLastHour = () => recoverMissedPayments({ trigger: 'CLI', sinceMs: HOUR });

describe('missed M-Pesa callbacks recovered through Daraja Pull Transactions', () => {
  it('registers the paybill once, with a notice URL that carries the callback secret', async () => {
    const registration = daraja.recovery.registered.get('4123456');
    expect(registration).toEqual({ nominatedNumber: '254722000000', callbackUrl: `${api.baseUrl}/api/v1/rails/daraja/pull/notifications?token=${encodeURIComponent(await mpesaCallbackSecret())}` });
    expect(await registerPaybillForPull('254722000000')).toMatchObject({ shortCode: '4123456', responseStatus: '1001' });
  });

  it('records a payment whose callback never came, once, as the confirmation would have, and flags it as recovered', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const missed = paid(virtualAccount.accountNumber, 1500);

    const report = await recoverLastHour();
    expect(report.run).toMatchObject({ status: 'COMPLETED', source: 'DARAJA', trigger: 'CLI', found: 1, recorded: 1, suspense: 0, duplicates: 0, errors: 0, error: null });
    expect(outcomeOf(report, missed.transactionId)).toBe('recorded');
    const [payment] = await paymentsWithReference(missed.transactionId);
    expect(payment).toMatchObject({ rail: 'MPESA', virtualAccountId: virtualAccount.id, amount: '1500.0000', feeAmount: '15.0000', payerPhone: '254712345678', payerName: 'Achieng Otieno', billReference: virtualAccount.accountNumber });
    expect(payment!.receivedAt.toISOString()).toBe(missed.trxDate.toISOString());
    expect((await accountOf(virtualAccount.id)).balance).toBe('1500.0000');
    expect(await recoveredFlag(missed.transactionId)).toMatchObject({ via: 'PULL', outcome: 'RECORDED', paymentId: payment!.id, runId: report.run.id });

    // Daraja's query: the paybill, the window in Nairobi time, row offset 0.
    expect(daraja.recovery.queries.at(-2)).toMatchObject({ ShortCode: '4123456', OffSetValue: '0', StartDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
  });

  it('running again over the same window records nothing more', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const missed = paid(virtualAccount.accountNumber, 640.5);
    await recoverLastHour();
    const again = await recoverLastHour();
    expect(again.run).toMatchObject({ status: 'COMPLETED', found: 1, recorded: 0, duplicates: 1 });
    expect(outcomeOf(again, missed.transactionId)).toBe('duplicate');
    expect(await paymentsWithReference(missed.transactionId)).toHaveLength(1);
    expect((await accountOf(virtualAccount.id)).balance).toBe('640.5000');
  });

  it('a callback arriving after recovery is acknowledged as a duplicate and credits nothing more', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const missed = paid(virtualAccount.accountNumber, 300);
    await recoverLastHour();
    const late = await postC2b(api, 'confirmation', c2bBody(virtualAccount.accountNumber, '300.00', { TransID: missed.transactionId }));
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    expect(await paymentsWithReference(missed.transactionId)).toHaveLength(1);
    expect((await accountOf(virtualAccount.id)).balance).toBe('300.0000');
  });

  it('leaves alone a payment whose callback did arrive', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const delivered = paid(virtualAccount.accountNumber, 250);
    await postC2b(api, 'confirmation', c2bBody(virtualAccount.accountNumber, '250', { TransID: delivered.transactionId }));
    const report = await recoverLastHour();
    expect(report.run).toMatchObject({ recorded: 0, duplicates: 1 });
    expect(await recoveredFlag(delivered.transactionId)).toBeUndefined();
    expect((await accountOf(virtualAccount.id)).balance).toBe('250.0000');
  });

  it('keeps a pulled payment no account can take in suspense, whole, with the entry as Daraja listed it', async () => {
    const unplaceable = paid(withCheckDigit('999999996'), 820);
    const report = await recoverLastHour();
    expect(report.run).toMatchObject({ recorded: 0, suspense: 1 });
    const [held] = await heldInSuspense(unplaceable.transactionId);
    expect(held).toMatchObject({ rail: 'MPESA', amount: '820.0000', reason: 'UNKNOWN_ACCOUNT' });
    expect(JSON.parse(held!.rawBody!)).toMatchObject({ transactionId: unplaceable.transactionId, amount: 820, transactiontype: 'c2b-pay-bill-debit' });
    expect(await recoveredFlag(unplaceable.transactionId)).toMatchObject({ outcome: 'SUSPENSE', paymentId: null });
    expect((await recoverLastHour()).run).toMatchObject({ suspense: 0, duplicates: 1 });
  });

  it('pages through the list with OffSetValue until Daraja has no more', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    daraja.recovery.pageSize = 2;
    const missed = [1, 2, 3, 4, 5].map((minutes) => paid(virtualAccount.accountNumber, 100, { trxDate: minutesAgo(minutes) }));
    const before = daraja.recovery.queries.length;
    const report = await recoverLastHour();
    expect(daraja.recovery.queries.slice(before).map((query) => query.OffSetValue)).toEqual(['0', '2', '4', '5']);
    expect(report.run).toMatchObject({ status: 'COMPLETED', pages: 4, found: 5, recorded: 5 });
    for (const transaction of missed) expect(await paymentsWithReference(transaction.transactionId)).toHaveLength(1);
    expect((await accountOf(virtualAccount.id)).balance).toBe('500.0000');
  });

  it('a refused token fails the run and records nothing; the next run recovers the window', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const missed = paid(virtualAccount.accountNumber, 75);
    daraja.revokeTokens();
    daraja.refuseCredentials = true;
    const failed = await recoverMissedPayments({ trigger: 'JOB' });
    daraja.refuseCredentials = false;
    expect(failed.run).toMatchObject({ status: 'FAILED', recorded: 0, error: expect.stringContaining('refused our consumer key and secret') });
    expect(await paymentsWithReference(missed.transactionId)).toHaveLength(0);

    // The failed run's window is left to the next one, which follows on from the last completed run.
    const next = await recoverMissedPayments({ trigger: 'JOB' });
    expect(next.run.windowStart.getTime()).toBeLessThanOrEqual(failed.run.windowStart.getTime());
    expect(next.run).toMatchObject({ status: 'COMPLETED', recorded: 1 });
    expect(await paymentsWithReference(missed.transactionId)).toHaveLength(1);
  });

  it('a Daraja 500 on a later page records none of the earlier pages, and says so', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    daraja.recovery.pageSize = 1;
    const missed = [paid(virtualAccount.accountNumber, 10, { trxDate: minutesAgo(3) }), paid(virtualAccount.accountNumber, 20, { trxDate: minutesAgo(2) })];
    const path = '/pulltransactions/v1/query';
    const query = daraja.routes.get(path)!;
    daraja.routes.set(path, (request) =>
      request.body.OffSetValue === '0' ? query(request) : request.send(500, { requestId: '1-2-3', errorCode: '500.003.02', errorMessage: 'System is busy. Please try again in few minutes.' }),
    );
    try {
      const report = await recoverLastHour();
      expect(report.run).toMatchObject({ status: 'FAILED', pages: 1, found: 0, recorded: 0, error: expect.stringContaining('HTTP 500') });
      expect(report.transactions).toEqual([]);
    } finally {
      daraja.routes.set(path, query);
    }
    for (const transaction of missed) expect(await paymentsWithReference(transaction.transactionId)).toHaveLength(0);
    expect((await accountOf(virtualAccount.id)).balance).toBe('0.0000');
  });

  it('an entry Daraja lists with an unreadable amount is asked about with Transaction Status, whose result records it', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const garbled = paid(virtualAccount.accountNumber, 700, { listedAmount: '7OO' });
    const report = await recoverLastHour();
    expect(report.run).toMatchObject({ status: 'COMPLETED', recorded: 0, statusQueries: 1 });
    expect(outcomeOf(report, garbled.transactionId)).toBe('status_query');

    const [payment] = await eventually(async () => {
      const found = await paymentsWithReference(garbled.transactionId);
      return found.length > 0 && found;
    });
    expect(payment).toMatchObject({ virtualAccountId: virtualAccount.id, amount: '700.0000', payerPhone: '254712345678', payerName: 'Achieng Otieno' });
    expect(payment!.receivedAt.toISOString()).toBe(garbled.trxDate.toISOString());
    // The flag is written just after the payment (lib/recovery/record-pulled.ts), in the result's request.
    expect(await eventually(() => recoveredFlag(garbled.transactionId))).toMatchObject({ via: 'STATUS', outcome: 'RECORDED', paymentId: payment!.id });
    const [query] = await eventually(async () => {
      const rows = await statusQueriesFor(garbled.transactionId);
      return rows[0]?.status === 'RECORDED' && rows;
    });
    expect(query).toMatchObject({ resultCode: '0', runId: report.run.id });

    // The sent query is Daraja's documented one, its result URL guarded by the callback secret.
    const token = encodeURIComponent(await mpesaCallbackSecret());
    const delivery = daraja.recovery.results.at(-1)!;
    expect(delivery.url).toBe(`${api.baseUrl}/api/v1/rails/daraja/transaction-status/result?token=${token}`);
    // The simulator notes the answer's status once it has read the body, which may be after the
    // result was recorded.
    await eventually(async () => delivery.status !== undefined);
    expect(delivery.status).toBe(200);

    // Daraja posting the same result again changes nothing.
    const again = await api.request('POST', `/rails/daraja/transaction-status/result?token=${token}`, { json: delivery.body });
    expect(again.status).toBe(200);
    expect(await paymentsWithReference(garbled.transactionId)).toHaveLength(1);
    expect((await accountOf(virtualAccount.id)).balance).toBe('700.0000');
  });

  it('without an initiator for Transaction Status, an entry whose amount is not money is kept in suspense as listed, never credited', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const garbled = paid(virtualAccount.accountNumber, 700, { listedAmount: '7OO' });
    const configured = config();
    setConfig({ ...configured, DARAJA_INITIATOR_NAME: undefined });
    try {
      const report = await recoverLastHour();
      expect(report.run).toMatchObject({ status: 'COMPLETED', suspense: 1, statusQueries: 0 });
    } finally {
      setConfig(configured);
    }
    const [held] = await heldInSuspense(garbled.transactionId);
    expect(held).toMatchObject({ amount: null, amountText: '7OO', reason: 'UNREADABLE_AMOUNT' });
    expect((await accountOf(virtualAccount.id)).balance).toBe('0.0000');
  });

  it('Daraja\'s queue timeout marks the query TIMED_OUT, and records nothing', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const slow = paid(virtualAccount.accountNumber, 90);
    const path = '/mpesa/transactionstatus/v1/query';
    const status = daraja.routes.get(path)!;
    // This time Daraja acknowledges and never posts a result: its queue times out instead.
    daraja.routes.set(path, ({ send }) => send(200, { OriginatorConversationID: '4242-777-1', ConversationID: 'AG_20261124_0000', ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' }));
    try {
      await recoverReceipt(slow.transactionId, 'CLI');
    } finally {
      daraja.routes.set(path, status);
    }
    const timeout = { Result: { ResultType: 1, ResultCode: 1, ResultDesc: 'The request is not processed in time.', OriginatorConversationID: '4242-777-1' } };
    const response = await api.request('POST', `/rails/daraja/transaction-status/timeout?token=${encodeURIComponent(await mpesaCallbackSecret())}`, { json: timeout });
    expect(response.status).toBe(200);
    expect((await statusQueriesFor(slow.transactionId))[0]).toMatchObject({ status: 'TIMED_OUT' });
    expect(await paymentsWithReference(slow.transactionId)).toHaveLength(0);
  });

  it('rails:recover --receipt asks Transaction Status; without the account the payer typed, the money waits in suspense', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const asked = paid(virtualAccount.accountNumber, 410);
    const report = await recoverReceipt(asked.transactionId, 'CLI');
    expect(report.run).toMatchObject({ status: 'COMPLETED', receipt: asked.transactionId, statusQueries: 1 });
    expect(report.statusQuery).toMatchObject({ status: 'PENDING' });
    const [held] = await eventually(async () => {
      const rows = await heldInSuspense(asked.transactionId);
      return rows.length > 0 && rows;
    });
    expect(held).toMatchObject({ amount: '410.0000', reason: 'UNKNOWN_ACCOUNT' });
    expect(await eventually(() => recoveredFlag(asked.transactionId))).toMatchObject({ via: 'STATUS', outcome: 'SUSPENSE' });
  });

  it('a receipt M-Pesa does not know records nothing, and its query says why', async () => {
    const unknown = receipt();
    await recoverReceipt(unknown, 'CLI');
    const [query] = await eventually(async () => {
      const rows = await statusQueriesFor(unknown);
      return rows[0]?.status === 'FAILED' && rows;
    });
    expect(query).toMatchObject({ resultCode: '1', resultDesc: 'The transaction receipt number does not exist.' });
    expect(await paymentsWithReference(unknown)).toHaveLength(0);
    expect(await heldInSuspense(unknown)).toHaveLength(0);
  });

  it('a Transaction Status result without the secret is an unknown route and records nothing', async () => {
    const body = { Result: { ResultType: 0, ResultCode: 0, ResultDesc: 'ok', OriginatorConversationID: '1-2-3' } };
    const response = await api.request('POST', '/rails/daraja/transaction-status/result?token=wrong', { json: body });
    expect(response.status).toBe(404);
  });

  it('refuses to start a second run while one is running', async () => {
    const [held] = await db()
      .insert(railRecoveryRuns)
      .values({ source: 'DARAJA', trigger: 'JOB', windowStart: new Date(), windowEnd: new Date() })
      .returning();
    try {
      await expect(recoverLastHour()).rejects.toBeInstanceOf(RecoveryBusy);
    } finally {
      await db().delete(railRecoveryRuns).where(eq(railRecoveryRuns.id, held!.id));
    }
  });

  it('the scheduled job runs once every RECOVERY_INTERVAL_SECONDS, whoever ran last', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    await recoverLastHour();
    const missed = paid(virtualAccount.accountNumber, 55);
    expect(await runRecoveryIfDue(new Date())).toBe('not_due');
    expect(await paymentsWithReference(missed.transactionId)).toHaveLength(0);
    expect(await runRecoveryIfDue(new Date(Date.now() + config().RECOVERY_INTERVAL_SECONDS * 1000))).toBe('ran');
    expect(await paymentsWithReference(missed.transactionId)).toHaveLength(1);
  });
});
