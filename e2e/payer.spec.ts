import { expect, test } from '@playwright/test';
import { DEMO_MERCHANT_NAME } from './support/accounts';
import { pdfPageCount, printToA4 } from './support/print';
import { createBill, createCustomerWithAccount } from './support/service';

test.describe('payer instructions', () => {
  test('the payer page works without JavaScript and shows nothing of the merchant beyond its name and the payment details', async ({ browser, playwright }) => {
    const { customer, account, payerPath } = await createCustomerWithAccount(playwright);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(payerPath);

    await expect(page.getByRole('heading', { level: 1, name: `Pay ${DEMO_MERCHANT_NAME}` })).toBeVisible();
    const mpesa = page.getByRole('region', { name: 'Pay with M-Pesa' });
    await expect(mpesa).toContainText('4123456');
    await expect(mpesa).toContainText(account.accountNumber);
    await expect(mpesa.getByRole('listitem')).toHaveCount(7);
    await expect(page.getByRole('region', { name: 'Pay by instant bank transfer' })).toContainText('Demo Commercial Bank of Kenya');
    const rtgs = page.getByRole('region', { name: 'Pay by RTGS' });
    for (const text of ['Nairobi Head Office', 'DEMOKENXXXX', customer.displayName, account.accountNumber, 'Narration']) {
      await expect(rtgs).toContainText(text);
    }
    await expect(page.getByRole('img', { name: /QR code/ }).first().locator('svg')).toBeAttached();

    const text = await page.locator('body').innerText();
    for (const secret of [customer.email, customer.phone, customer.externalRef, 'Sign out', 'Overview']) expect(text).not.toContain(secret);
    // Only the language switch: none of the portal's navigation.
    await expect(page.getByRole('navigation')).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Language' })).toBeVisible();
    // Only the payer's own prompt form, which posts without JavaScript.
    await expect(page.getByRole('button')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Send the prompt' })).toBeVisible();
    await context.close();
  });

  test("a bill's payer page shows its amount and reference, and prints on one A4 page without its buttons", async ({ page, playwright }) => {
    const { bill, payerPath } = await createBill(playwright, { amount: 2750 });
    const violations: string[] = [];
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective}`));
    });
    page.on('console', (message) => {
      if (message.text().startsWith('CSP violation')) violations.push(message.text());
    });
    await page.goto(`${payerPath}?print=1`);

    await expect(page.getByText('KES 2,750.00').first()).toBeVisible();
    await expect(page.getByText(bill.paymentReference).first()).toBeVisible();
    await expect(page.getByText(bill.virtualAccountNumber!).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

    const pdf = await printToA4(page);
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    expect(pdfPageCount(pdf)).toBe(1);
    expect(violations).toEqual([]);
  });

  test('a link that does not exist is called not valid', async ({ page }) => {
    for (const path of ['/pay/AAAAAAAAAAAAAAAAAAAAAA', '/pay/not-a-token']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link is not valid');
    }
  });
});
