import { describe, expect, it } from 'vitest';
import { signedInMerchant } from '../customers/helpers';
import { useTestApi } from '../support/api-server';

// Not the sandbox, and neither SMS_PROVIDER nor SMTP_URL: nothing can be sent.
const api = useTestApi({ SANDBOX: 'false' });

describe('a live service without message providers', () => {
  it('has no sandbox outbox', async () => {
    const { token } = await signedInMerchant(api);
    expect((await api.request('GET', '/merchants/me/sandbox/messages', { token })).status).toBe(404);
  });

  it('refuses receipts by a channel it cannot send, with a sentence naming the setting', async () => {
    const { token } = await signedInMerchant(api);
    const response = await api.request('PUT', '/merchants/me/notification-settings', { token, json: { receiptChannels: ['SMS'], language: 'en' } });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'channel_not_configured', detail: expect.stringContaining('SMS_PROVIDER is not set') });
    const settings = await (await api.request('GET', '/merchants/me/notification-settings', { token })).json();
    expect(settings).toMatchObject({ receiptChannels: [], availableChannels: [], sandboxOutbox: false });
  });
});
