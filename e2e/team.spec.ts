import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { demo, type Account } from './support/accounts';
import { baseURL, serverEnvironment } from './support/environment';
import { signIn, signInWithoutTheForm } from './support/portal';
import { serviceAs } from './support/service';

/** A merchant of this test's own (the operator CLI, as in the global setup), so its policy touches no other test. */
function newMerchantAdmin(): Account {
  const admin = { email: `admin-${randomUUID().slice(0, 8)}@example.com`, password: 'admin-password-123' };
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', 'merchant:create', '--name', 'Second Duka', '--email', admin.email], {
    env: { ...process.env, ...serverEnvironment, COLLECT_PASSWORD: admin.password },
    encoding: 'utf8',
  });
  return admin;
}

async function enrolFromAccountPage(page: Page): Promise<string> {
  await page.goto('/account');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code from the app').fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'Turn on two factors' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  return secret;
}

/** The code the test's own authenticator app shows, for the current step or one before. */
const codeFor = (secret: string, stepsBack = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() - stepsBack * 30_000 });

async function exchange(page: Page, apiKey: string) {
  return page.request.post(`${baseURL}/api/v1/auth/token`, { data: { apiKey } });
}

async function signOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

test.describe('team, API keys, two factors and audit', () => {
  test('an admin creates and revokes an API key, invites a user who joins, enrols in two factors and signs in with a code; the audit log shows all of it', async ({ browser, page }) => {
    await signInWithoutTheForm(page, demo);

    // API key: shown once, works, then revoked.
    await page.goto('/api-keys');
    const keyName = `E2E ${randomUUID().slice(0, 6)}`;
    await page.getByLabel('Name').fill(keyName);
    await page.getByLabel('Role').selectOption('SUPPORT');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const secretField = page.getByLabel('Secret key');
    await expect(secretField).toHaveValue(/^ck_test_/);
    const secret = await secretField.inputValue();
    expect((await exchange(page, secret)).status()).toBe(200);
    await page.reload();
    await expect(page.getByLabel('Secret key')).toHaveCount(0);
    const row = page.getByRole('row', { name: new RegExp(keyName) });
    await expect(row).toContainText('Read only');
    // Revoking asks first: the button only opens the question.
    await row.locator('summary', { hasText: 'Revoke' }).click();
    await expect(row).toContainText('stops working at once');
    await row.getByRole('button', { name: `Yes, revoke ${keyName}` }).click();
    await expect(page.getByRole('row', { name: new RegExp(keyName) })).toContainText('Revoked');
    expect((await exchange(page, secret)).status()).toBe(401);

    // Invitation: the link is shown once; the invitee sets a name and password.
    await page.goto('/team');
    const invitee: Account = { email: `invitee-${randomUUID().slice(0, 8)}@example.com`, password: 'invitee-password-123' };
    const inviteForm = page.locator('form', { has: page.getByRole('button', { name: 'Invite' }) });
    await inviteForm.getByLabel('Email').fill(invitee.email);
    await inviteForm.getByLabel('Role').selectOption('PLAIN_MERCHANT');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const linkField = page.getByLabel('Invitation link');
    await expect(linkField).toHaveValue(/\/invitations\/inv_/);
    const inviteUrl = await linkField.inputValue();
    expect(new URL(inviteUrl).origin).toBe(baseURL);

    const inviteeContext = await browser.newContext();
    const inviteePage = await inviteeContext.newPage();
    await inviteePage.goto(inviteUrl);
    await expect(inviteePage.getByRole('heading', { name: 'Join Demo Duka Ltd' })).toBeVisible();
    await inviteePage.getByLabel('First name').fill('Njeri');
    await inviteePage.getByLabel('Last name').fill('Wambui');
    await inviteePage.getByLabel('New password').fill(invitee.password);
    await inviteePage.getByRole('button', { name: 'Join' }).click();
    // Joining signs the invitee in: the overview opens.
    await expect(inviteePage).toHaveURL(`${baseURL}/`);
    // The link works once.
    await inviteePage.goto(inviteUrl);
    await expect(inviteePage.getByText('This link cannot be used')).toBeVisible();

    // The invitee, signed in by joining, turns on two factors with a code computed here.
    await inviteePage.goto('/account');
    await inviteePage.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const totpSecret = (await inviteePage.getByTestId('totp-secret').textContent())!.trim();
    await expect(inviteePage.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await inviteePage.getByLabel('Code from the app').fill(codeFor(totpSecret, 1));
    await inviteePage.getByRole('button', { name: 'Turn on two factors' }).click();
    await expect(inviteePage.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);

    // Signing in again now takes the password, then a code.
    await signOut(inviteePage);
    await inviteePage.goto('/login');
    await signIn(inviteePage, invitee);
    await expect(inviteePage.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    await inviteePage.getByLabel('Authentication code').fill('000000');
    await inviteePage.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(inviteePage.getByText('That code is not right.').first()).toBeVisible();
    await inviteePage.getByLabel('Authentication code').fill(codeFor(totpSecret));
    await inviteePage.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(inviteePage.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(inviteePage.getByRole('banner')).toContainText('Njeri Wambui');
    // A non-admin sees no team.
    await inviteePage.goto('/team');
    await expect(inviteePage.getByText('Only an administrator of your merchant can see the team.')).toBeVisible();
    await inviteeContext.close();

    // The audit log has it all, filters, and exports.
    await page.goto('/audit');
    const entries = page.getByRole('table', { name: 'Audit entries' });
    for (const action of ['api_key.created', 'api_key.revoked', 'invitation.created', 'invitation.accepted', 'mfa.enrolled', 'auth.sign_in_failed', 'auth.signed_in']) {
      await expect(entries).toContainText(action);
    }
    await expect(entries).toContainText(`${invitee.email} turned on two-factor sign-in`);
    await page.getByLabel('Action').fill('api_key.*');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/action=api_key/);
    const actions = await entries.locator('td[data-label="Action"]').allTextContents();
    expect(actions.length).toBeGreaterThanOrEqual(2);
    expect(actions.every((action) => action.startsWith('api_key.'))).toBe(true);
    const csv = await page.request.get(`${baseURL}/audit/export?action=api_key.*`);
    expect(csv.headers()['content-type']).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('createdAt,actorType,actorId,actor,action,targetType,targetId,summary,address,requestId');
    expect(text).toContain('api_key.revoked');
    expect(text).not.toContain(secret);
  });

  test('an admin requires two factors: a user reset by link is sent to enrolment before anything else', async ({ browser, page, playwright }) => {
    const admin = newMerchantAdmin();
    const member: Account = { email: `member-${randomUUID().slice(0, 8)}@example.com`, password: 'first-password-123' };
    await serviceAs(playwright, async (api) => {
      const invitation = await api.post('/api/v1/merchants/me/users/invitations', { data: { email: member.email, role: 'PLAIN_MERCHANT' } });
      expect(invitation.status(), await invitation.text()).toBe(201);
      const token = ((await invitation.json()) as { inviteUrl: string }).inviteUrl.split('/').at(-1);
      const accepted = await api.post(`/api/v1/auth/invitations/${token}/accept`, { data: { firstName: 'Otieno', lastName: 'Ouma', password: member.password } });
      expect(accepted.status(), await accepted.text()).toBe(201);
    }, admin);

    await signInWithoutTheForm(page, admin);
    await enrolFromAccountPage(page);
    await page.goto('/team');
    await page.getByRole('button', { name: 'Require two factors for everyone' }).click();
    await expect(page.getByText('Two-factor sign-in is now required.')).toBeVisible();
    const row = page.locator(`tr[data-email="${member.email}"]`);
    await row.getByRole('button', { name: `Password-reset link for ${member.email}` }).click();
    const resetUrl = await row.getByLabel('Password-reset link').inputValue();
    expect(resetUrl).toMatch(/\/reset-password\/rst_/);

    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await memberPage.goto(resetUrl);
    await memberPage.getByLabel('New password').fill('second-password-123');
    await memberPage.getByRole('button', { name: 'Set password' }).click();
    await expect(memberPage.getByText('All set.')).toBeVisible();

    await memberPage.goto('/login');
    await signIn(memberPage, { ...member, password: 'second-password-123' });
    await memberPage.goto('/payments');
    await expect(memberPage).toHaveURL(/\/account$/);
    await expect(memberPage.getByRole('alert').filter({ hasText: 'Your merchant requires two-factor sign-in' })).toBeVisible();
    await enrolFromAccountPage(memberPage);
    await memberPage.goto('/payments');
    await expect(memberPage.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    await memberContext.close();

    await page.goto(`/audit?actor=${encodeURIComponent(member.email)}`);
    const entries = page.getByRole('table', { name: 'Audit entries' });
    for (const action of ['user.password_reset', 'mfa.enrolled', 'auth.signed_in']) await expect(entries).toContainText(action);
  });
});
