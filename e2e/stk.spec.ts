import { expect, test, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { demo } from './support/accounts';
import { detail } from './support/payments';
import { signInWithoutTheForm } from './support/portal';
import { createBill, createCustomerWithAccount, serviceAs } from './support/service';
import { displayPhone } from '../lib/platform/phone';

function sendPromptThroughService(playwright: PlaywrightWorkerArgs['playwright'], prompt: Record<string, unknown>) {
  return serviceAs(playwright, async (api) => {
    const answer = await api.post('/api/v1/merchants/me/stk/initiate', { data: prompt });
    expect(answer.status(), await answer.text()).toBe(202);
    return (await answer.json()) as { id: string };
  });
}

/** Marks the window, so that a test can tell an update in place from a reload. */
async function markWindow(page: Page) {
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
}
const isSameWindow = (page: Page) => page.evaluate(() => 'stillTheSamePage' in window);

test.describe('payment prompts', () => {
  test('a prompt sent from a bill is followed live until the payer pays, and the bill then reads paid', async ({ page, playwright }) => {
    const { bill } = await createBill(playwright, { amount: 1500 });
    await signInWithoutTheForm(page, demo);
    await page.goto(`/bills/${bill.id}`);
    const prompt = page.getByRole('region', { name: 'Send a payment prompt' });
    await expect(prompt.getByLabel('Amount (KES)')).toHaveValue('1500');
    await prompt.getByLabel("Payer's M-Pesa number").fill('254712345678');
    await markWindow(page);
    await prompt.getByRole('button', { name: 'Send prompt' }).click();

    const status = prompt.getByRole('status');
    await expect(status).toHaveText('Waiting for the payer to enter their M-Pesa PIN…');
    await expect(prompt.getByText('Prompt for KES 1,500.00 from 0712 345 678.')).toBeVisible();
    // The simulated payer answers after about 2.5 seconds.
    await expect(status).toHaveText(/^Paid: receipt [A-Z0-9]{10}$/);
    expect(await isSameWindow(page)).toBe(true);

    await expect(detail(page, 'Status')).toContainText('Paid');
    await expect(detail(page, 'Still due')).toHaveText('KES 0.00');
    const receipt = (await status.textContent())!.replace('Paid: receipt ', '');
    await prompt.getByRole('link', { name: 'Open the payment' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Payment ${receipt}` })).toBeVisible();
    await expect(detail(page, 'What it paid')).toContainText('Paid a bill');
  });

  test("a prompt's page and the prompts list link to the bill it was for", async ({ page, playwright }) => {
    const { bill } = await createBill(playwright, { amount: 700 });
    const sent = await sendPromptThroughService(playwright, { phone: '254712345678', amount: 700, expectedPaymentId: bill.id });
    await signInWithoutTheForm(page, demo);
    await page.goto(`/stk/${sent.id}`);
    await expect(page.getByRole('link', { name: `Bill ${bill.paymentReference}` })).toHaveAttribute('href', `/bills/${bill.id}`);
    await page.goto(`/stk?expectedPaymentId=${bill.id}`);
    await expect(page.getByRole('table').getByRole('link', { name: `Bill ${bill.paymentReference}` }).first()).toHaveAttribute('href', `/bills/${bill.id}`);
  });

  test('a prompt to a payer who cancels says so, in place', async ({ page, playwright }) => {
    const { customer } = await createCustomerWithAccount(playwright);
    await signInWithoutTheForm(page, demo);
    await page.goto(`/customers/${customer.id}`);
    const prompt = page.getByRole('region', { name: 'Send a payment prompt' });
    await expect(prompt.getByLabel("Payer's M-Pesa number")).toHaveValue(displayPhone(customer.phone));
    await prompt.getByLabel("Payer's M-Pesa number").fill('254700000001');
    await prompt.getByLabel('Amount (KES)').fill('300');
    await markWindow(page);
    await prompt.getByRole('button', { name: 'Send prompt' }).click();

    const status = prompt.getByRole('status');
    await expect(status).toHaveText('Waiting for the payer to enter their M-Pesa PIN…');
    await expect(status).toHaveText('The payer cancelled the prompt.');
    expect(await isSameWindow(page)).toBe(true);
    await expect(prompt.getByRole('link', { name: 'Open the payment' })).toHaveCount(0);
  });

  test('a prompt form with mistakes answers field by field', async ({ page, playwright }) => {
    const { customer } = await createCustomerWithAccount(playwright);
    await signInWithoutTheForm(page, demo);
    await page.goto(`/customers/${customer.id}`);
    const prompt = page.getByRole('region', { name: 'Send a payment prompt' });
    await prompt.getByLabel("Payer's M-Pesa number").fill('12345');
    await prompt.getByLabel('Amount (KES)').fill('10.50');
    await prompt.getByRole('button', { name: 'Send prompt' }).click();
    await expect(prompt.getByLabel("Payer's M-Pesa number")).toHaveAttribute('aria-invalid', 'true');
    await expect(prompt.locator('#prompt-amount-error')).toContainText('whole shillings');
    await expect(prompt.getByRole('status')).toHaveCount(0);
  });

  test("without JavaScript, a prompt's page refreshes itself until the payer has paid", async ({ browser, playwright }) => {
    const { bill } = await createBill(playwright, { amount: 800 });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInWithoutTheForm(page, demo);
    const sent = await sendPromptThroughService(playwright, { phone: '254712345679', amount: 800, expectedPaymentId: bill.id });
    await page.goto(`/stk/${sent.id}`);
    await expect(page.getByRole('status')).toHaveText('Waiting for the payer to enter their M-Pesa PIN…');
    await expect(page.getByRole('status')).toHaveText(/^Paid: receipt [A-Z0-9]{10}$/);
    await context.close();
  });

  test('without JavaScript, a prompt is sent from a bill and followed on its own page', async ({ browser, playwright }) => {
    const { bill } = await createBill(playwright, { amount: 650 });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInWithoutTheForm(page, demo);
    await page.goto(`/bills/${bill.id}`);
    const prompt = page.getByRole('region', { name: 'Send a payment prompt' });
    await prompt.getByLabel("Payer's M-Pesa number").fill('0712345670');
    await prompt.getByRole('button', { name: 'Send prompt' }).click();
    await expect(prompt.getByRole('status')).toHaveText('Waiting for the payer to enter their M-Pesa PIN…');
    await expect(prompt.getByText('Prompt for KES 650.00 from 0712 345 670.')).toBeVisible();
    await prompt.getByRole('link', { name: 'Follow this prompt' }).click();
    await expect(page).toHaveURL(/\/stk\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('status')).toHaveText(/^Paid: receipt [A-Z0-9]{10}$/);
    await context.close();
  });

  test("with JavaScript, a waiting prompt's page follows it without reloading", async ({ page, playwright }) => {
    const { customer } = await createCustomerWithAccount(playwright);
    // This test number never answers: the prompt stays PENDING for minutes.
    const sent = await sendPromptThroughService(playwright, { phone: '254700000006', amount: 50, customerId: customer.id });
    await signInWithoutTheForm(page, demo);
    await page.goto(`/stk/${sent.id}`);
    await expect(page.getByRole('status')).toHaveText('Waiting for the payer to enter their M-Pesa PIN…');
    await markWindow(page);
    await page.waitForTimeout(4_000);
    expect(await isSameWindow(page)).toBe(true);
  });
});
