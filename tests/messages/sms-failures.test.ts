import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { recordMessages } from '@/lib/messages/record';
import { SEND_ATTEMPTS } from '@/lib/messages/record';
import { db } from '@/lib/platform/db';
import { signedInMerchant, signedInUser } from '../customers/helpers';
import { useTestApi } from '../support/api-server';
import { startAfricasTalkingServer } from './africastalking-server';
import { AT_ACCOUNT, jobsWithKey, messagesOf, runSend } from './support';

const at = await startAfricasTalkingServer(AT_ACCOUNT);
afterAll(() => at.close());
const api = useTestApi({ SMS_PROVIDER: 'africastalking', AT_USERNAME: AT_ACCOUNT.username, AT_API_KEY: AT_ACCOUNT.apiKey, AT_BASE_URL: at.url, MESSAGE_TIMEOUT_SECONDS: '1' });

beforeEach(() => {
  at.behaviour = 'normal';
});

/** One SMS recorded and queued for a fresh merchant, as a receipt or a bill link would be. */
async function queuedSms(phone = '254712345678') {
  const merchant = await signedInMerchant(api);
  const [message] = await db().transaction((tx) =>
    recordMessages(tx, [{ merchantId: merchant.merchant.id, subMerchantId: null, kind: 'BILL_LINK', channel: 'SMS', recipient: phone, subject: null, body: 'Duka: bill INV-1 for KES 100.00 is due by 1 Dec 2026.', language: 'en' }]),
  );
  return { merchant, message: message! };
}

const statusOf = async (merchantId: string) => (await messagesOf(merchantId))[0]!;

describe('SMS through Africa\'s Talking when it fails', () => {
  it('retries through the job queue after a 5xx, and the next attempt sends', async () => {
    const { merchant, message } = await queuedSms();
    expect(await jobsWithKey(`messages.send:${message.id}`)).toHaveLength(1);
    at.behaviour = 'server-error';
    await expect(runSend(message.id, 1)).rejects.toThrow(/answered 500/);
    expect(await statusOf(merchant.merchant.id)).toMatchObject({ status: 'RETRYING', attempts: 1, lastError: "Africa's Talking answered 500." });
    at.behaviour = 'normal';
    await runSend(message.id, 2);
    expect(await statusOf(merchant.merchant.id)).toMatchObject({ status: 'SENT', attempts: 2, lastError: null, providerCost: 'KES 0.8000' });
  });

  it('retries an InsufficientBalance refusal (a balance can be topped up)', async () => {
    const { merchant, message } = await queuedSms();
    at.behaviour = 'insufficient-balance';
    await expect(runSend(message.id, 1)).rejects.toThrow(/InsufficientBalance \(405\)/);
    expect(await statusOf(merchant.merchant.id)).toMatchObject({ status: 'RETRYING' });
  });

  it('gives up at once on a number the provider refuses for good, and says why', async () => {
    const { merchant, message } = await queuedSms();
    at.behaviour = 'blacklisted';
    await runSend(message.id, 1);
    expect(await statusOf(merchant.merchant.id)).toMatchObject({ status: 'FAILED', lastError: "Africa's Talking: UserInBlacklist (406)." });
  });

  it('stops waiting on a provider that does not answer, within MESSAGE_TIMEOUT_SECONDS, and retries', async () => {
    const { merchant, message } = await queuedSms();
    at.behaviour = 'hang';
    const started = Date.now();
    await expect(runSend(message.id, 1)).rejects.toThrow(/did not answer within 1 s/);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await statusOf(merchant.merchant.id)).toMatchObject({ status: 'RETRYING' });
  });

  it('marks the message FAILED on its last attempt; an administrator\'s retry sends it, once', async () => {
    const { merchant, message } = await queuedSms();
    at.behaviour = 'server-error';
    await runSend(message.id, SEND_ATTEMPTS);
    expect(await statusOf(merchant.merchant.id)).toMatchObject({ status: 'FAILED' });

    at.behaviour = 'normal';
    const retried = await api.request('POST', `/merchants/me/messages/${message.id}/retry`, { token: merchant.token });
    expect(retried.status).toBe(202);
    expect(await retried.json()).toMatchObject({ id: message.id, status: 'QUEUED' });
    expect(await jobsWithKey(`messages.send:${message.id}`)).toHaveLength(1);
    await runSend(message.id, 1);
    expect(await statusOf(merchant.merchant.id)).toMatchObject({ status: 'SENT' });
    // Sent: a second retry is refused, and a stray job sends nothing more.
    const again = await api.request('POST', `/merchants/me/messages/${message.id}/retry`, { token: merchant.token });
    expect(again.status).toBe(409);
    const before = at.requests.length;
    await runSend(message.id, 1);
    expect(at.requests.length).toBe(before);
  });

  it('shows failures in the message list, and lets SUPPORT read but not retry them', async () => {
    const { merchant, message } = await queuedSms();
    at.behaviour = 'blacklisted';
    await runSend(message.id, 1);
    const support = await signedInUser(api, merchant.merchant.id, 'SUPPORT');
    const list = await api.request('GET', '/merchants/me/messages?status=FAILED', { token: support.token });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { id: string; lastError: string }[]).map((row) => [row.id, row.lastError])).toEqual([[message.id, "Africa's Talking: UserInBlacklist (406)."]]);
    expect((await api.request('POST', `/merchants/me/messages/${message.id}/retry`, { token: support.token })).status).toBe(403);
    // Another merchant's message is not found.
    const other = await signedInMerchant(api);
    expect((await api.request('GET', `/merchants/me/messages/${message.id}`, { token: other.token })).status).toBe(404);
  });

  it('retries when Africa\'s Talking refuses the credentials (401), never echoing the key', async () => {
    const { merchant, message } = await queuedSms();
    const { setConfig, config } = await import('@/lib/platform/config');
    const saved = config();
    setConfig({ ...saved, AT_API_KEY: 'wrong-key' });
    try {
      await expect(runSend(message.id, 1)).rejects.toThrow(/refused the credentials \(401\)/);
    } finally {
      setConfig(saved);
    }
    const row = await statusOf(merchant.merchant.id);
    expect(row.status).toBe('RETRYING');
    expect(row.lastError).not.toContain('wrong-key');
  });
});
