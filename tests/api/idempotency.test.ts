import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-server';
import { signedInMerchant } from '../accounts/support';

const api = useTestApi();
const withKey = (key: string) => ({ 'Idempotency-Key': key });

describe('Idempotency-Key on creates', () => {
  it('replays the first answer to the same key and body, and creates only one account', async () => {
    const { token } = await signedInMerchant(api);
    const key = randomUUID();
    const first = await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'BRAND' }, headers: withKey(key) });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = await first.text();

    const replay = await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'BRAND' }, headers: withKey(key) });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('content-type')).toContain('application/json');
    expect(await replay.text()).toBe(firstBody);

    const brands = await (await api.request('GET', '/merchants/me/virtual-accounts?purpose=BRAND', { token })).json();
    expect(brands).toHaveLength(1);
  });

  it('replays a sub-merchant creation instead of answering 409 for the name it just took', async () => {
    const { token } = await signedInMerchant(api);
    const key = randomUUID();
    const first = await api.request('POST', '/merchants/me/sub-merchants', { token, json: { name: 'Karen shop' }, headers: withKey(key) });
    const replay = await api.request('POST', '/merchants/me/sub-merchants', { token, json: { name: 'Karen shop' }, headers: withKey(key) });
    expect([first.status, replay.status]).toEqual([201, 201]);
    expect(await replay.json()).toEqual(await first.json());
    expect(await (await api.request('GET', '/merchants/me/sub-merchants', { token })).json()).toHaveLength(1);
  });

  it('answers 422 idempotency_key_reused to the same key with another body', async () => {
    const { token } = await signedInMerchant(api);
    const key = randomUUID();
    expect((await api.request('POST', '/merchants/me/sub-merchants', { token, json: { name: 'One' }, headers: withKey(key) })).status).toBe(201);
    const reused = await api.request('POST', '/merchants/me/sub-merchants', { token, json: { name: 'Two' }, headers: withKey(key) });
    expect(reused.status).toBe(422);
    expect((await reused.json()).code).toBe('idempotency_key_reused');
    const names = (await (await api.request('GET', '/merchants/me/sub-merchants', { token })).json()).map((row: { name: string }) => row.name);
    expect(names).toEqual(['One']);
  });

  it('does not keep a validation failure, so a corrected retry with the same key succeeds', async () => {
    const { token } = await signedInMerchant(api);
    const key = randomUUID();
    const invalid = await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'CURRENCY' }, headers: withKey(key) });
    expect(invalid.status).toBe(422);
    // The same invalid body again is validated again rather than replayed.
    const again = await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'CURRENCY' }, headers: withKey(key) });
    expect(again.status).toBe(422);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    const corrected = await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'CURRENCY', currency: 'EUR' }, headers: withKey(key) });
    expect(corrected.status).toBe(201);
    expect((await corrected.json()).currency).toBe('EUR');
  });

  it('replays a 409 conflict with its existingId', async () => {
    const { token } = await signedInMerchant(api);
    const existing = await (await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'SUBSCRIBER' } })).json();
    const key = randomUUID();
    const conflict = await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'SUBSCRIBER' }, headers: withKey(key) });
    expect(conflict.status).toBe(409);
    const replay = await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'SUBSCRIBER' }, headers: withKey(key) });
    expect(replay.status).toBe(409);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await replay.json()).existingId).toBe(existing.id);
  });

  it('keeps keys per merchant: another merchant may use the same key', async () => {
    const first = await signedInMerchant(api);
    const second = await signedInMerchant(api);
    const key = randomUUID();
    const a = await api.request('POST', '/merchants/me/virtual-accounts', { token: first.token, json: { purpose: 'BRAND' }, headers: withKey(key) });
    const b = await api.request('POST', '/merchants/me/virtual-accounts', { token: second.token, json: { purpose: 'BRAND' }, headers: withKey(key) });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect((await b.json()).merchantId).toBe(second.merchant.id);
  });

  it('replays a payer link creation with its first status', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const key = randomUUID();
    const json = { targetType: 'VIRTUAL_ACCOUNT', targetId: virtualAccount.id };
    const first = await api.request('POST', '/merchants/me/payer-links', { token, json, headers: withKey(key) });
    const replay = await api.request('POST', '/merchants/me/payer-links', { token, json, headers: withKey(key) });
    expect([first.status, replay.status]).toEqual([201, 201]);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(await first.json());
  });
});
