import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, inject, it } from 'vitest';
import { compiledEntry } from '../support/compiled-scripts';
import { useTestApi } from '../support/api-server';
import { newMerchant, signIn } from '../support/fixtures';
import { call, signedInOperator, type Json } from './desk-support';

const api = useTestApi();
const totpCode = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [compiledEntry('scripts/cli.ts'), ...args], {
      env: { ...process.env, DATABASE_URL: inject('databaseUrl'), DATA_DIR: inject('testDataDir'), LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') }));
  });
}

describe('operators', () => {
  it('makes the first operator from the command line, a PLATFORM_ADMIN unless told otherwise, who must enrol in two factors first', async () => {
    const email = `first-operator-${randomUUID().slice(0, 8)}@collect.test`;
    const made = await runCli(['operator:create', '--email', email, '--first-name', 'Jane', '--last-name', 'Wanjiru'], { COLLECT_PASSWORD: 'correct-horse-battery' });
    expect(made.code, made.stderr).toBe(0);
    const operator = JSON.parse(made.stdout) as Json;
    expect(operator).toMatchObject({ email, role: 'PLATFORM_ADMIN', merchantId: null, firstName: 'Jane' });
    expect(operator).not.toHaveProperty('passwordHash');

    const { accessToken } = await signIn(api, email, 'correct-horse-battery');
    expect((await call(api, 'GET', '/operator/merchants', accessToken)).body).toMatchObject({ code: 'mfa_enrollment_required' });
    const started = (await call(api, 'POST', '/auth/mfa/totp', accessToken)).body;
    expect((await call(api, 'GET', '/auth/mfa', accessToken)).body).toMatchObject({ required: true, enabled: false });
    expect((await call(api, 'POST', '/auth/mfa/totp/confirm', accessToken, { code: totpCode(started.secret) })).status).toBe(200);
    expect((await call(api, 'GET', '/operator/merchants', accessToken)).status).toBe(200);

    const support = await runCli(['operator:create', '--email', `support-${randomUUID().slice(0, 8)}@collect.test`, '--first-name', 'Brian', '--last-name', 'Kiprop', '--role', 'PLATFORM_SUPPORT'], { COLLECT_PASSWORD: 'correct-horse-battery' });
    expect(JSON.parse(support.stdout)).toMatchObject({ role: 'PLATFORM_SUPPORT' });
    const wrong = await runCli(['operator:create', '--email', `x-${randomUUID().slice(0, 8)}@collect.test`, '--first-name', 'X', '--last-name', 'Y', '--role', 'MERCHANT_ADMIN'], { COLLECT_PASSWORD: 'correct-horse-battery' });
    expect(wrong.code).toBe(2);
  });

  it('invites an operator from the console; the invitee accepts, signs in with two factors still to enrol, and is listed', async () => {
    const admin = await signedInOperator(api, 'PLATFORM_ADMIN');
    const email = `invited-${randomUUID().slice(0, 8)}@collect.test`;
    const invited = await call(api, 'POST', '/operator/operators/invitations', admin.token, { email, firstName: 'Achieng', lastName: 'Otieno', role: 'PLATFORM_SUPPORT' });
    expect(invited).toMatchObject({ status: 201, body: { email, role: 'PLATFORM_SUPPORT', invitation: { emailed: false } } });
    const token = (invited.body.invitation.url as string).split('/invitations/')[1]!;
    expect(await (await api.request('GET', `/auth/invitations/${token}`)).json()).toMatchObject({ email, role: 'PLATFORM_SUPPORT', merchantName: 'Collect operator console' });
    expect((await api.request('POST', `/auth/invitations/${token}/accept`, { json: { firstName: 'Achieng', lastName: 'Otieno', password: 'a-long-password' } })).status).toBe(201);

    const { accessToken } = await signIn(api, email, 'a-long-password');
    expect(await (await api.request('GET', '/auth/me', { token: accessToken })).json()).toMatchObject({ role: 'PLATFORM_SUPPORT', merchantId: null, mfaEnrollmentRequired: true });
    const list = await call(api, 'GET', '/operator/operators?limit=200', admin.token);
    expect((list.body.data as Json[]).find((row) => row.email === email)).toMatchObject({ role: 'PLATFORM_SUPPORT', mfaEnabled: false, active: true });

    // A merchant's admin can never invite a platform role.
    const merchant = await newMerchant('No Platform Roles');
    const merchantAdmin = await signIn(api, merchant.user.email, merchant.password);
    expect((await call(api, 'POST', '/merchants/me/users/invitations', merchantAdmin.accessToken, { email: `sneaky-${randomUUID().slice(0, 6)}@x.test`, role: 'PLATFORM_ADMIN' })).status).toBe(422);
  });
});

describe('the platform audit log', () => {
  it("lists every operator read and change, newest first, filtered by operator and by merchant; B's records never show under A", async () => {
    const jane = await signedInOperator(api, 'PLATFORM_ADMIN', { firstName: 'Jane', lastName: 'Wanjiru' });
    const a = await newMerchant('Audited A');
    const b = await newMerchant('Audited B');
    await call(api, 'GET', `/operator/merchants/${a.merchant.id}`, jane.token);
    await call(api, 'POST', `/operator/merchants/${b.merchant.id}/disable`, jane.token, { reason: 'Fraud report under review' });

    const mine = await call(api, 'GET', `/operator/audit-events?operatorId=${jane.user.id}`, jane.token);
    expect(mine.status).toBe(200);
    expect((mine.body.data as Json[]).map((row) => [row.kind, row.action])).toEqual([
      ['change', 'merchant.disabled'],
      ['read', 'operator.merchant_viewed'],
      ['account', 'mfa.enrolled'],
      ['account', 'auth.signed_in'],
    ]);
    expect(mine.body.data[0].operator.label).toBe(`Jane Wanjiru <${jane.user.email}>`);

    const ofA = await call(api, 'GET', `/operator/audit-events?merchantId=${a.merchant.id}`, jane.token);
    expect((ofA.body.data as Json[]).map((row) => row.action)).toEqual(['operator.merchant_viewed']);
    const page = await call(api, 'GET', `/operator/audit-events?operatorId=${jane.user.id}&limit=1`, jane.token);
    expect(page.body.data).toHaveLength(1);
    const next = await call(api, 'GET', `/operator/audit-events?operatorId=${jane.user.id}&limit=1&cursor=${page.body.nextCursor}`, jane.token);
    expect(next.body.data[0].action).toBe('operator.merchant_viewed');
  });
});
