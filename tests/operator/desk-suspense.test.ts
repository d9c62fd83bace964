import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '@/lib/audit/schema';
import { suspensePayments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { newMerchant, signIn } from '../support/fixtures';
import { c2bBody, postC2b } from '../rails/support';
import { call, signedInOperator, uniquePhone, type Json } from './desk-support';

const api = useTestApi();

/** A payer paid a paybill account number no merchant has: the money waits in suspense of no merchant. */
async function unknownMerchantSuspense(amount = '2500.00') {
  const mistyped = `9${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 1000).toString().padStart(3, '0')}`;
  const body = c2bBody(mistyped, amount, { MSISDN: uniquePhone() });
  expect((await postC2b(api, 'confirmation', body)).status).toBe(200);
  const [row] = await db().select().from(suspensePayments).where(eq(suspensePayments.providerReference, body.TransID));
  return { row: row!, body, mistyped };
}

describe('suspense of unknown merchants in the console', () => {
  it('lists money no merchant could take, with what the payer typed, newest first', async () => {
    const operator = await signedInOperator(api, 'PLATFORM_SUPPORT');
    const older = await unknownMerchantSuspense('100.00');
    const newer = await unknownMerchantSuspense('200.00');
    const { status, body } = await call(api, 'GET', '/operator/suspense?limit=200', operator.token);
    expect(status).toBe(200);
    const ids = (body.data as Json[]).map((row) => row.id);
    expect(ids).toContain(older.row.id);
    expect(ids.indexOf(newer.row.id)).toBeLessThan(ids.indexOf(older.row.id));
    expect((body.data as Json[]).find((row) => row.id === newer.row.id)).toMatchObject({ merchant: null, accountNumber: newer.mistyped, amount: 200, status: 'OPEN' });
  });

  it('gives it to the account the payer meant, with the reason in both audit logs; the merchant then sees it', async () => {
    const a = await newMerchant('Shule ya Msingi');
    const operator = await signedInOperator(api, 'PLATFORM_ADMIN', { firstName: 'Jane', lastName: 'Wanjiru' });
    const { row } = await unknownMerchantSuspense('2500.00');
    const reason = 'Payer called with the M-Pesa message; the school confirmed the pupil';

    const assigned = await call(api, 'POST', `/operator/suspense/${row.id}/assign`, operator.token, { accountNumber: a.virtualAccount.accountNumber, reason });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ id: row.id, virtualAccountId: a.virtualAccount.id, merchant: { id: a.merchant.id, name: 'Shule ya Msingi' }, status: 'OPEN' });

    const [audit] = await db().select().from(auditEvents).where(and(eq(auditEvents.merchantId, a.merchant.id), eq(auditEvents.action, 'suspense.assigned')));
    expect(audit).toMatchObject({ actorType: 'operator', actorId: operator.user.id, targetId: row.id });
    expect(audit!.summary).toContain('Collect support (Jane Wanjiru) gave 2500');
    expect(audit!.summary).toContain(reason);
    expect(audit!.details).toMatchObject({ reason, accountNumber: a.virtualAccount.accountNumber });

    const { accessToken } = await signIn(api, a.user.email, a.password);
    const theirs = await call(api, 'GET', '/merchants/me/suspense', accessToken);
    expect((theirs.body as unknown as Json[]).map((item) => item.id)).toEqual([row.id]);

    // Given once: a second assignment (to anyone) is refused and changes nothing.
    const b = await newMerchant();
    const again = await call(api, 'POST', `/operator/suspense/${row.id}/assign`, operator.token, { accountNumber: b.virtualAccount.accountNumber, reason });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_assigned');
    expect((await db().select().from(suspensePayments).where(eq(suspensePayments.id, row.id)))[0]!.merchantId).toBe(a.merchant.id);
  });

  it('refuses an account number no account has, a missing reason, and support staff; nothing changes', async () => {
    const admin = await signedInOperator(api, 'PLATFORM_ADMIN');
    const support = await signedInOperator(api, 'PLATFORM_SUPPORT');
    const a = await newMerchant();
    const { row } = await unknownMerchantSuspense();

    const unknown = await call(api, 'POST', `/operator/suspense/${row.id}/assign`, admin.token, { accountNumber: '0000000001', reason: 'The payer says so' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('unknown_account');
    const noReason = await call(api, 'POST', `/operator/suspense/${row.id}/assign`, admin.token, { accountNumber: a.virtualAccount.accountNumber, reason: ' ' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.map((error: Json) => error.path)).toContain('reason');
    const readOnly = await call(api, 'POST', `/operator/suspense/${row.id}/assign`, support.token, { accountNumber: a.virtualAccount.accountNumber, reason: 'The payer says so' });
    expect(readOnly.status).toBe(403);

    expect((await db().select().from(suspensePayments).where(eq(suspensePayments.id, row.id)))[0]!.merchantId).toBeNull();
    expect(await db().select().from(auditEvents).where(eq(auditEvents.merchantId, a.merchant.id))).toEqual([]);
  });
});
