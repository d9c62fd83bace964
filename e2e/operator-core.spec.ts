import { expect, test, type Browser, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { demo } from './support/accounts';
import { cliWithPassword } from './support/cli';
import { expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from './support/phone';
import { baseURL } from './support/environment';
import { signIn, signInWithoutTheForm } from './support/portal';
import { unique } from './support/service';

const codeFor = (secret: string, at = Date.now()) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

async function post(url: string, body: unknown, token?: string) {
  const answer = await fetch(`${baseURL}/api/v1${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  expect(answer.ok, await answer.clone().text()).toBe(true);
  return (await answer.json()) as Record<string, string>;
}

/**
 * An operator as `operator:create` makes one, enrolled in two factors at its first sign-in (through
 * the API, to keep the test short), then signed in at /login with a code, in a browser context of
 * its own: two operators are two people.
 */
async function operatorPage(browser: Browser, firstName: string, lastName: string): Promise<Page> {
  const account = { email: `${unique(firstName).toLowerCase()}@collect.test`, password: 'operator-password-123' };
  cliWithPassword(account.password, 'operator:create', '--email', account.email, '--first-name', firstName, '--last-name', lastName);
  const { accessToken } = await post('/auth/login', account);
  const { secret } = await post('/auth/mfa/totp', {}, accessToken);
  await post('/auth/mfa/totp/confirm', { code: codeFor(secret!) }, accessToken);
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await signIn(page, account);
  // The next step's code: enrolment used this step's, and a code works once (one step of drift is accepted).
  await page.getByLabel('Authentication code').fill(codeFor(secret!, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/operator$/);
  return page;
}

test.describe('the operator console: merchants and four eyes', () => {
  test('an operator creates a merchant whose administrator accepts the invitation and signs in', async ({ browser }) => {
    const operator = await operatorPage(browser, 'Jane', 'Wanjiru');
    await operator.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Merchants' }).click();
    await operator.getByRole('link', { name: 'New merchant' }).click();
    const name = `Duka ${unique('m')}`;
    const adminEmail = `${unique('admin').toLowerCase()}@duka.test`;
    const form = operator.getByRole('form', { name: 'New merchant' });
    await form.getByLabel('Merchant name').fill(name);
    await form.getByLabel("Administrator's email").fill(adminEmail);
    await form.getByLabel("Administrator's first name").fill('Amina');
    await form.getByLabel("Administrator's last name").fill('Odhiambo');
    await form.getByRole('button', { name: 'Create merchant' }).click();
    await expect(operator.getByText(`${name} was created with its LEGACY account.`)).toBeVisible();
    const link = await operator.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(link).toMatch(/\/invitations\/inv_/);

    // The administrator, in a browser of their own, accepts and is signed in to their merchant.
    const admin = await (await browser.newContext()).newPage();
    await admin.goto(link);
    await admin.getByLabel('First name').fill('Amina');
    await admin.getByLabel('Last name').fill('Odhiambo');
    await admin.getByLabel('New password').fill('a-long-password-1');
    await admin.getByRole('button', { name: 'Join' }).click();
    await expect(admin.getByRole('banner')).toContainText(name);

    // The merchant's page in the console lists the new administrator.
    await operator.goto('/operator/merchants');
    await operator.getByRole('searchbox', { name: 'Name or id' }).fill(name);
    await operator.getByRole('button', { name: 'Search' }).click();
    await operator.getByRole('link', { name }).click();
    await expect(operator.getByRole('table', { name: 'Users' })).toContainText(adminEmail);

    // The console keeps the merchant portal's phone and accessibility rules.
    await operator.setViewportSize(PHONE);
    await expectNoSidewaysScroll(operator);
    await expectNoAxeViolations(operator);
  });

  test("a merchant's user opening the console gets the portal's 404 page", async ({ page }) => {
    await signInWithoutTheForm(page, demo);
    for (const path of ['/operator', '/operator/merchants', '/operator/pricing']) {
      const answer = await page.goto(path);
      expect(answer?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    }
  });

  test('a pricing change asked by one operator applies only when a second operator approves it', async ({ browser }) => {
    test.slow(); // two operators sign in with two factors
    const asker = await operatorPage(browser, 'Otieno', 'Ouma');
    const name = `Priced ${unique('m')}`;
    await asker.goto('/operator/merchants/new');
    const form = asker.getByRole('form', { name: 'New merchant' });
    await form.getByLabel('Merchant name').fill(name);
    await form.getByLabel("Administrator's email").fill(`${unique('p').toLowerCase()}@priced.test`);
    await form.getByLabel("Administrator's first name").fill('Wanjiku');
    await form.getByLabel("Administrator's last name").fill('Kamau');
    await form.getByRole('button', { name: 'Create merchant' }).click();
    await expect(asker.getByText(`${name} was created`)).toBeVisible();

    await asker.goto('/operator/merchants');
    await asker.getByRole('link', { name }).click();
    const pricing = asker.getByRole('form', { name: 'Ask for a pricing change' });
    await pricing.getByLabel('Percent').fill('1.2');
    await pricing.getByLabel('Maximum fee (optional)').fill('150');
    await pricing.getByLabel('Reason').fill('Volume discount agreed in November');
    await pricing.getByRole('button', { name: 'Ask for approval' }).click();
    await expect(asker.getByText('Asked: a second platform administrator must approve it')).toBeVisible();

    // The asker cannot approve their own change: only "Withdraw" is offered.
    await asker.goto('/operator/pricing');
    const own = asker.getByRole('article', { name: `Change of ${name}` });
    await expect(own.getByText('You asked for this change')).toBeVisible();
    await expect(own.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    const approver = await operatorPage(browser, 'Achieng', 'Otieno');
    await approver.goto('/operator/pricing');
    const change = approver.getByRole('article', { name: `Change of ${name}` });
    await expect(change).toContainText('Asked by Otieno Ouma');
    await change.getByRole('button', { name: 'Approve' }).click();
    // Decided: it leaves the pending list for the recent one, with both names.
    await expect(approver.getByRole('listitem').filter({ hasText: name })).toContainText(/APPROVED.*asked by Otieno Ouma.*decided by Achieng Otieno/);

    await approver.goto('/operator/merchants');
    await approver.getByRole('link', { name }).click();
    await expect(approver.getByRole('region', { name: 'Pricing' })).toContainText('"percent": "1.2"');
  });

  test('an administrator sets a merchant\'s KE-QR category code from its page; a code that is not four digits is refused in place', async ({ browser }) => {
    const operator = await operatorPage(browser, 'Wambui', 'Njeri');
    const name = `Coded ${unique('m')}`;
    await operator.goto('/operator/merchants/new');
    const created = operator.getByRole('form', { name: 'New merchant' });
    await created.getByLabel('Merchant name').fill(name);
    await created.getByLabel("Administrator's email").fill(`${unique('c').toLowerCase()}@coded.test`);
    await created.getByLabel("Administrator's first name").fill('Amina');
    await created.getByLabel("Administrator's last name").fill('Odhiambo');
    await created.getByRole('button', { name: 'Create merchant' }).click();
    await expect(operator.getByText(`${name} was created`)).toBeVisible();
    await operator.goto('/operator/merchants');
    await operator.getByRole('link', { name }).click();

    const form = operator.getByRole('form', { name: 'Set the KE-QR category code' });
    await expect(form.getByLabel('Category code')).toHaveValue('0000');
    await form.getByLabel('Category code').fill('54a1');
    await form.getByRole('button', { name: 'Save code' }).click();
    await expect(form.getByText('Four digits (ISO 18245), e.g. 5411')).toBeVisible();
    await form.getByLabel('Category code').fill('5411');
    await form.getByLabel('Reason (optional)').fill('Acquirer onboarding form');
    await form.getByRole('button', { name: 'Save code' }).click();
    await expect(form.getByText('Saved: its KE-QR codes carry 5411 from now on.')).toBeVisible();
    await operator.reload();
    await expect(operator.getByText('ISO 18245, carried by its KE-QR codes.')).toBeVisible();
  });
});

test.describe('the operator console: operators leave', () => {
  test('an administrator disables another operator after confirming, who is signed out at once, and withdraws an invitation', async ({ browser }) => {
    test.slow(); // two operators sign in with two factors, then a third browser opens the link
    const admin = await operatorPage(browser, 'Jane', 'Wanjiru');
    const lastName = unique('Kiprop');
    const leaving = await operatorPage(browser, 'Brian', lastName);
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Operators' }).click();
    const row = admin.getByRole('table', { name: 'Operators' }).getByRole('row').filter({ hasText: `Brian ${lastName}` });
    // Disabling asks first: the button opens the question and the real button (a <details>, no script needed).
    await row.locator('summary', { hasText: 'Disable' }).click();
    await expect(row).toContainText('will be signed out everywhere');
    await row.getByRole('button', { name: /^Yes, disable/ }).click();
    // The row answers in place: disabled, and now offering to enable.
    await expect(row.getByRole('button', { name: /^Enable / })).toBeVisible();
    await admin.reload();
    await expect(admin.getByRole('table', { name: 'Operators' }).getByRole('row').filter({ hasText: `Brian ${lastName}` })).toContainText('Disabled');

    // The disabled operator's next click lands on the sign-in page.
    await leaving.goto('/operator/merchants');
    await expect(leaving).toHaveURL(/\/login/);

    const email = `${unique('invitee').toLowerCase()}@collect.test`;
    const invite = admin.getByRole('form', { name: 'Invite an operator' });
    await invite.getByLabel('Email').fill(email);
    await invite.getByLabel('First name').fill('Achieng');
    await invite.getByLabel('Last name').fill('Otieno');
    await invite.getByRole('button', { name: 'Invite' }).click();
    const link = await admin.getByRole('textbox', { name: 'Link' }).inputValue();
    await admin.reload();
    const invitation = admin.getByRole('table', { name: 'Pending operator invitations' }).getByRole('row').filter({ hasText: email });
    await invitation.locator('summary', { hasText: 'Withdraw invitation' }).click();
    await invitation.getByRole('button', { name: `Yes, withdraw invitation of ${email}` }).click();
    // Withdrawn: it leaves the pending list, and its link no longer opens the form.
    await expect(invitation).toHaveCount(0);
    const invitee = await (await browser.newContext()).newPage();
    await invitee.goto(link);
    await expect(invitee.getByRole('button', { name: 'Join' })).toHaveCount(0);

    await admin.setViewportSize(PHONE);
    await expectNoSidewaysScroll(admin);
  });
});
