import { describe, expect, it } from 'vitest';
import { config, setConfig } from '@/lib/platform/config';
import { mpesaCallbackSecret } from '@/lib/rails/secrets';
import { C2bResponseType, registerC2bUrls } from '@/lib/recovery/register-c2b';
import { asInitiator, useDarajaApi } from '../support/daraja-api';

const { daraja, api } = await useDarajaApi(asInitiator);

describe('rails:register-c2b registers the paybill\'s confirmation and validation URLs with Daraja', () => {
  it('sends Daraja\'s Register URL request (v2, Completed by default) with URLs that carry the callback secret, and never prints it', async () => {
    const answer = await registerC2bUrls({ responseType: 'Completed', apiVersion: 'v2' });
    const secret = await mpesaCallbackSecret();
    const token = encodeURIComponent(secret);
    expect(daraja.c2b.registered.get('4123456')).toEqual({
      version: 'v2',
      shortCode: '4123456',
      responseType: 'Completed',
      confirmationUrl: `${api.baseUrl}/api/v1/rails/daraja/c2b/confirmation?token=${token}`,
      validationUrl: `${api.baseUrl}/api/v1/rails/daraja/c2b/validation?token=${token}`,
    });
    expect(answer).toMatchObject({ shortCode: '4123456', apiVersion: 'v2', responseType: 'Completed', responseCode: '0', responseDescription: 'Success', originatorConversationId: expect.stringMatching(/^\d+-\d+-1$/) });
    expect(answer.confirmationUrl).toBe(`${api.baseUrl}/api/v1/rails/daraja/c2b/confirmation?token=<MPESA_CALLBACK_SECRET>`);
    expect(JSON.stringify(answer)).not.toContain(secret);
  });

  it('the URLs it registers are the ones Daraja can call: a validation sent to them is answered in Daraja\'s format', async () => {
    await registerC2bUrls({ responseType: 'Completed', apiVersion: 'v2' });
    const { validationUrl } = daraja.c2b.registered.get('4123456')!;
    const response = await fetch(validationUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ TransID: 'SGR7ABC1XY', TransAmount: '10', BusinessShortCode: '4123456', BillRefNumber: 'nobody' }) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ResultCode: 'C2B00012', ResultDesc: 'Rejected' });
  });

  it('registers through v1 and with Cancelled when asked', async () => {
    const answer = await registerC2bUrls({ responseType: 'Cancelled', apiVersion: 'v1' });
    expect(answer).toMatchObject({ apiVersion: 'v1', responseType: 'Cancelled' });
    expect(daraja.c2b.registered.get('4123456')).toMatchObject({ version: 'v1', responseType: 'Cancelled' });
  });

  it('takes ResponseType only in Daraja\'s sentence case', () => {
    expect(C2bResponseType.safeParse('Completed').success).toBe(true);
    expect(C2bResponseType.safeParse('completed').success).toBe(false);
    expect(C2bResponseType.safeParse('Canceled').success).toBe(false);
  });

  it('says what to do when a production shortcode is already registered, without the secret', async () => {
    daraja.c2b.registered.clear();
    daraja.c2b.production = true;
    const configured = config();
    setConfig({ ...configured, PUBLIC_URL: 'https://collect.example' });
    try {
      await registerC2bUrls({ responseType: 'Completed', apiVersion: 'v2' });
      await expect(registerC2bUrls({ responseType: 'Completed', apiVersion: 'v2' })).rejects.toThrow(
        'Daraja refused the C2B URL registration (HTTP 500, 500.003.1001): Urls are already registered. (a production shortcode registers its URLs once: delete them under URL Management on the Daraja portal, then register again)',
      );
    } finally {
      daraja.c2b.production = false;
      setConfig(configured);
    }
  });

  it('refuses to register without PUBLIC_URL, naming it', async () => {
    const configured = config();
    setConfig({ ...configured, PUBLIC_URL: undefined });
    try {
      await expect(registerC2bUrls({ responseType: 'Completed', apiVersion: 'v2' })).rejects.toThrow('Registering the C2B URLs needs PUBLIC_URL');
    } finally {
      setConfig(configured);
    }
  });
});
