import { expect, test, type Page } from '@playwright/test';
import { demo, support } from './support/accounts';
import { signInWithoutTheForm } from './support/portal';
import { createSubMerchant, legacyAccount } from './support/service';

async function openBrandAccount(page: Page, subMerchantName: string) {
  await page.goto('/accounts/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Open an account' })).toBeVisible();
  await page.getByLabel('Brand collection account').check();
  await page.getByLabel('Sub-merchant').selectOption({ label: subMerchantName });
  await page.getByRole('button', { name: 'Open account' }).click();
}

test.describe('accounts', () => {
  test('a brand account is opened for a sub-merchant, and a second identical one is refused with a link to the first', async ({ page, playwright }) => {
    const subMerchant = await createSubMerchant(playwright);
    await signInWithoutTheForm(page, demo);
    await page.goto('/accounts');
    await page.getByRole('link', { name: 'New account' }).click();
    await expect(page).toHaveURL(/\/accounts\/new$/);

    await openBrandAccount(page, subMerchant.name);
    await expect(page).toHaveURL(/\/accounts\/[0-9a-f-]{36}$/);
    const accountUrl = page.url();
    await expect(page.getByRole('heading', { level: 1, name: subMerchant.name })).toBeVisible();
    await expect(page.locator('dt:text-is("Kind of account") + dd')).toContainText('Brand collection account');
    await expect(page.locator('dt:text-is("Collects for") + dd')).toContainText(subMerchant.name);
    const number = (await page.locator('dt:text-is("Account number") + dd code').textContent())!;
    expect(number).toMatch(/^[0-9]{6,}$/);

    await page.goto('/accounts');
    const row = page.getByRole('row').filter({ hasText: number });
    await expect(row).toContainText('Brand collection account');
    await expect(row).toContainText('KES 0.00');
    await expect(row).toContainText('Active');

    await openBrandAccount(page, subMerchant.name);
    await expect(page.getByText('An account like this already exists')).toBeVisible();
    await expect(page).toHaveURL(/\/accounts\/new$/);
    await page.getByRole('link', { name: 'Open the existing account' }).click();
    await expect(page).toHaveURL(accountUrl);
  });

  test('the currency is asked for only for a currency account, and required there', async ({ page }) => {
    await signInWithoutTheForm(page, demo);
    await page.goto('/accounts/new');
    const currency = page.getByLabel('Currency', { exact: true });
    await expect(currency).toBeHidden();

    await page.getByLabel('Currency collection account').check();
    await expect(currency).toBeVisible();
    await page.getByRole('button', { name: 'Open account' }).click();
    await expect(page.locator('#currency-error')).toHaveText('Choose the currency this account collects.');
    await expect(page.getByLabel('Currency collection account')).toBeChecked();
    await expect(currency).toHaveAttribute('aria-invalid', 'true');
  });

  test('an account page explains the account, shows its balance history and hands out payer instructions', async ({ page, playwright }) => {
    const legacy = await legacyAccount(playwright);
    await signInWithoutTheForm(page, demo);
    await page.goto('/accounts');
    await page.getByRole('row').filter({ hasText: legacy.accountNumber }).getByRole('link').click();

    await expect(page.locator('dt:text-is("Kind of account") + dd')).toContainText('Main collection account');
    await expect(page.getByRole('heading', { name: 'Balance history' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy payer link' })).toBeVisible();
    const payerLink = await page.getByLabel('Payer link').inputValue();
    await page.goto(payerLink);
    await expect(page.getByText(legacy.accountNumber).first()).toBeVisible();
  });

  test('a support user sees accounts and their details and payer instructions, with no way to open one', async ({ page, playwright }) => {
    const legacy = await legacyAccount(playwright);
    await signInWithoutTheForm(page, support);

    await page.goto('/accounts');
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New account' })).toHaveCount(0);
    await page.getByRole('row').filter({ hasText: legacy.accountNumber }).getByRole('link').click();

    await expect(page.getByRole('heading', { name: 'Balance history' })).toBeVisible();
    // Support staff help payers on the phone: they may open, copy and print the payer instructions (docs/roles.md).
    await expect(page.getByRole('link', { name: 'Print payer instructions' })).toBeVisible();
    await expect(page.getByLabel('Payer link')).toHaveValue(/\/pay\/[A-Za-z0-9_-]{22}$/);
    await expect(page.locator('main form')).toHaveCount(0);

    await page.goto('/accounts/new');
    await expect(page.getByText('You cannot open accounts')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open account' })).toHaveCount(0);
  });
});
