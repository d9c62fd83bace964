import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '@/lib/audit/schema';
import { merchants } from '@/lib/merchants/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { call, signedInOperator } from './desk-support';

const api = useTestApi();

describe("a merchant's KE-QR category code from the console", () => {
  it('lets a PLATFORM_ADMIN set four digits, recorded in the merchant\'s own audit log, and refuses anything else as the CLI does', async () => {
    const admin = await signedInOperator(api, 'PLATFORM_ADMIN', { firstName: 'Jane', lastName: 'Wanjiru' });
    const { merchant } = await newMerchant('Category Shop');
    for (const code of ['54a1', '541', '54111', '']) {
      const refused = await call(api, 'PUT', `/operator/merchants/${merchant.id}/category-code`, admin.token, { code });
      expect({ code, status: refused.status, field: refused.body.errors?.[0]?.path }).toEqual({ code, status: 422, field: 'code' });
    }
    const set = await call(api, 'PUT', `/operator/merchants/${merchant.id}/category-code`, admin.token, { code: '5411', reason: 'Acquirer onboarding form' });
    expect(set).toMatchObject({ status: 200, body: { id: merchant.id, merchantCategoryCode: '5411' } });
    const [stored] = await db().select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(stored!.merchantCategoryCode).toBe('5411');

    const logged = await db().select().from(auditEvents).where(and(eq(auditEvents.merchantId, merchant.id), eq(auditEvents.action, 'merchant.category_code_set')));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actorType: 'operator', summary: 'Collect support (Jane Wanjiru) set the KE-QR merchant category code of Category Shop to 5411 (was 0000): Acquirer onboarding form' });
    // The same code again changes nothing and records nothing.
    expect((await call(api, 'PUT', `/operator/merchants/${merchant.id}/category-code`, admin.token, { code: '5411' })).status).toBe(200);
    expect(await db().select().from(auditEvents).where(and(eq(auditEvents.merchantId, merchant.id), eq(auditEvents.action, 'merchant.category_code_set')))).toHaveLength(1);
    expect((await call(api, 'GET', `/operator/merchants/${merchant.id}`, admin.token)).body.merchant.merchantCategoryCode).toBe('5411');
  });

  it('refuses PLATFORM_SUPPORT (403) and answers an unknown merchant 404', async () => {
    const support = await signedInOperator(api, 'PLATFORM_SUPPORT');
    const admin = await signedInOperator(api, 'PLATFORM_ADMIN');
    const { merchant } = await newMerchant('Support Cannot');
    expect((await call(api, 'PUT', `/operator/merchants/${merchant.id}/category-code`, support.token, { code: '5812' })).status).toBe(403);
    expect((await call(api, 'PUT', '/operator/merchants/00000000-0000-4000-8000-000000000000/category-code', admin.token, { code: '5812' })).status).toBe(404);
    const [stored] = await db().select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(stored!.merchantCategoryCode).toBe('0000');
  });
});
