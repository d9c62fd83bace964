import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/db';
import { settlementAccounts } from '@/lib/settlement/schema';
import { expectExactKeys } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import { startSmtpServer } from '../team/smtp-server';
import { totpCode } from '../team/helpers';
import { ACCOUNT_KEYS, addAccount, bankAccount, expectProblem, json, merchantWithAccounts, tokenOf } from './api-helpers';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const api = useTestApi({ SMTP_URL: smtp.url, SMTP_FROM: 'Collect <team@collect.test>' });

interface AccountJson {
  id: string;
  kind: string;
  currency: string;
  status: string;
  accountNumber: string | null;
  phone: string | null;
  subMerchantId: string | null;
  disabledAt: string | null;
  [key: string]: unknown;
}

/** Turns two factors on for the token's user; answers the secret and its recovery codes. */
async function enrol(token: string) {
  const started = await json<{ secret: string }>(await api.request('POST', '/auth/mfa/totp', { token }), 200);
  // The step before the current one, so that the current code is still unused afterwards.
  const { recoveryCodes } = await json<{ recoveryCodes: string[] }>(
    await api.request('POST', '/auth/mfa/totp/confirm', { token, json: { code: totpCode(started.secret, Date.now() - 30_000) } }),
    200,
  );
  return { secret: started.secret, recoveryCodes };
}

const auditOf = async (token: string, targetId: string) =>
  json<{ action: string; summary: string; details: Record<string, unknown>; actor: { id: string } }[]>(
    await api.request('GET', `/merchants/me/audit-events?target=${targetId}`, { token }),
    200,
  );

/** Mail is sent after the answer, never awaited by it: wait for it as a person would. */
async function mailTo(address: string, withinMs = 5_000) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const found = smtp.received.filter((message) => message.to.includes(address));
    if (found.length > 0 || Date.now() > deadline) return found;
    await sleep(50);
  }
}

