import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { startSmtpServer, type ReceivedMail } from '../tests/team/smtp-server';
import { cliWithPassword } from './support/cli';
import { SMTP_PORT } from './support/environment';
import { expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from './support/phone';
import { signIn } from './support/portal';
import { serviceAs } from './support/service';

/**
 * The suite's server sends mail to SMTP_PORT (e2e/support/environment.ts); this file listens there
 * with the same RFC 5321 server the API tests use, so "Forgot password?" is followed as a person
 * does: the form, the email, the link, the new password. The throttle and the rest of the API's
 * side are in tests/docs/forgot-password.test.ts.
 */
test.describe.configure({ mode: 'serial' });

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
test.beforeAll(async () => {
  smtp = await startSmtpServer(SMTP_PORT);
});
test.afterAll(async () => {
  await smtp?.close();
});

/** The mail to this address, once it has come (the service sends it after answering). */
async function mailTo(email: string): Promise<ReceivedMail> {
  let mail: ReceivedMail | undefined;
  await expect.poll(() => (mail = smtp.received.find((message) => message.to.includes(email))), { timeout: 15_000 }).toBeDefined();
  return mail!;
}

/** The reset link in a mail, its quoted-printable soft line breaks joined back. */
const resetPath = (mail: ReceivedMail) => /\/reset-password\/rst_[A-Za-z0-9_-]+/.exec(mail.data.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[0];

async function askForALink(page: Page, email: string): Promise<string> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/login\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByText('Nothing after a few minutes?')).toBeVisible();
  // The form's one answer, in its live region: the same words whoever asked.
  return (await page.locator('[aria-live="polite"] p').first().textContent()) ?? '';
}

test('"Forgot password?" answers a stranger as it answers a user, emails only the user, and reads on a phone', async ({ browser }) => {
  const person = { email: `forgetful-${randomUUID().slice(0, 8)}@example.com`, password: 'first-password-123' };
  cliWithPassword(person.password, 'merchant:create', '--name', 'Forgetful Duka', '--email', person.email);
  const stranger = `nobody-${randomUUID().slice(0, 8)}@example.com`;
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();

  const toUser = await askForALink(page, person.email);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  const toStranger = await askForALink(page, stranger);
  expect(toUser).not.toBe('');
  expect(toStranger).toBe(toUser);

  expect(resetPath(await mailTo(person.email))).toBeDefined();
  expect(smtp.received.some((message) => message.to.includes(stranger))).toBe(false);
  await context.close();
});

test('the emailed link sets a new password once: the new one signs in, the old one and the used link are refused', async ({ browser }) => {
  const person = { email: `emailed-${randomUUID().slice(0, 8)}@example.com`, password: 'first-password-123' };
  cliWithPassword(person.password, 'merchant:create', '--name', 'Emailed Duka', '--email', person.email);
  const context = await browser.newContext();
  const page = await context.newPage();
  await askForALink(page, person.email);

  const mail = await mailTo(person.email);
  expect(mail.from).toBe('team@collect.test');
  const link = resetPath(mail);
  expect(link, mail.data).toBeDefined();

  await page.goto(link!);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(person.email);
  await page.getByLabel('New password').fill('second-password-123');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('All set.')).toBeVisible();

  await page.goto('/login');
  await signIn(page, person);
  await expect(page.getByText('Wrong email or password.')).toBeVisible();
  await signIn(page, { ...person, password: 'second-password-123' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // Used once: the same link, opened again, sets nothing.
  const again = await browser.newContext();
  const second = await again.newPage();
  await second.goto(link!);
  await expect(second.getByText('This link cannot be used')).toBeVisible();
  await expect(second.getByLabel('New password')).toHaveCount(0);
  await again.close();
  await context.close();
});

test('a reset link an administrator makes sets a new password once; the old one stops working', async ({ browser, playwright }) => {
  const person = { email: `forgetful-${randomUUID().slice(0, 8)}@example.com`, password: 'first-password-123' };
  const made = cliWithPassword(person.password, 'merchant:create', '--name', 'Forgetful Duka', '--email', person.email) as { user: { id: string } };
  const { resetUrl } = await serviceAs(
    playwright,
    async (api) => {
      const answer = await api.post(`/api/v1/merchants/me/users/${made.user.id}/password-reset`);
      expect(answer.status()).toBe(201);
      return (await answer.json()) as { resetUrl: string };
    },
    person,
  );
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(new URL(resetUrl).pathname);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(person.email);
  await page.getByLabel('New password').fill('short');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
  await page.getByLabel('New password').fill('second-password-123');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('All set.')).toBeVisible();

  await page.goto(new URL(resetUrl).pathname);
  await expect(page.getByText('This link cannot be used')).toBeVisible();
  await page.goto('/login');
  await signIn(page, person);
  await expect(page.getByText('Wrong email or password.')).toBeVisible();
  await signIn(page, { ...person, password: 'second-password-123' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await context.close();
});

test('accepting an invitation signs the person in: the overview opens, no second sign-in', async ({ browser, playwright }) => {
  const email = `joiner-${randomUUID().slice(0, 8)}@example.com`;
  const { inviteUrl } = await serviceAs(playwright, async (api) => {
    const answer = await api.post('/api/v1/merchants/me/users/invitations', { data: { email, role: 'SUPPORT' } });
    expect(answer.status()).toBe(201);
    return (await answer.json()) as { inviteUrl: string };
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(new URL(inviteUrl).pathname);
  await page.getByLabel('First name').fill('Amani');
  await page.getByLabel('Last name').fill('Mwangi');
  await page.getByLabel('New password').fill('joiner-password-123');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await context.close();
});
