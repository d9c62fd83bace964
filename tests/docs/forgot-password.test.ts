import { afterAll, describe, expect, it } from 'vitest';
import { MAX_REQUESTS_PER_ADDRESS, MAX_REQUESTS_PER_EMAIL } from '@/lib/team/forgot-password';
import { setUserActive } from '@/lib/merchants/operations';
import { useTestApi } from '../support/api-server';
import { freshAddress, newMerchant, signIn, uniqueEmail } from '../support/fixtures';
import { startSmtpServer } from '../team/smtp-server';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const api = useTestApi({ SMTP_URL: smtp.url, SMTP_FROM: 'Collect <team@collect.test>', PUBLIC_URL: 'https://portal.collect.test' });

/** Quoted-printable soft line breaks joined back, so a long link reads whole. */
const unfolded = (data: string) => data.replace(/=\n/g, '').replace(/=3D/g, '=');

const forgot = (email: string, address = freshAddress()) =>
  api.request('POST', '/auth/password-resets', { json: { email }, headers: { 'x-forwarded-for': address } });

async function mailTo(email: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = smtp.received.find((message) => message.to.includes(email));
    if (mail) return mail;
    if (Date.now() > deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('Forgot password', () => {
  it('emails an active user a one-time link with which they set a new password and sign in with it', async () => {
    const merchant = await newMerchant();
    const response = await forgot(merchant.user.email.toUpperCase());
    expect(response.status).toBe(202);
    const mail = await mailTo(merchant.user.email);
    expect(mail?.from).toBe('team@collect.test');
    const link = /https:\/\/portal\.collect\.test\/reset-password\/(rst_[A-Za-z0-9_-]+)/.exec(unfolded(mail!.data));
    expect(link).not.toBeNull();
    const token = link![1]!;

    expect((await api.request('GET', `/auth/password-resets/${token}`)).status).toBe(200);
    expect((await api.request('POST', `/auth/password-resets/${token}`, { json: { password: 'a-brand-new-password' } })).status).toBe(204);
    await expect(signIn(api, merchant.user.email, 'a-brand-new-password')).resolves.toMatchObject({ accessToken: expect.any(String) });
    await expect(signIn(api, merchant.user.email, merchant.password)).rejects.toThrow(/401/);
    // Used once: the same link is gone.
    expect((await api.request('POST', `/auth/password-resets/${token}`, { json: { password: 'yet-another-password' } })).status).toBe(410);
  });

  it('answers an unknown email exactly as a known one, and sends it nothing', async () => {
    const merchant = await newMerchant();
    const known = await forgot(merchant.user.email);
    const stranger = uniqueEmail('nobody');
    const unknown = await forgot(stranger);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    expect(unknown.headers.get('content-type')).toBe(known.headers.get('content-type'));
    await mailTo(merchant.user.email);
    expect(smtp.received.some((message) => message.to.includes(stranger))).toBe(false);
  });

  it('sends nothing to a disabled user, with the same answer', async () => {
    const merchant = await newMerchant();
    await setUserActive(merchant.user.email, false);
    const response = await forgot(merchant.user.email);
    expect(response.status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.some((message) => message.to.includes(merchant.user.email))).toBe(false);
  });

  it(`takes ${MAX_REQUESTS_PER_EMAIL} requests an hour per email, then answers 429 with Retry-After whether or not the email is a user's`, async () => {
    const merchant = await newMerchant();
    for (const email of [merchant.user.email, uniqueEmail('nobody')]) {
      for (let request = 0; request < MAX_REQUESTS_PER_EMAIL; request += 1) expect((await forgot(email)).status).toBe(202);
      const refused = await forgot(email);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect(await refused.json()).toMatchObject({ code: 'too_many_requests' });
    }
  });

  it(`takes ${MAX_REQUESTS_PER_ADDRESS} requests an hour from one address, whatever the emails`, async () => {
    const address = freshAddress();
    for (let request = 0; request < MAX_REQUESTS_PER_ADDRESS; request += 1) expect((await forgot(uniqueEmail('spray'), address)).status).toBe(202);
    expect((await forgot(uniqueEmail('spray'), address)).status).toBe(429);
    expect((await forgot(uniqueEmail('spray'))).status).toBe(202);
  });

  it('refuses what is not an email address with a message in words, and records nothing', async () => {
    const response = await forgot('not-an-email');
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ errors: [{ path: 'email', message: 'Must be an email address such as name@example.com' }] });
  });
});