/** The body as a person reads it: quoted-printable (RFC 2045) soft breaks joined and =XX bytes decoded as UTF-8. */
const readable = (data: string) =>
  Buffer.from(data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1').toString('utf8');

const list = async (token: string) => (await json<{ data: AccountJson[] }>(await api.request('GET', '/merchants/me/settlement-accounts', { token }), 200)).data;

describe('adding a settlement account', () => {
  it('answers 201 with the account masked, records it in the audit log, and emails every other administrator but not the others', async () => {
    const world = await merchantWithAccounts(api);
    const otherAdmin = await tokenOf(api, world.merchant.id, 'MERCHANT_ADMIN');
    const otherAdminEmail = (await json<{ email: string }>(await api.request('GET', '/auth/me', { token: otherAdmin }), 200)).email;
    const plainUser = await tokenOf(api, world.merchant.id, 'PLAIN_MERCHANT');
    const plainEmail = (await json<{ email: string }>(await api.request('GET', '/auth/me', { token: plainUser }), 200)).email;

    const created = await json<AccountJson>(await addAccount(api, world.admin, bankAccount()), 201);
    expectExactKeys(created, ACCOUNT_KEYS);
    expect(created).toMatchObject({ kind: 'BANK', currency: 'KES', status: 'ACTIVE', accountNumber: '••••6789', bankName: 'Equity Bank', bankCode: '68', branchCode: '068', phone: null, disabledAt: null });
    const [row] = await db().select().from(settlementAccounts).where(eq(settlementAccounts.id, created.id));
    expect(row!.accountNumber).toBe('0170123456789');

    const [entry] = await auditOf(world.admin, created.id);
    expect(entry).toMatchObject({ action: 'settlement_account.created', actor: { id: world.user.id } });
    expect(JSON.stringify(entry)).not.toContain('0170123456789');
    expect(entry!.summary).toContain('••••6789');

    const mails = await mailTo(otherAdminEmail);
    expect(mails).toHaveLength(1);
    expect(readable(mails[0]!.data)).toContain('Equity Bank ••••6789');
    expect(readable(mails[0]!.data)).not.toContain('0170123456789');
    expect(smtp.received.some((message) => message.to.includes(world.user.email))).toBe(false);
    expect(smtp.received.some((message) => message.to.includes(plainEmail))).toBe(false);
  });

  it('keeps one active account per currency and bucket: a new one disables the one before, in the same change', async () => {
    const world = await merchantWithAccounts(api);
    const first = await json<AccountJson>(await addAccount(api, world.admin, bankAccount()), 201);
    const usd = await json<AccountJson>(await addAccount(api, world.admin, bankAccount({ currency: 'USD', accountNumber: '5550001111' })), 201);
    const branch = await json<AccountJson>(await addAccount(api, world.admin, bankAccount({ subMerchantId: world.branch.id })), 201);
    const phone = await json<AccountJson>(await addAccount(api, world.admin, { kind: 'MPESA', currency: 'KES', accountName: 'Wanjiku', phone: '0712 345 678' }), 201);
    expect(phone).toMatchObject({ phone: '2547••••5678', accountNumber: null, bankName: null });

    const accounts = await list(world.admin);
    const statusOf = (id: string) => accounts.find((account) => account.id === id)!;
    expect(statusOf(first.id)).toMatchObject({ status: 'DISABLED' });
    expect(statusOf(first.id).disabledAt).toBeTruthy();
    expect(statusOf(phone.id).status).toBe('ACTIVE');
    expect(statusOf(usd.id).status).toBe('ACTIVE');
    expect(statusOf(branch.id)).toMatchObject({ status: 'ACTIVE', subMerchantId: world.branch.id });
    expect(accounts.filter((account) => account.status === 'ACTIVE')).toHaveLength(3);
    expect((await auditOf(world.admin, phone.id))[0]!.details).toMatchObject({ replacedId: first.id });

    // Two administrators at the same moment: exactly one active account of the currency remains.
    const racing = await Promise.all([
      addAccount(api, world.admin, bankAccount({ currency: 'USD', accountNumber: '7770001111' })),
      addAccount(api, world.admin, bankAccount({ currency: 'USD', accountNumber: '8880001111' })),
    ]);
    expect(racing.map((response) => response.status)).toEqual([201, 201]);
    expect((await list(world.admin)).filter((account) => account.currency === 'USD' && account.status === 'ACTIVE')).toHaveLength(1);
  });

  it('checks each kind\'s fields and changes nothing on bad input', async () => {
    const world = await merchantWithAccounts(api);
    const refusals = [
      bankAccount({ accountNumber: '12AB3456' }),
      bankAccount({ bankCode: '' }),
      bankAccount({ currency: 'XYZ' }),
      { kind: 'MPESA', currency: 'USD', accountName: 'Wanjiku', phone: '0712345678' },
      { kind: 'MPESA', currency: 'KES', accountName: 'Wanjiku', phone: '+447911123456' },
      { kind: 'PAYBILL', currency: 'KES', accountName: 'Duka', paybill: '1234', accountReference: 'ACC-1' },
      { kind: 'PAYBILL', currency: 'KES', accountName: 'Duka', paybill: '888880', accountReference: 'A REFERENCE TOO LONG' },
      { kind: 'CHEQUE', currency: 'KES', accountName: 'Duka' },
      bankAccount({ subMerchantId: '00000000-0000-4000-8000-000000000000' }),
    ];
    for (const body of refusals) {
      const response = await addAccount(api, world.admin, body);
      expect([404, 422]).toContain(response.status);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
    }
    expect(await list(world.admin)).toEqual([]);
    const paybill = await json<AccountJson>(await addAccount(api, world.admin, { kind: 'PAYBILL', currency: 'KES', accountName: 'Duka', paybill: '888880', accountReference: 'ACC-1' }), 201);
    expect(paybill).toMatchObject({ paybill: '888880', accountReference: 'ACC-1', accountNumber: null, phone: null });
  });

  it('is for administrators only: others read the list but cannot add or disable', async () => {
    const world = await merchantWithAccounts(api);
    const account = await json<AccountJson>(await addAccount(api, world.admin, bankAccount()), 201);
    for (const role of ['PLAIN_MERCHANT', 'SUPPORT'] as const) {
      const token = await tokenOf(api, world.merchant.id, role);
      expect((await list(token)).map((row) => row.id)).toEqual([account.id]);
      await expectProblem(await addAccount(api, token, bankAccount()), 403, 'forbidden');
      await expectProblem(await api.request('POST', `/merchants/me/settlement-accounts/${account.id}/disable`, { token, json: {} }), 403, 'forbidden');
    }
    const stranger = await merchantWithAccounts(api);
    await expectProblem(await api.request('POST', `/merchants/me/settlement-accounts/${account.id}/disable`, { token: stranger.admin, json: {} }), 404, 'not_found');
    expect(await list(stranger.admin)).toEqual([]);
    // Without two factors, disabling needs no body at all.
    const disabled = await json<AccountJson>(await api.request('POST', `/merchants/me/settlement-accounts/${account.id}/disable`, { token: world.admin }), 200);
    expect(disabled).toMatchObject({ id: account.id, status: 'DISABLED' });
    expect((await auditOf(world.admin, account.id)).map((entry) => entry.action)).toContain('settlement_account.disabled');
  });
});

describe('an administrator with two factors on', () => {
  it('must send a current code to add or disable an account; a wrong or reused one changes nothing', async () => {
    const world = await merchantWithAccounts(api);
    const { secret, recoveryCodes } = await enrol(world.admin);

    await expectProblem(await addAccount(api, world.admin, bankAccount()), 401, 'mfa_code_required');
    await expectProblem(await addAccount(api, world.admin, bankAccount({ code: '000000' })), 403, 'invalid_mfa_code');
    expect(await list(world.admin)).toEqual([]);

    const code = totpCode(secret);
    const account = await json<AccountJson>(await addAccount(api, world.admin, bankAccount({ code })), 201);
    // A code confirms one change only.
    await expectProblem(await addAccount(api, world.admin, bankAccount({ currency: 'USD', code })), 403, 'invalid_mfa_code');
    expect((await auditOf(world.admin, account.id))[0]!.details).toMatchObject({ secondFactor: 'totp' });

    await expectProblem(await api.request('POST', `/merchants/me/settlement-accounts/${account.id}/disable`, { token: world.admin, json: {} }), 401, 'mfa_code_required');
    const disabled = await json<AccountJson>(
      await api.request('POST', `/merchants/me/settlement-accounts/${account.id}/disable`, { token: world.admin, json: { code: recoveryCodes[0] } }),
      200,
    );
    expect(disabled).toMatchObject({ status: 'DISABLED' });
    expect((await auditOf(world.admin, account.id)).map((entry) => entry.action).sort()).toEqual(['settlement_account.created', 'settlement_account.disabled']);
  });
});
