import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { cliWithPassword } from './support/cli';
import { expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from './support/phone';
import { signIn } from './support/portal';
import { serviceAs } from './support/service';

/**
 * The suite's server has no mail server, so "Forgot password?" says whom to ask; the emailing flow
 * (a local SMTP server, the same answer for a stranger, the throttle) is tested against the API in
 * tests/docs/forgot-password.test.ts. A second app instance with SMTP_URL would rebuild the shared
 * `.next` under this server whenever a source changed since the suite's build.
 */
test('"Forgot password?" on the sign-in page says, without a mail server, whom to ask; it reads on a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/login\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expect(page.getByText('Ask an administrator of your team for a password-reset link')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});

test('a reset link sets a new password once; the old one stops working', async ({ browser, playwright }) => {
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
