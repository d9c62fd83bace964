import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { demo } from './support/accounts';
import { simulatePayment } from './support/payments';
import { signInWithoutTheForm } from './support/portal';
import { createBill, createCustomerWithAccount, legacyAccount } from './support/service';

/** A fresh payer's number for each test, so the per-phone limit belongs to no other test. */
const payerPhone = () => `0712 ${String(Date.now()).slice(-6, -3)} ${String(Date.now()).slice(-3)}`;

/** Reads the KE-QR code off the page as a phone's camera would: a screenshot decoded by a QR reader. */
async function scanKeQr(page: Page): Promise<string | undefined> {
  const code = page.getByRole('img', { name: /^KE-QR code/ });
  await code.scrollIntoViewIfNeeded();
  const { data, info } = await sharp(await code.screenshot()).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data;
}

async function askForPrompt(page: Page, phone: string) {
  const prompt = page.getByRole('region', { name: 'Send the M-Pesa prompt to my phone' });
  await prompt.getByLabel('Your M-Pesa phone number').fill(phone);
  await prompt.getByRole('button', { name: 'Send the prompt' }).click();
}

test.describe('the payer pays a bill themselves', () => {
  test('a sandbox bill is paid from its payer page by the prompt the payer asks for, with JavaScript', async ({ page, playwright, browser }) => {
    const { bill, payerPath } = await createBill(playwright, { amount: 1200 });
    await page.goto(payerPath);

    // The KE-QR code, labelled apart from the code that opens the page on another phone, scans back to a dynamic code.
    await expect(page.getByRole('figure', { name: 'Scan to pay with M-PESA or your bank app' })).toBeVisible();
    const scanned = await scanKeQr(page);
    expect(scanned).toMatch(/^000201010212/);
    expect(scanned).toContain('5404120058');
    expect(scanned).toContain(`62${String(bill.paymentReference.length + 4).padStart(2, '0')}01${String(bill.paymentReference.length).padStart(2, '0')}${bill.paymentReference}`);
    await expect(page.getByText('Open on another phone')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy business number' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy account number' })).toBeVisible();

    await askForPrompt(page, payerPhone());
    await expect(page).toHaveURL(/\/pay\/[A-Za-z0-9_-]{22}\/prompt\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Check your phone' })).toBeVisible();
    await expect(page.getByText(/to pay KES\s1,200\.00/)).toBeVisible();
    // The simulated payer approves after about 2.5 seconds; the page polls and redraws itself.
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible({ timeout: 20_000 });

    await page.getByRole('link', { name: 'Back to the payment instructions' }).click();
    await expect(page.getByRole('heading', { name: 'This bill can no longer be paid' })).toBeVisible();

    // The merchant's Prompts list marks it as asked by the payer.
    const merchant = await browser.newContext();
    const portal = await merchant.newPage();
    await signInWithoutTheForm(portal, demo);
    await portal.goto(`/stk?expectedPaymentId=${bill.id}`);
    await expect(portal.getByText('Asked by the payer')).toBeVisible();
    await merchant.close();
  });

  test('the same works with JavaScript disabled: the form posts and the status page refreshes itself', async ({ browser, playwright }) => {
    const { payerPath } = await createBill(playwright, { amount: 800 });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(payerPath);
    // Without JavaScript there are no copy buttons, and the numbers are still there to read.
    await expect(page.getByRole('button', { name: /^Copy/ })).toHaveCount(0);
    await expect(page.getByTestId('paybill-number')).toHaveText('4123456');
    await expect(page.getByRole('img', { name: /^KE-QR code/ }).locator('svg')).toBeAttached();

    await askForPrompt(page, payerPhone());
    await expect(page.getByRole('heading', { level: 1, name: 'Check your phone' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible({ timeout: 20_000 });
    await context.close();
  });

  test('a part-paid bill shows one amount to pay, what is still due, in the headline and the steps', async ({ page, playwright }) => {
    const { bill, payerPath } = await createBill(playwright, { amount: 1500 });
    await simulatePayment(playwright, { accountNumber: bill.virtualAccountNumber!, amount: 400 });
    await page.goto(payerPath);
    await expect(page.getByTestId('amount-to-pay')).toHaveText('KES 1,100.00');
    await expect(page.getByRole('region', { name: 'Pay with M-Pesa' })).toContainText('Enter the amount: KES 1,100.00.');
    await expect(page.getByText('KES 1,500.00')).toHaveCount(0);
    await expect(page.getByText(/pay KES\s1,100\.00/)).toBeVisible();
  });

  test('an account page asks the payer for the amount, and says so in Swahili too', async ({ page, playwright }) => {
    const { payerPath } = await createCustomerWithAccount(playwright);
    await page.goto(`${payerPath}?lang=sw`);
    const prompt = page.getByRole('region', { name: 'Nitumie ombi la M-Pesa kwenye simu yangu' });
    await prompt.getByLabel('Nambari yako ya simu ya M-Pesa').fill('12345');
    await prompt.getByRole('button', { name: 'Tuma ombi' }).click();
    await expect(prompt.getByText('Andika nambari ya simu ya Kenya, kama 0712 345 678.')).toBeVisible();
    await expect(prompt.getByText('Andika idadi kamili ya shilingi, kuanzia 1 hadi 250,000.')).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Changanua ili ulipe kwa M-PESA au programu ya benki yako' })).toBeVisible();
  });
});

test.describe('KE-QR codes in the portal', () => {
  test("the merchant's account and bill pages show the code payers scan, apart from the payer link", async ({ page, playwright }) => {
    const [account, { bill }] = await Promise.all([legacyAccount(playwright), createBill(playwright, { amount: 650 })]);
    await signInWithoutTheForm(page, demo);
    await page.goto(`/accounts/${account.id}`);
    const instructions = page.getByRole('region', { name: 'Payer instructions' });
    await expect(instructions.getByRole('figure', { name: /^Scan to pay with M-PESA or your bank app/ })).toBeVisible();
    const accountCode = await scanKeQr(page);
    expect(accountCode).toMatch(/^000201010211/);
    expect(accountCode).toContain(account.accountNumber);

    await page.goto(`/bills/${bill.id}`);
    const billCode = await scanKeQr(page);
    expect(billCode).toMatch(/^000201010212/);
    expect(billCode).toContain('5403650');
    expect(billCode).toContain(bill.paymentReference);
  });
});
