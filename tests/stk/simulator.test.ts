import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { receiptFor } from '@/lib/rails/references';
import { handleStkCallback } from '@/lib/stk/callback';
import { stkCallbackBody } from '@/lib/stk/callback-format';
import { checkPrompt, stkCheckTask } from '@/lib/stk/check';
import { stkInitiations } from '@/lib/stk/schema';
import type { JobHelpers } from 'graphile-worker';
import { expectExactKeys, signedInMerchant } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import { accountOf } from '../rails/support';
import { eventsAbout, fetchInitiation, INITIATION_KEYS, initiate, paymentsOfAccount, queuedChecks, settled, storedInitiation } from './support';

const api = useTestApi();
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

describe('phone prompts in the sandbox (simulator)', () => {
  it('a prompt to any number is paid within 10 seconds, once, with a payment and an stk.completed event', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const response = await api.request('POST', '/merchants/me/stk/initiate', {
      token,
      json: { phone: '254712345678', amount: 1500, accountNumber: virtualAccount.accountNumber, description: 'Invoice 42' },
    });
    expect(response.status).toBe(202);
    const initiation = await response.json();
    expectExactKeys(initiation, INITIATION_KEYS);
    expect(initiation).toMatchObject({
      status: 'PENDING', phone: '254712345678', amount: 1500, accountNumber: virtualAccount.accountNumber, description: 'Invoice 42',
      expectedPaymentId: null, customerId: null, failureCode: null, failureReason: null, paymentId: null,
      // The simulator answers the push as Daraja does, with ids of Daraja's forms.
      checkoutRequestId: expect.stringMatching(/^ws_CO_\d{24}$/),
      merchantRequestId: expect.stringMatching(/^\d{1,5}-\d{8}-1$/),
    });
    expect(response.headers.get('location')).toBe(`/api/v1/merchants/me/stk/${initiation.id}`);

    const started = Date.now();
    const done = await settled(api, token, initiation.id);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(done).toMatchObject({ status: 'COMPLETED', paymentId: expect.any(String), failureCode: null });
    const [payment] = await paymentsOfAccount(virtualAccount.accountNumber);
    const stored = await storedInitiation(initiation.id);
    expect(payment).toMatchObject({ id: done.paymentId, amount: '1500.0000', channel: 'MOBILE_MONEY', payerPhone: '254712345678', providerReference: receiptFor(stored.checkoutRequestId!) });
    expect((await accountOf(virtualAccount.id)).balance).toBe('1500.0000');
    const recorded = await eventsAbout(initiation.id);
    expect(recorded.map((event) => event.type)).toEqual(['stk.completed']);
    expect(recorded[0]!.data).toMatchObject({ id: initiation.id, status: 'COMPLETED', paymentId: done.paymentId });

    // The status check that was queued finds it settled and changes nothing.
    await stkCheckTask({ initiationId: initiation.id }, {} as JobHelpers);
    expect(await paymentsOfAccount(virtualAccount.accountNumber)).toHaveLength(1);
    expect((await fetchInitiation(api, token, initiation.id)).status).toBe('COMPLETED');
  });

  it('queues a status check a minute after the prompt, in the same transaction', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const initiation = await initiate(api, token, { phone: '254700000006', amount: 10, accountNumber: virtualAccount.accountNumber });
    const [runAt] = await queuedChecks(initiation.id);
    expect(runAt!.getTime() - Date.parse(initiation.createdAt as string)).toBe(60_000);
  });

  it('each documented test number fails in its own way, in words a merchant understands', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const prompt = (phone: string) => initiate(api, token, { phone, amount: 100, accountNumber: virtualAccount.accountNumber });
    const expected: Record<string, [string, string]> = {
      '254700000001': ['1032', 'The payer cancelled the prompt.'],
      '254700000002': ['1', 'The payer\'s M-Pesa balance was too low.'],
      '254700000003': ['2001', 'The payer entered the wrong PIN.'],
      '254700000005': ['1019', 'The prompt expired before the payer answered.'],
    };
    const [unreachable, silent, ...called] = await Promise.all(['254700000004', '254700000006', ...Object.keys(expected)].map(prompt));
    const outcomes = await Promise.all(called.map((initiation) => settled(api, token, initiation.id)));
    outcomes.forEach((outcome, index) => {
      const [code, reason] = expected[called[index]!.phone as string]!;
      expect(outcome).toMatchObject({ status: 'FAILED', failureCode: code, failureReason: reason, paymentId: null });
    });
    for (const outcome of outcomes) expect((await eventsAbout(outcome.id)).map((event) => event.type)).toEqual(['stk.failed']);

    // 254700000004 sends no callback: only the status check learns that the phone was unreachable.
    expect((await fetchInitiation(api, token, unreachable!.id)).status).toBe('PENDING');
    expect(await checkPrompt(unreachable!.id, later(60))).toMatchObject({ status: 'FAILED', failureCode: '1037', failureReason: 'The payer\'s phone could not be reached.' });

    // 254700000006 never answers: re-checked, then TIMED_OUT after three minutes.
    expect(await checkPrompt(silent!.id, later(60))).toMatchObject({ status: 'PENDING' });
    expect((await queuedChecks(silent!.id)).length).toBe(1);
    const timedOut = await checkPrompt(silent!.id, later(181));
    expect(timedOut).toMatchObject({ status: 'TIMED_OUT', failureCode: null, failureReason: expect.stringContaining('no final answer') });
    expect((await eventsAbout(silent!.id)).map((event) => event.type)).toEqual(['stk.failed']);
    expect(await paymentsOfAccount(virtualAccount.accountNumber)).toHaveLength(0);
  });

  it('survives a restart: a prompt whose timer never fired is settled by the status check, with the same receipt', async () => {
    const { merchant, virtualAccount } = await signedInMerchant(api);
    const checkoutRequestId = `ws_CO_RESTART${Date.now()}`;
    const [row] = await db()
      .insert(stkInitiations)
      .values({
        merchantId: merchant.id, virtualAccountId: virtualAccount.id, accountNumber: virtualAccount.accountNumber, phone: '254712345678',
        amount: '700', provider: 'SIMULATOR', checkoutRequestId, merchantRequestId: '1-2-1', createdAt: new Date(Date.now() - 10_000),
      })
      .returning();
    const checked = await checkPrompt(row!.id);
    expect(checked).toMatchObject({ status: 'COMPLETED', paymentId: expect.any(String) });
    const [payment] = await db().select().from(payments).where(eq(payments.id, checked!.paymentId!));
    expect(payment!.providerReference).toBe(receiptFor(checkoutRequestId));

    // The simulated callback arriving late (the timer of another process) records nothing more.
    await handleStkCallback(
      stkCallbackBody({ checkoutRequestId, merchantRequestId: '1-2-1' }, { resultCode: '0', resultDesc: 'ok', receipt: receiptFor(checkoutRequestId), amount: '700', phone: '254712345678' }),
    );
    expect(await paymentsOfAccount(virtualAccount.accountNumber)).toHaveLength(1);
    expect((await accountOf(virtualAccount.id)).balance).toBe('700.0000');
  });
});
