import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { compiledEntry } from '../support/compiled-scripts';
import { db } from '@/lib/platform/db';
import { recoverMissedPayments } from '@/lib/recovery/recover';
import { recoverReceipt } from '@/lib/recovery/recover-receipt';
import { sandboxMpesaTransactions } from '@/lib/recovery/schema';
import { signedInMerchant } from '../accounts/support';
import { accountOf, paymentsWithReference, receipt } from '../rails/support';
import { useTestApi } from '../support/api-server';
import { outcomeOf, recoveredFlag } from './support';

const api = useTestApi({ SANDBOX: 'true' });
const PATH = '/merchants/me/sandbox/inbound-payments';
const TEN_MINUTES = 10 * 60_000;

const simulate = (token: string, json: Record<string, unknown>) => api.request('POST', PATH, { token, json });
const listed = async (reference: string) => (await db().select().from(sandboxMpesaTransactions).where(eq(sandboxMpesaTransactions.transactionId, reference)))[0];

describe('the sandbox: a dropped M-Pesa callback, recovered', () => {
  it('a payment with its callback dropped is taken and listed by the simulated M-Pesa, but not recorded', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const reference = receipt();
    const response = await simulate(token, { accountNumber: virtualAccount.accountNumber, amount: 1200, channel: 'MOBILE_MONEY', providerReference: reference, payerName: 'Wanjiru Mwangi', callback: 'dropped' });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ providerReference: reference, accountNumber: virtualAccount.accountNumber, amount: '1200', currency: 'KES', callback: 'dropped', recorded: false });
    expect(await paymentsWithReference(reference)).toHaveLength(0);
    expect((await accountOf(virtualAccount.id)).balance).toBe('0.0000');
    expect(await listed(reference)).toMatchObject({ callback: 'DROPPED', amount: '1200', billReference: virtualAccount.accountNumber, sender: 'Wanjiru Mwangi', shortCode: '4123456' });
  });

  it('end to end: dropped callback → recovery → the payment appears in the merchant\'s list, once, and a late callback is a duplicate', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const reference = receipt();
    const body = { accountNumber: virtualAccount.accountNumber, amount: 950, channel: 'MOBILE_MONEY', providerReference: reference, payerPhone: '254711223344' };
    expect((await simulate(token, { ...body, callback: 'dropped' })).status).toBe(202);

    const report = await recoverMissedPayments({ trigger: 'CLI', sinceMs: TEN_MINUTES });
    expect(report.run).toMatchObject({ status: 'COMPLETED', source: 'SANDBOX' });
    expect(outcomeOf(report, reference)).toBe('recorded');
    expect(await recoveredFlag(reference)).toMatchObject({ via: 'SANDBOX', outcome: 'RECORDED' });

    const data = await (await api.request('GET', '/merchants/me/payments', { token })).json();
    expect(data.map((payment: { providerReference: string }) => payment.providerReference)).toEqual([reference]);
    expect(data[0]).toMatchObject({ amount: 950, payerPhone: '254711223344', channel: 'MOBILE_MONEY' });

    // Recovering again, then the callback finally arriving: still one payment, credited once.
    expect(outcomeOf(await recoverMissedPayments({ trigger: 'CLI', sinceMs: TEN_MINUTES }), reference)).toBe('duplicate');
    const late = await simulate(token, body);
    expect(late.status).toBe(200);
    expect((await late.json()).id).toBe(data[0].id);
    expect(await paymentsWithReference(reference)).toHaveLength(1);
    expect((await accountOf(virtualAccount.id)).balance).toBe('950.0000');
  });

  it('a delivered payment is in the simulated M-Pesa\'s list too, and recovery leaves it alone', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const reference = receipt();
    expect((await simulate(token, { accountNumber: virtualAccount.accountNumber, amount: 80, channel: 'MOBILE_MONEY', providerReference: reference })).status).toBe(201);
    expect(await listed(reference)).toMatchObject({ callback: 'DELIVERED' });
    expect(outcomeOf(await recoverMissedPayments({ trigger: 'CLI', sinceMs: TEN_MINUTES }), reference)).toBe('duplicate');
    expect(await recoveredFlag(reference)).toBeUndefined();
    expect((await accountOf(virtualAccount.id)).balance).toBe('80.0000');
  });

  it('refuses "dropped" for bank channels with 422 naming the field, and keeps nothing', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const reference = receipt();
    const response = await simulate(token, { accountNumber: virtualAccount.accountNumber, amount: 80, channel: 'INSTANT_BANK', providerReference: reference, callback: 'dropped' });
    expect(response.status).toBe(422);
    const problem = await response.json();
    expect(problem.errors).toEqual([expect.objectContaining({ path: 'callback' })]);
    expect(await listed(reference)).toBeUndefined();
    expect((await accountOf(virtualAccount.id)).balance).toBe('0.0000');
  });

  it('a payment the rail would refuse is refused even with its callback dropped, and never listed', async () => {
    const { token } = await signedInMerchant(api);
    const reference = receipt();
    const response = await simulate(token, { accountNumber: '9999999999', amount: 80, channel: 'MOBILE_MONEY', providerReference: reference, callback: 'dropped' });
    expect(response.status).toBe(422);
    expect(await listed(reference)).toBeUndefined();
  });

  it('rails:recover --receipt records that one payment from the simulated M-Pesa\'s list', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const reference = receipt();
    await simulate(token, { accountNumber: virtualAccount.accountNumber, amount: 45, channel: 'MOBILE_MONEY', providerReference: reference, callback: 'dropped' });
    const report = await recoverReceipt(reference, 'CLI');
    expect(report.run).toMatchObject({ status: 'COMPLETED', receipt: reference, found: 1, recorded: 1 });
    expect(report.transactions).toEqual([expect.objectContaining({ transactionId: reference, outcome: 'recorded', amount: '45', accountReference: virtualAccount.accountNumber })]);
    expect((await accountOf(virtualAccount.id)).balance).toBe('45.0000');
    expect((await recoverReceipt(reference, 'CLI')).transactions).toEqual([expect.objectContaining({ outcome: 'duplicate' })]);
  });

  it('npm run cli -- rails:recover --since 15m prints the run and what it found', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const reference = receipt();
    await simulate(token, { accountNumber: virtualAccount.accountNumber, amount: 333, channel: 'MOBILE_MONEY', providerReference: reference, callback: 'dropped' });
    const { stdout } = await promisify(execFile)('node', [compiledEntry('scripts/cli.ts'), 'rails:recover', '--since', '15m'], {
      env: { ...process.env, DATABASE_URL: inject('databaseUrl'), SANDBOX: 'true', LOG_LEVEL: 'silent', DATA_DIR: inject('testDataDir') },
    });
    const printed = JSON.parse(stdout);
    expect(printed.run).toMatchObject({ status: 'COMPLETED', source: 'SANDBOX', trigger: 'CLI', error: null, recorded: expect.any(Number) });
    expect(new Date(printed.run.window.end).getTime() - new Date(printed.run.window.start).getTime()).toBe(15 * 60_000);
    expect(printed.transactions).toContainEqual({ transactionId: reference, amount: '333', accountReference: virtualAccount.accountNumber, outcome: 'recorded', paymentId: (await paymentsWithReference(reference))[0]!.id });
  }, 60_000);

  it('the CLI refuses a --since it cannot read, naming the option', async () => {
    const failure = await promisify(execFile)('node', [compiledEntry('scripts/cli.ts'), 'rails:recover', '--since', 'yesterday'], {
      env: { ...process.env, DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'silent' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 2, stderr: expect.stringContaining('--since must be a number and a unit') });
  }, 60_000);
});
