import { expect, test } from '@playwright/test';
import { demo, DEMO_MERCHANT_NAME, support } from './support/accounts';
import { signInWithoutTheForm } from './support/portal';
import { pdfPageCount, printToA4 } from './support/print';
import { createCustomers, createCustomerWithAccount, unique } from './support/service';

test.describe('customers', () => {
  test('a customer is registered after a bad phone number is corrected, keeping what was typed, then gets an account and printable payer instructions', async ({ page }) => {
    const ref = unique('CUST');
    await signInWithoutTheForm(page, demo);
    await page.goto('/customers');
    await page.getByRole('link', { name: 'New customer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Register a customer' })).toBeVisible();

    await page.getByLabel('Name').fill('Wanjiru Kamau');
    await page.getByLabel('Your reference').fill(ref);
    await page.getByLabel('Email').fill('wanjiru@example.com');
    await page.getByLabel('Phone').fill('0712 345');
    await page.getByRole('button', { name: 'Register customer' }).click();

    const phone = page.getByLabel('Phone');
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#phone-error')).toContainText('0712345678, 0112345678, +254712345678 or 254712345678');
    await expect(page.getByLabel('Name')).toHaveValue('Wanjiru Kamau');
    await expect(page.getByLabel('Your reference')).toHaveValue(ref);
    await expect(page.getByLabel('Email')).toHaveValue('wanjiru@example.com');
    await expect(phone).toHaveValue('0712 345');

    // The local form people type is taken, and kept in the one stored form.
    await phone.fill('0712 345 678');
    await page.getByRole('button', { name: 'Register customer' }).click();
    await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Wanjiru Kamau' })).toBeVisible();
    await expect(page.getByText(ref)).toBeVisible();
    await expect(page.getByText('0712 345 678').first()).toBeVisible();

    await page.getByRole('button', { name: 'Provision virtual account' }).click();
    const accountNumber = page.getByRole('region', { name: 'Virtual account' }).locator('code');
    await expect(accountNumber).toHaveText(/^[0-9]{6,}$/);
    const number = (await accountNumber.textContent())!;

    const payerLink = await page.getByLabel('Payer link').inputValue();
    expect(payerLink).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\/[A-Za-z0-9_-]{22}$/);
    await expect(page.getByRole('button', { name: 'Copy payer link' })).toBeVisible();
    const printHref = await page.getByRole('link', { name: 'Print payer instructions' }).getAttribute('href');
    expect(printHref).toBe(`${new URL(payerLink).pathname}?print=1`);

    await page.goto(payerLink);
    await expect(page.getByRole('heading', { level: 1, name: `Pay ${DEMO_MERCHANT_NAME}` })).toBeVisible();
    await expect(page.getByText(number).first()).toBeVisible();

    await page.goto(printHref!);
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    expect(pdfPageCount(await printToA4(page))).toBe(1);
  });

  test('registering works without JavaScript, field errors and kept values included', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInWithoutTheForm(page, demo);
    await page.goto('/customers/new');
    const ref = unique('CUST');
    await page.getByLabel('Name').fill('Otieno Were');
    await page.getByLabel('Your reference').fill(ref);
    await page.getByRole('button', { name: 'Register customer' }).click();

    // The email is optional (a phone is enough); the phone is not.
    await expect(page.locator('#phone-error')).toHaveText('Enter a mobile number, such as 0712 345 678 or +254 712 345 678.');
    await expect(page.getByLabel('Name')).toHaveValue('Otieno Were');
    await page.getByLabel('Phone').fill('254712345678');
    await page.getByRole('button', { name: 'Register customer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Otieno Were' })).toBeVisible();
    await context.close();
  });

  test('the customer list is searched with a plain form', async ({ page, playwright }) => {
    const { customer } = await createCustomerWithAccount(playwright);
    await signInWithoutTheForm(page, demo);
    await page.goto('/customers');
    await page.getByRole('searchbox', { name: 'Search customers' }).fill(customer.externalRef);
    await page.getByRole('searchbox', { name: 'Search customers' }).press('Enter');

    await expect(page).toHaveURL(new RegExp(`/customers\\?q=${customer.externalRef}$`));
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(customer.displayName);
    await page.getByRole('link', { name: customer.displayName }).click();
    await expect(page.getByRole('heading', { level: 1, name: customer.displayName })).toBeVisible();
  });

  test('a long list pages forward and back to the first page, keeping the search', async ({ page, playwright }) => {
    const word = unique('Kiprono');
    await createCustomers(playwright, 27, word);
    await signInWithoutTheForm(page, demo);
    await page.goto(`/customers?q=${word}`);

    const rows = page.getByRole('table').locator('tbody tr');
    await expect(rows).toHaveCount(25);
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${word}&cursor=`));
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Next page' })).toHaveCount(0);
    await page.getByRole('link', { name: 'First page' }).click();
    await expect(page).toHaveURL(new RegExp(`/customers\\?q=${word}$`));
    await expect(rows).toHaveCount(25);

    // A cursor edited by hand is not an error: the list starts again.
    await page.goto(`/customers?q=${word}&cursor=not-a-cursor`);
    await expect(page).toHaveURL(new RegExp(`/customers\\?q=${word}$`));
  });

  test('a support user sees customers, their accounts and payer instructions, with no way to register or provision', async ({ page, playwright }) => {
    const { customer, account } = await createCustomerWithAccount(playwright);
    await signInWithoutTheForm(page, support);

    await page.goto('/customers');
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New customer' })).toHaveCount(0);

    await page.goto(`/customers/${customer.id}`);
    await expect(page.getByRole('heading', { level: 1, name: customer.displayName })).toBeVisible();
    await expect(page.getByText(account.accountNumber)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Provision virtual account' })).toHaveCount(0);
    // Support staff help payers on the phone: they may open, copy and print the payer instructions (docs/roles.md).
    await expect(page.getByRole('link', { name: 'Print payer instructions' })).toBeVisible();
    await expect(page.getByLabel('Payer link')).toHaveValue(/\/pay\/[A-Za-z0-9_-]{22}$/);
    await expect(page.getByRole('link', { name: 'New bill for this customer' })).toHaveCount(0);
    await expect(page.locator('main form')).toHaveCount(0);
  });
});
