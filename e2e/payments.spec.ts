import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { demo, support } from './support/accounts';
import { cents, detail, receipt, simulatePayment } from './support/payments';
import { signInWithoutTheForm } from './support/portal';
import { createBill, createCustomerWithAccount } from './support/service';

test.describe('payments', () => {
  test("a simulated payment of a bill's full amount into its invoice account pays the bill, and a support person finds it by its receipt", async ({ browser, page, playwright }) => {
    const { bill } = await createBill(playwright, { amount: 2750 });
    await signInWithoutTheForm(page, demo);
    await page.goto(`/bills/${bill.id}`);
    await expect(detail(page, 'Status')).toContainText('Open');
    await expect(detail(page, 'Amount')).toHaveText('KES 2,750.00');

    const simulate = page.getByRole('region', { name: 'Simulate a payment' });
    await expect(simulate.getByLabel('Account number')).toHaveValue(bill.virtualAccountNumber!);
    await expect(simulate.getByLabel('Amount')).toHaveValue('2750');
    await simulate.getByRole('button', { name: 'Simulate payment' }).click();
    await expect(simulate.getByText('Payment recorded: KES 2,750.00 by M-Pesa')).toBeVisible();
    await expect(simulate.getByText('Paid a bill: It settled a bill exactly')).toBeVisible();

    // The page refreshed itself: the bill is paid and lists the payment.
    await expect(detail(page, 'Status')).toContainText('Paid');
    await expect(detail(page, 'Still due')).toHaveText('KES 0.00');
    await expect(detail(page, 'Paid so far')).toHaveText('KES 2,750.00');
    const payments = page.getByRole('region', { name: 'Payments', exact: true });
    const row = payments.getByRole('row').filter({ hasText: 'KES 2,750.00' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Paid a bill');
    const paidWith = (await row.getByRole('link').textContent())!.trim();
    expect(paidWith).toMatch(/^[A-Z0-9]{10}$/);

    const supportContext = await browser.newContext();
    const supportPage = await supportContext.newPage();
    await signInWithoutTheForm(supportPage, support);
    await supportPage.goto('/payments');
    await expect(supportPage.getByRole('button', { name: 'Simulate payment' })).toHaveCount(0);
    await supportPage.getByLabel('Find a payment').fill(paidWith);
    await supportPage.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(supportPage).toHaveURL(new RegExp(`q=${paidWith}`));
    const found = supportPage.getByRole('row').filter({ hasText: paidWith });
    await expect(found).toHaveCount(1);
    await found.getByRole('link', { name: paidWith }).click();

    await expect(supportPage.getByRole('heading', { level: 1, name: `Payment ${paidWith}` })).toBeVisible();
    await expect(detail(supportPage, 'Amount')).toHaveText('KES 2,750.00');
    await expect(detail(supportPage, 'What it paid')).toContainText('Paid a bill');
    await expect(detail(supportPage, 'What it paid')).toContainText('settled a bill exactly');
    await expect(detail(supportPage, 'How it came')).toHaveText('M-Pesa');
    await expect(detail(supportPage, 'Bill').getByRole('link')).toHaveText(`Bill ${bill.paymentReference}`);
    await expect(detail(supportPage, 'Account').getByRole('link')).toContainText(bill.virtualAccountNumber!);
    const entries = supportPage.getByRole('region', { name: 'Balance entries' });
    await expect(entries.getByRole('row').filter({ hasText: 'Money in' })).toContainText('KES 2,750.00');
    await expect(entries.getByRole('row').filter({ hasText: 'Fee' })).toContainText('KES 27.50');
    await expect(supportPage.locator('main form')).toHaveCount(0);
    await supportContext.close();
  });

  test('a refused simulated payment says why in words', async ({ page, playwright }) => {
    const { bill } = await createBill(playwright, { amount: 500 });
    await simulatePayment(playwright, { accountNumber: bill.virtualAccountNumber!, amount: 500 });
    await signInWithoutTheForm(page, demo);
    await page.goto(`/bills/${bill.id}`);
    await expect(detail(page, 'Status')).toContainText('Paid');
    const simulate = page.getByRole('region', { name: 'Simulate a payment' });
    await simulate.getByLabel('Amount').fill('100');
    await simulate.getByRole('button', { name: 'Simulate payment' }).click();
    await expect(simulate.getByText(/^The payment was refused: /)).toBeVisible();
  });

  test('the summary counts and adds up exactly what the filtered list shows, and the chart is drawn', async ({ page, playwright }) => {
    const { account } = await createCustomerWithAccount(playwright);
    for (const amount of [1000, 250.5, 99.99]) await simulatePayment(playwright, { accountNumber: account.accountNumber, amount });
    await signInWithoutTheForm(page, demo);
    // Customer accounts are too many to list in the filter: their payments are reached from the account.
    await page.goto(`/payments?virtualAccountId=${account.id}`);
    await expect(page.getByLabel('Account', { exact: true })).toHaveValue(account.id);

    const rows = page.getByRole('table', { name: 'Payments matching the filters, newest first' }).locator('tbody tr');
    await expect(rows).toHaveCount(3);
    const shown = await rows.locator('td:nth-child(6)').allTextContents();
    const listed = shown.reduce((sum, amount) => sum + cents(amount), 0n);
    expect(listed).toBe(135_049n);
    await expect(detail(page, 'Payments matching')).toHaveText('3');
    expect(cents((await detail(page, 'Total received').textContent())!)).toBe(listed);
    await expect(page.getByRole('figure', { name: 'Collected per day, last 30 days' })).toBeVisible();

    // Narrowed to an amount range, the summary follows the list.
    await page.getByLabel('Smallest amount').fill('100');
    await page.getByLabel('Largest amount').fill('1,000');
    await page.getByRole('button', { name: 'Show payments' }).click();
    await expect(rows).toHaveCount(2);
    await expect(detail(page, 'Payments matching')).toHaveText('2');
    await expect(detail(page, 'Total received')).toHaveText('KES 1,250.50');
  });

  test("the CSV export streams the filter's payments, with exact amounts and escaped text", async ({ page, playwright }) => {
    const { account } = await createCustomerWithAccount(playwright);
    const reference = receipt();
    await simulatePayment(playwright, { accountNumber: account.accountNumber, amount: 1234.5, providerReference: reference, payerName: '=Otieno, "Achieng"' });
    await signInWithoutTheForm(page, demo);
    await page.goto(`/payments?q=${reference}`);
    await expect(page.getByRole('row').filter({ hasText: reference })).toHaveCount(1);

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^Received \(Nairobi time\),Receipt or reference,Channel,Amount,Fee,Net amount,/);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(lines[1]).toContain(`,${reference},M-Pesa,1234.50,12.35,1222.15,0.00,KES,UNMATCHED,`);
    expect(lines[1]).toContain(',"\'=Otieno, ""Achieng""",');

    const answer = await page.request.get(`/payments/export?q=${reference}`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-disposition']).toMatch(/^attachment; filename="payments-/);
    expect(answer.headers()['content-type']).toContain('text/csv');
    expect(answer.headers()['content-length']).toBeUndefined();
    expect(answer.headers()['transfer-encoding']).toBe('chunked');
  });

  test("an account's balance updates while its page is open, and its latest payments follow", async ({ page, playwright }) => {
    const { account } = await createCustomerWithAccount(playwright);
    await signInWithoutTheForm(page, demo);
    await page.goto(`/accounts/${account.id}`);
    const balance = page.getByRole('region', { name: 'Balance now' });
    await expect(balance.locator('p').first()).toHaveText('KES 0.00');

    const arrived = await simulatePayment(playwright, { accountNumber: account.accountNumber, amount: 640 });
    await expect(balance.locator('p').first()).toHaveText('KES 640.00');
    await expect(page.getByRole('region', { name: 'Payments', exact: true }).getByRole('link', { name: arrived.providerReference })).toBeVisible();
  });
});
