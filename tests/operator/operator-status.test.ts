import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setOperatorActive } from '@/lib/auth/operators';
import { users } from '@/lib/auth/schema';
import { platformAuditEvents } from '@/lib/audit/platform-schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { freshAddress, newMerchant, signIn } from '../support/fixtures';
import { call, signedInOperator, type Json } from './desk-support';

const api = useTestApi();
const PASSWORD = 'correct-horse-battery';

const signInAnswer = async (email: string) =>
  (await api.request('POST', '/auth/login', { json: { email, password: PASSWORD }, headers: { 'x-forwarded-for': freshAddress() } })).json() as Promise<Json>;

describe('disabling and enabling operators', () => {
  it("ends a disabled operator's sessions at once, refuses their sign-in, records who did it and why, and gives everything back when enabled", async () => {
    const jane = await signedInOperator(api, 'PLATFORM_ADMIN', { firstName: 'Jane', lastName: 'Wanjiru' });
    const brian = await signedInOperator(api, 'PLATFORM_SUPPORT', { firstName: 'Brian', lastName: 'Kiprop' });
    expect((await call(api, 'GET', '/operator/merchants', brian.token)).status).toBe(200);

    const disabled = await call(api, 'POST', `/operator/operators/${brian.user.id}/disable`, jane.token, { reason: 'Left the company' });
    expect(disabled).toMatchObject({ status: 200, body: { id: brian.user.id, active: false, role: 'PLATFORM_SUPPORT', mfaEnabled: true } });
    // The session ended in the same transaction: the very next request is refused.
    expect((await call(api, 'GET', '/operator/merchants', brian.token)).status).toBe(401);
    expect(await signInAnswer(brian.user.email)).toMatchObject({ code: 'user_disabled' });
    expect((await call(api, 'POST', `/operator/operators/${brian.user.id}/disable`, jane.token, {})).status).toBe(409);

    const [entry] = await db().select().from(platformAuditEvents).where(and(eq(platformAuditEvents.targetId, brian.user.id), eq(platformAuditEvents.action, 'operator.disabled')));
    expect(entry).toMatchObject({ operatorId: jane.user.id, kind: 'change', merchantIds: [] });
    expect(entry!.summary).toBe(`Collect support (Jane Wanjiru) disabled the operator Brian Kiprop <${brian.user.email}>; their sessions ended: Left the company`);

    const enabled = await call(api, 'POST', `/operator/operators/${brian.user.id}/enable`, jane.token, {});
    expect(enabled).toMatchObject({ status: 200, body: { active: true } });
    // The password is right again: the second factor is asked for, as for any enrolled operator.
    expect(await signInAnswer(brian.user.email)).toMatchObject({ code: 'mfa_required' });
    expect((await call(api, 'GET', `/operator/audit-events?operatorId=${jane.user.id}&limit=2`, jane.token)).body.data.map((row: Json) => row.action)).toEqual(['operator.enabled', 'operator.disabled']);
  });

  it('never lets an operator disable or enable themselves, nor PLATFORM_SUPPORT anyone, nor touch a merchant user through the console', async () => {
    const admin = await signedInOperator(api, 'PLATFORM_ADMIN');
    const self = await call(api, 'POST', `/operator/operators/${admin.user.id}/disable`, admin.token, { reason: 'Testing' });
    expect(self).toMatchObject({ status: 403, body: { code: 'own_operator_account' } });
    expect((await call(api, 'GET', '/operator/merchants', admin.token)).status).toBe(200);

    const support = await signedInOperator(api, 'PLATFORM_SUPPORT');
    expect((await call(api, 'POST', `/operator/operators/${admin.user.id}/disable`, support.token, {})).status).toBe(403);
    const merchant = await newMerchant('Not An Operator');
    expect((await call(api, 'POST', `/operator/operators/${merchant.user.id}/disable`, admin.token, {})).status).toBe(404);
    expect((await call(api, 'POST', `/operator/operators/${admin.user.id}/disable`, admin.token, { reason: 'x' })).status).toBe(422);
  });

  it('refuses to disable the last active PLATFORM_ADMIN, so that two admins disabling each other at once leave one', async () => {
    const last = await signedInOperator(api, 'PLATFORM_ADMIN');
    // Other test files' operators share this database: every other admin is disabled only inside a
    // transaction that is rolled back, where `last` is the only active PLATFORM_ADMIN left.
    const refused = db().transaction(async (tx) => {
      await tx.update(users).set({ active: false }).where(and(isNull(users.merchantId), eq(users.role, 'PLATFORM_ADMIN'), ne(users.id, last.user.id)));
      await setOperatorActive(tx, last.user.id, false);
    });
    await expect(refused).rejects.toMatchObject({ status: 409, code: 'last_platform_admin' });
    const [still] = await db().select().from(users).where(eq(users.id, last.user.id));
    expect(still!.active).toBe(true);
  });
});

