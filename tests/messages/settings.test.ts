import { describe, expect, it } from 'vitest';
import { scopedUser, signedInMerchant, signedInUser } from '../customers/helpers';
import { useTestApi } from '../support/api-server';

const api = useTestApi({ SANDBOX: 'true' });
const path = '/merchants/me/notification-settings';
const body = { receiptChannels: ['SMS', 'EMAIL'], language: 'sw', displayName: 'Mama Njeri', reminderDaysBefore: 3, reminderChannels: ['SMS'] };

describe('notification settings', () => {
  it('reads the defaults before anything is saved: nothing sent, English, the merchant\'s name', async () => {
    const { token } = await signedInMerchant(api);
    const response = await api.request('GET', path, { token });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ receiptChannels: [], language: 'en', displayName: null, merchantName: 'Test Merchant', nameInMessages: 'Test Merchant', reminderDaysBefore: null, reminderChannels: [], sandboxOutbox: true, updatedAt: null });
  });

  it('lets an administrator save them, and every user read them', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const saved = await api.request('PUT', path, { token, json: body });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ ...body, nameInMessages: 'Mama Njeri' });
    for (const role of ['PLAIN_MERCHANT', 'SUPPORT'] as const) {
      const user = await signedInUser(api, merchant.id, role);
      expect(await (await api.request('GET', path, { token: user.token })).json()).toMatchObject(body);
    }
  });

  it('refuses other users\' changes with 403 before reading the body, and changes nothing', async () => {
    const { token, merchant } = await signedInMerchant(api);
    for (const role of ['PLAIN_MERCHANT', 'SUPPORT'] as const) {
      const user = await signedInUser(api, merchant.id, role);
      const response = await api.request('PUT', path, { token: user.token, json: { language: 'xx' } });
      expect(response.status).toBe(403);
    }
    const scoped = await scopedUser(api, merchant.id);
    expect((await api.request('PUT', path, { token: scoped.token, json: body })).status).toBe(403);
    expect(await (await api.request('GET', path, { token })).json()).toMatchObject({ receiptChannels: [], language: 'en' });
  });

  it('answers bad input with a problem naming each field, and saves nothing', async () => {
    const { token } = await signedInMerchant(api);
    const response = await api.request('PUT', path, { token, json: { receiptChannels: ['PIGEON'], language: 'fr', reminderDaysBefore: 0, displayName: 'x'.repeat(61) } });
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const paths = ((await response.json()) as { errors: { path: string }[] }).errors.map((error) => error.path).sort();
    expect(paths).toEqual(['displayName', 'language', 'receiptChannels.0', 'reminderDaysBefore']);
    expect(await (await api.request('GET', path, { token })).json()).toMatchObject({ updatedAt: null });
  });
});
