import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { bankSignature } from '../lib/rails/bank-signature';
import { demo, support } from './support/accounts';
import { baseURL, serverEnvironment } from './support/environment';
import { simulatePayment } from './support/payments';
import { expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from './support/phone';
import { mainNav, signInWithoutTheForm } from './support/portal';
import { legacyAccount, serviceAs, unique } from './support/service';

/** The bank's signing secret, where every instance reads it: the server's database. */
async function bankSecret(): Promise<string> {
  const credentials = JSON.parse(await readFile(path.join(serverEnvironment.DATA_DIR!, 'postgres.json'), 'utf8')) as { port: number; password: string };
  const database = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(credentials.password)}@127.0.0.1:${credentials.port}/collect` });
  await database.connect();
  try {
    const { rows } = await database.query<{ value: string }>("select value from shared_settings where name = 'bank-webhook-secret'");
    return rows[0]!.value;
  } finally {
    await database.end();
  }
}

/** A signed bank credit notification, as the bank sends one: dollars for a shillings account land in suspense. */
async function dollarsFromTheBank(accountNumber: string, bankReference: string, currency = 'USD') {
  const raw = JSON.stringify({
    bankReference,
    accountNumber,
    amount: '310.25',
    currency,
    payerName: 'Otieno Imports',
    payerAccount: '0100200300',
    narration: 'Invoice 77',
    channel: 'RTGS',
    transactionTime: new Date().toISOString(),
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const answer = await fetch(`${baseURL}/api/v1/rails/bank/credit-notifications`, {
    method: 'POST',
    body: raw,
    headers: { 'content-type': 'application/json', 'x-bank-signature': `t=${timestamp},v1=${bankSignature(await bankSecret(), timestamp, raw)}` },
  });
  expect(answer.status, await answer.text()).toBeLessThan(300);
}

test.describe('needs attention', () => {
  test('dollars sent to a shillings account wait in suspense until the merchant credits them to its dollar account', async ({ page, playwright }) => {
    const main = await legacyAccount(playwright);
    const accountName = unique('Dollars');
    const dollars = await serviceAs(playwright, async (api) => {
      const made = await api.post('/api/v1/merchants/me/virtual-accounts', { data: { purpose: 'CURRENCY', currency: 'USD', accountName } });
      expect(made.status(), await made.text()).toBe(201);
      return (await made.json()) as { id: string; accountNumber: string };
    });
    const reference = unique('FT');
    await dollarsFromTheBank(main.accountNumber, reference);

    await signInWithoutTheForm(page, demo);
    await page.goto('/');
    await expect(mainNav(page).getByRole('link', { name: 'Needs attention' })).toHaveAttribute('href', '/attention');
    await page.goto('/attention');
    await expect(page.getByRole('heading', { level: 1, name: 'Needs attention' })).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: reference });
    await expect(item).toContainText('USD 310.25');
    await expect(item).toContainText('This account does not take payments in this currency.');
    await expectNoAxeViolations(page);
    await item.getByText('Credit it…').click();
    await item.getByLabel('Credit USD 310.25 to').selectOption({ label: `Account ${dollars.accountNumber} (${accountName})` });
    await item.getByRole('button', { name: 'Credit it' }).click();

    await expect(page.getByText('Credited: the money is now in the account')).toBeVisible();
    await expect(page.getByRole('region', { name: /Money not yet credited/ }).getByText(reference)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Recently dealt with' }).getByRole('listitem').filter({ hasText: reference })).toContainText('Credited');
    // It is a payment now, with the bank's reference, in the dollar account.
    await page.goto(`/payments?q=${reference}`);
    await expect(page.getByRole('row').filter({ hasText: reference })).toContainText('USD 310.25');
  });

  test('a payment for a bill already paid is counted toward another open bill', async ({ page, playwright }) => {
    const main = await legacyAccount(playwright);
    const [paid, next] = await serviceAs(playwright, async (api) => {
      const expiresAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
      const bills = [];
      for (const amount of [500, 900]) {
        const made = await api.post('/api/v1/merchants/me/expected-payments', { data: { paymentReference: unique('FEES'), amount, currency: 'KES', expiresAt, provisionInvoiceVa: false } });
        expect(made.status(), await made.text()).toBe(201);
        bills.push((await made.json()) as { id: string; paymentReference: string });
      }
      return bills as [{ id: string; paymentReference: string }, { id: string; paymentReference: string }];
    });
    await simulatePayment(playwright, { accountNumber: `${main.accountNumber}#${paid.paymentReference}`, amount: 500 });
    const late = await simulatePayment(playwright, { accountNumber: `${main.accountNumber}#${paid.paymentReference}`, amount: 900, payerName: 'Late Payer' });
    expect(late.matchStatus).toBe('NEEDS_ATTENTION');

    await signInWithoutTheForm(page, demo);
    await page.goto('/attention');
    const item = page.getByRole('listitem').filter({ hasText: late.providerReference });
    await expect(item).toContainText('KES 900.00');
    await item.getByText('Count it toward another bill…').click();
    await item.getByLabel('The open bill it was meant for').selectOption({ label: `Bill ${next.paymentReference} (KES 900.00)` });
    await item.getByRole('button', { name: 'Count it toward this bill' }).click();
    await expect(page.getByText('The payment now counts toward the bill you chose.')).toBeVisible();
    await expect(page.getByRole('region', { name: /Payments for closed bills/ }).getByRole('listitem').filter({ hasText: late.providerReference })).toHaveCount(0);
    // Dealt with, it stays in sight with what was done.
    await expect(page.getByRole('region', { name: 'Recently dealt with' }).getByRole('listitem').filter({ hasText: late.providerReference })).toContainText('Counted toward another bill');
    await page.goto(`/bills/${next.id}`);
    await expect(page.locator('dt:text-is("Status") + dd')).toContainText('Paid');
  });

  test('pounds no account of the merchant takes: crediting them says why there is no choice and links to opening a pound account', async ({ page, playwright }) => {
    const main = await legacyAccount(playwright);
    const reference = unique('FT');
    await dollarsFromTheBank(main.accountNumber, reference, 'GBP');
    await signInWithoutTheForm(page, demo);
    await page.goto('/attention');
    const item = page.getByRole('listitem').filter({ hasText: reference });
    await item.getByText('Credit it…').click();
    await expect(item.getByRole('combobox')).toHaveCount(0);
    await expect(item.getByTestId('no-credit-target')).toContainText('No active account or open bill of yours takes GBP');
    await expect(item.getByRole('link', { name: 'Open a GBP account' })).toHaveAttribute('href', '/accounts/new');
  });

  test('support staff see what needs attention but cannot act on it', async ({ page, playwright }) => {
    const main = await legacyAccount(playwright);
    const reference = unique('FT');
    await dollarsFromTheBank(main.accountNumber, reference);
    await signInWithoutTheForm(page, support);
    await page.goto('/attention');
    await expect(page.getByRole('listitem').filter({ hasText: reference })).toContainText('USD 310.25');
    await expect(page.getByText('Credit it…')).toHaveCount(0);
    await expect(page.getByText('Return it to the payer…')).toHaveCount(0);
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });
});