describe('withdrawing operator invitations', () => {
  it('withdraws a pending invitation: its link stops working, it is listed as REVOKED, and a second withdrawal changes nothing', async () => {
    const admin = await signedInOperator(api, 'PLATFORM_ADMIN', { firstName: 'Jane', lastName: 'Wanjiru' });
    const email = `withdrawn-${randomUUID().slice(0, 8)}@collect.test`;
    const invited = await call(api, 'POST', '/operator/operators/invitations', admin.token, { email, firstName: 'Achieng', lastName: 'Otieno', role: 'PLATFORM_ADMIN' });
    const token = (invited.body.invitation.url as string).split('/invitations/')[1]!;
    const listed = await call(api, 'GET', '/operator/operators/invitations?limit=200', admin.token);
    expect((listed.body.data as Json[]).find((row) => row.id === invited.body.id)).toMatchObject({ email, role: 'PLATFORM_ADMIN', status: 'PENDING' });

    const withdrawn = await call(api, 'POST', `/operator/operators/invitations/${invited.body.id}/revoke`, admin.token);
    expect(withdrawn).toMatchObject({ status: 200, body: { id: invited.body.id, status: 'REVOKED' } });
    expect((await api.request('GET', `/auth/invitations/${token}`)).status).toBeGreaterThanOrEqual(400);
    expect((await api.request('POST', `/auth/invitations/${token}/accept`, { json: { firstName: 'A', lastName: 'O', password: 'a-long-password' } })).status).toBeGreaterThanOrEqual(400);
    expect((await call(api, 'POST', `/operator/operators/invitations/${invited.body.id}/revoke`, admin.token)).body.status).toBe('REVOKED');
    const rows = await db().select().from(platformAuditEvents).where(and(eq(platformAuditEvents.targetId, invited.body.id), eq(platformAuditEvents.action, 'operator.invitation_withdrawn')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.summary).toBe(`Collect support (Jane Wanjiru) withdrew the operator invitation of ${email} (PLATFORM_ADMIN).`);
  });

  it("refuses to withdraw an accepted invitation (409) and never reaches a merchant's invitation (404)", async () => {
    const admin = await signedInOperator(api, 'PLATFORM_ADMIN');
    const email = `accepted-${randomUUID().slice(0, 8)}@collect.test`;
    const invited = await call(api, 'POST', '/operator/operators/invitations', admin.token, { email, firstName: 'Achieng', lastName: 'Otieno', role: 'PLATFORM_SUPPORT' });
    const token = (invited.body.invitation.url as string).split('/invitations/')[1]!;
    expect((await api.request('POST', `/auth/invitations/${token}/accept`, { json: { firstName: 'Achieng', lastName: 'Otieno', password: 'a-long-password' } })).status).toBe(201);
    expect((await call(api, 'POST', `/operator/operators/invitations/${invited.body.id}/revoke`, admin.token)).status).toBe(409);

    const merchant = await newMerchant('Own Invitations');
    const merchantAdmin = await signIn(api, merchant.user.email, merchant.password);
    const theirs = (await (await api.request('POST', '/merchants/me/users/invitations', { token: merchantAdmin.accessToken, json: { email: `clerk-${randomUUID().slice(0, 6)}@duka.test`, role: 'PLAIN_MERCHANT' } })).json()) as Json;
    expect((await call(api, 'POST', `/operator/operators/invitations/${theirs.id}/revoke`, admin.token)).status).toBe(404);
    const list = await call(api, 'GET', '/operator/operators/invitations?limit=200', admin.token);
    expect((list.body.data as Json[]).map((row) => row.id)).not.toContain(theirs.id);
  });
});
