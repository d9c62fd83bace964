import { expect, test, type Page } from '@playwright/test';
import { demo, support } from './support/accounts';
import { signInWithoutTheForm } from './support/portal';
import { createBill, createCustomerWithAccount, unique } from './support/service';

/** A `datetime-local` value some days ahead, at the given Nairobi wall-clock time. */
function nairobiLocal(daysAhead: number, time: string): string {
  const nairobi = new Date(Date.now() + 3 * 60 * 60 * 1000 + daysAhead * 24 * 60 * 60 * 1000);
  return `${nairobi.toISOString().slice(0, 10)}T${time}`;
}

/** The value shown for a term of the bill's details. */
const detail = (page: Page, term: string) => page.locator(`dt:text-is("${term}") + dd`);
const statusOf = (page: Page) => detail(page, 'Status');

test.describe('bills', () => {
  test('a bill with an invoice account is raised, listed as open, cancelled after confirmation, and its payer link then says it can no longer be paid', async ({ page }) => {
    const reference = unique('INV');
    await signInWithoutTheForm(page, demo);
    await page.goto('/bills');
    await page.getByRole('link', { name: 'New bill' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Raise a bill' })).toBeVisible();

    await page.getByLabel('Reference', { exact: true }).fill(reference);
    await page.getByLabel('Amount').fill('1,500.50');
    await expect(page.getByLabel('Currency')).toHaveValue('KES');
    await page.getByLabel('Expires at').fill(nairobiLocal(3, '17:30'));
    await expect(page.getByLabel('Provision an invoice account')).toBeChecked();
    await page.getByRole('button', { name: 'Raise bill' }).click();

    await expect(page).toHaveURL(/\/bills\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: `Bill ${reference}` })).toBeVisible();
    await expect(statusOf(page)).toContainText('Open');
    await expect(detail(page, 'Amount')).toHaveText('KES 1,500.50');
    // Typed as Nairobi time, shown as Nairobi time.
    await expect(detail(page, 'Expires')).toContainText('17:30');
    await expect(detail(page, 'Invoice account number').locator('code')).toHaveText(/^[0-9]{6,}$/);
    const payerLink = await page.getByLabel('Payer link').inputValue();
    const billUrl = page.url();

    await page.goto('/bills');
    await page.getByRole('navigation', { name: 'Bill status' }).getByRole('link', { name: 'Open', exact: true }).click();
    await expect(page).toHaveURL(/\/bills\?status=OPEN$/);
    const row = page.getByRole('row').filter({ hasText: reference });
    await expect(row).toContainText('Open');
    await expect(row).toContainText('KES 1,500.50');

    await page.goto(billUrl);
    await page.getByText('Cancel bill…').click();
    await expect(page.getByText(`Cancel bill ${reference}?`)).toBeVisible();
    await page.getByRole('button', { name: 'Yes, cancel this bill' }).click();
    await expect(statusOf(page)).toContainText('Cancelled');
    await expect(page.getByText('Cancel bill…')).toHaveCount(0);

    await page.goto('/bills?status=CANCELLED');
    await expect(page.getByRole('row').filter({ hasText: reference })).toContainText('Cancelled');
    await page.goto('/bills?status=OPEN');
    await expect(page.getByRole('row').filter({ hasText: reference })).toHaveCount(0);

    await page.goto(payerLink);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This bill can no longer be paid');
    await expect(page.getByText('cancelled this bill')).toBeVisible();
  });

  test('a USD bill is offered only currencies a channel carries, and its payer sees RTGS alone with why, never M-Pesa', async ({ page }) => {
    const reference = unique('USD');
    await signInWithoutTheForm(page, demo);
    await page.goto('/bills/new');
    const currency = page.getByLabel('Currency');
    await expect(currency.locator('option')).toHaveText(['KES', 'USD (RTGS only)', 'EUR (RTGS only)', 'GBP (RTGS only)']);
    await expect(currency).toHaveAccessibleDescription(/M-Pesa and instant bank transfers carry only KES/);
    await page.getByLabel('Reference', { exact: true }).fill(reference);
    await page.getByLabel('Amount').fill('120');
    await currency.selectOption('USD');
    await page.getByLabel('Expires at').fill(nairobiLocal(3, '12:00'));
    await page.getByRole('button', { name: 'Raise bill' }).click();

    await expect(page.getByRole('heading', { level: 1, name: `Bill ${reference}` })).toBeVisible();
    await expect(page.getByText('USD 120.00').first()).toBeVisible();
    // A phone prompt is an M-Pesa payment: not offered for a USD bill.
    await expect(page.getByRole('heading', { name: 'Send a payment prompt' })).toHaveCount(0);

    await page.goto(await page.getByLabel('Payer link').inputValue());
    await expect(page.getByRole('heading', { level: 2, name: 'Pay by RTGS' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pay with M-Pesa' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Pay by instant bank transfer' })).toHaveCount(0);
    await expect(page.getByText(/cannot carry payments in\s+USD: pay by RTGS bank transfer\./)).toBeVisible();
  });

  test('a bill form with mistakes answers field by field and keeps what was typed, the unticked box included', async ({ page }) => {
    await signInWithoutTheForm(page, demo);
    await page.goto('/bills/new');
    await page.getByLabel('Reference').fill('has spaces');
    await page.getByLabel('Amount').fill('12.345');
    await page.getByLabel('Provision an invoice account').uncheck();
    await page.getByRole('button', { name: 'Raise bill' }).click();

    await expect(page.getByLabel('Reference')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Amount')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#amount-error')).toContainText('at most 2 decimals');
    await expect(page.locator('#paymentReference-error')).toContainText('letters, digits');
    await expect(page.getByLabel('Reference')).toHaveValue('has spaces');
    await expect(page.getByLabel('Amount')).toHaveValue('12.345');
    await expect(page.getByLabel('Provision an invoice account')).not.toBeChecked();
  });

  test('a bill form sent twice raises one bill', async ({ page }) => {
    const reference = unique('INV');
    await signInWithoutTheForm(page, demo);
    await page.goto('/bills/new');
    await page.getByLabel('Reference', { exact: true }).fill(reference);
    await page.getByLabel('Amount').fill('99');
    const submitted = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/bills/new');
    await page.getByRole('button', { name: 'Raise bill' }).click();
    await expect(page).toHaveURL(/\/bills\/[0-9a-f-]{36}$/);
    const billUrl = page.url();

    // The very same submission again, as a double click or a retry after a lost answer would send it.
    const first = await submitted;
    const again = await page.request.fetch(first.url(), { method: 'POST', headers: await first.allHeaders(), data: first.postDataBuffer()! });
    expect(again.status()).toBeLessThan(400);
    expect(again.headers()['x-action-redirect'] ?? '').toContain(new URL(billUrl).pathname);

    await page.goto(`/bills?q=${reference}`);
    await expect(page.getByRole('row').filter({ hasText: reference })).toHaveCount(1);
  });

  test('a bill is raised for a customer found by search without JavaScript, listed with its customer and what is still due, and its amount, expiry and description changed while nothing is paid', async ({ browser, playwright }) => {
    const { customer } = await createCustomerWithAccount(playwright);
    const reference = unique('INV');
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInWithoutTheForm(page, demo);
    await page.goto('/bills/new');
    await page.getByLabel('Find a customer').fill(customer.externalRef);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const picker = page.getByLabel('Customer (optional)');
    await expect(picker).toHaveAccessibleDescription(new RegExp(`Customers matching “${customer.externalRef}”`));
    await expect(picker.locator('option')).toHaveText(['No customer', `${customer.displayName} (${customer.externalRef})`]);
    await picker.selectOption(customer.id);
    await page.getByLabel('Reference', { exact: true }).fill(reference);
    await page.getByLabel('Description (optional)').fill('School fees, term 1');
    await page.getByLabel('Amount').fill('2500');
    await page.getByLabel('Expires at').fill(nairobiLocal(5, '10:00'));
    await page.getByRole('button', { name: 'Raise bill' }).click();

    await expect(page.getByRole('heading', { level: 1, name: `Bill ${reference}` })).toBeVisible();
    await expect(detail(page, 'Description')).toHaveText('School fees, term 1');
    await page.getByRole('link', { name: 'Change bill' }).click();
    await page.getByLabel('Amount (KES)').fill('3,000');
    await page.getByLabel('Expires at').fill(nairobiLocal(9, '16:45'));
    await page.getByLabel('Description (optional)').fill('School fees and uniform');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Bill ${reference}` })).toBeVisible();
    await expect(detail(page, 'Amount')).toHaveText('KES 3,000.00');
    await expect(detail(page, 'Expires')).toContainText('16:45');
    await expect(detail(page, 'Description')).toHaveText('School fees and uniform');

    await page.goto(`/bills?q=${reference}`);
    const row = page.getByRole('row').filter({ hasText: reference });
    await expect(row.getByRole('link', { name: customer.displayName })).toHaveAttribute('href', `/customers/${customer.id}`);
    // Amount and still due: nothing is paid yet.
    await expect(row.getByText('KES 3,000.00')).toHaveCount(2);
    await context.close();
  });

  test('a bill is cancelled without JavaScript, and cancelling it again from an older page is harmless', async ({ browser, playwright }) => {
    const { bill } = await createBill(playwright);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInWithoutTheForm(page, demo);
    await page.goto('/bills');
    await page.getByRole('link', { name: bill.paymentReference }).click();
    const older = await context.newPage();
    await older.goto(page.url());

    await page.getByText('Cancel bill…').click();
    await page.getByRole('button', { name: 'Yes, cancel this bill' }).click();
    await expect(statusOf(page)).toContainText('Cancelled');

    await older.getByText('Cancel bill…').click();
    await older.getByRole('button', { name: 'Yes, cancel this bill' }).click();
    await expect(statusOf(older)).toContainText('Cancelled');
    await expect(older.getByText('Cancel bill…')).toHaveCount(0);
    await context.close();
  });

  test('a support user sees bills, their details and payer instructions, with no way to raise or cancel', async ({ page, playwright }) => {
    const { bill } = await createBill(playwright);
    await signInWithoutTheForm(page, support);

    await page.goto('/bills');
    await expect(page.getByRole('heading', { level: 1, name: 'Bills' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New bill' })).toHaveCount(0);
    await page.getByRole('link', { name: bill.paymentReference }).click();

    await expect(page.getByRole('heading', { level: 1, name: `Bill ${bill.paymentReference}` })).toBeVisible();
    await expect(statusOf(page)).toContainText('Open');
    await expect(page.getByText('Cancel bill…')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Yes, cancel this bill' })).toHaveCount(0);
    // Support staff help payers on the phone: they may open, copy and print the payer instructions (docs/roles.md).
    await expect(page.getByRole('link', { name: 'Print payer instructions' })).toBeVisible();
    await expect(page.getByLabel('Payer link')).toHaveValue(/\/pay\/[A-Za-z0-9_-]{22}$/);
    await expect(page.locator('main form')).toHaveCount(0);

    await page.goto('/bills/new');
    await expect(page.getByText('You cannot raise bills')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Raise bill' })).toHaveCount(0);
  });
});
