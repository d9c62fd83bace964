import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { DEMO_MERCHANT_NAME } from './support/accounts';
import { cliWithPassword } from './support/cli';
import { baseURL, serverEnvironment } from './support/environment';
import { expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from './support/phone';
import { signIn } from './support/portal';
import { legacyAccount, unique } from './support/service';

/** A setting of the server's database (its callback secret), where every instance reads it. */
async function sharedSetting(name: string): Promise<string> {
  const credentials = JSON.parse(await readFile(path.join(serverEnvironment.DATA_DIR!, 'postgres.json'), 'utf8')) as { port: number; password: string };
  const database = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(credentials.password)}@127.0.0.1:${credentials.port}/collect` });
  await database.connect();
  try {
    return (await database.query<{ value: string }>('select value from shared_settings where name = $1', [name])).rows[0]!.value;
  } finally {
    await database.end();
  }
}

/** Daraja's C2B confirmation, as Safaricom posts it to the paybill's confirmation URL. */
async function mpesaConfirmation(billRefNumber: string, amount: string, phone: string) {
  const body = {
    TransactionType: 'Pay Bill',
    TransID: `U${unique('').replace(/[^A-Z0-9]/g, '').slice(-9)}`,
    TransTime: '20261126101502',
    TransAmount: amount,
    BusinessShortCode: '4123456',
    BillRefNumber: billRefNumber,
    InvoiceNumber: '',
    OrgAccountBalance: '',
    ThirdPartyTransID: '',
    MSISDN: phone,
    FirstName: 'Achieng',
    MiddleName: '',
    LastName: 'Otieno',
  };
  const token = encodeURIComponent(await sharedSetting('mpesa-callback-secret'));
  const answer = await fetch(`${baseURL}/api/v1/rails/daraja/c2b/confirmation?token=${token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(answer.status, await answer.text()).toBe(200);
  return body;
}

const codeFor = (secret: string, at = Date.now()) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

/** An operator made with `operator:create`, enrolled in two factors through the API (its first sign-in), then signed in at /login with a code. */
async function signedInOperator(page: Page, role: 'PLATFORM_ADMIN' | 'PLATFORM_SUPPORT' = 'PLATFORM_ADMIN') {
  const account = { email: `${unique('desk').toLowerCase()}@collect.test`, password: 'operator-password-123' };
  cliWithPassword(account.password, 'operator:create', '--email', account.email, '--first-name', 'Jane', '--last-name', 'Wanjiru', '--role', role);
  const post = async (url: string, body: unknown, token?: string) => {
    const answer = await fetch(`${baseURL}/api/v1${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    expect(answer.ok, await answer.clone().text()).toBe(true);
    return (await answer.json()) as Record<string, string>;
  };
  const { accessToken } = await post('/auth/login', account);
  const { secret } = await post('/auth/mfa/totp', {}, accessToken);
  await post('/auth/mfa/totp/confirm', { code: codeFor(secret!) }, accessToken);

  await page.goto('/login');
  await signIn(page, account);
  // The next step's code: enrolment used this step's, and a code works once (one step of drift is accepted).
  await page.getByLabel('Authentication code').fill(codeFor(secret!, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/operator$/);
}

test.describe('the operator desk', () => {
  test("an operator finds a payer's payment from its receipt and reads the callback M-Pesa sent", async ({ page, playwright }) => {
    const account = await legacyAccount(playwright);
    const phone = `2547${String(Date.now()).slice(-8)}`;
    const paid = await mpesaConfirmation(account.accountNumber, '1350.00', phone);
    await signedInOperator(page, 'PLATFORM_SUPPORT');

    await page.getByLabel('Receipt, phone, reference or account number').fill(paid.TransID);
    await page.keyboard.press('Enter');
    const results = page.getByRole('table', { name: 'Payments found, newest first' });
    await expect(results.getByRole('row')).toHaveCount(2);
    await expect(results).toContainText(DEMO_MERCHANT_NAME);
    await expect(results).toContainText('KES 1,350.00');

    // The payer's phone as they say it finds the same payment.
    await page.getByLabel('Receipt, phone, reference or account').fill(`0${phone.slice(3, 6)} ${phone.slice(6)}`);
    await page.keyboard.press('Enter');
    await expect(results.getByRole('link', { name: paid.TransID })).toBeVisible();

    await results.getByRole('link', { name: paid.TransID }).click();
    await expect(page.getByRole('heading', { name: `Payment ${paid.TransID}` })).toBeVisible();
    const callback = page.getByRole('region', { name: 'What the rails sent' });
    await expect(callback.getByText('M-Pesa paybill confirmation')).toBeVisible();
    const body = callback.getByLabel('M-Pesa paybill confirmation body');
    await expect(body).toContainText(`"TransID": "${paid.TransID}"`);
    await expect(body).toContainText(`"MSISDN": "${phone}"`);

    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });

  test('an administrator gives unknown-merchant suspense to the account the payer meant, with the reason', async ({ page, playwright }) => {
    const account = await legacyAccount(playwright);
    // A paybill account number nobody has (its check digit is wrong): the money waits for an operator.
    const mistyped = `${account.accountNumber.slice(0, 9)}${(Number(account.accountNumber.slice(9)) + 1) % 10}`;
    const paid = await mpesaConfirmation(mistyped, '2400.00', `2547${String(Date.now()).slice(-8)}`);
    await signedInOperator(page);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Money not yet credited' }).click();
    const row = page.getByRole('row').filter({ hasText: paid.TransID });
    await expect(row).toContainText(mistyped);
    await expect(row).toContainText('No merchant yet');
    await row.getByText('Assign to an account').click();
    await row.getByLabel('Account number').fill(account.accountNumber);
    await row.getByLabel('Why (recorded, and shown to the merchant)').fill('Payer called; one digit mistyped, as the M-Pesa message shows');
    await row.getByRole('button', { name: 'Assign' }).click();
    await expect(page.getByText('Assigned. The merchant now sees it under Money not yet credited, with your reason.')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: paid.TransID })).toHaveCount(0);

    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
  });
});
