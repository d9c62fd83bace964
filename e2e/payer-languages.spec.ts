import { expect, test } from '@playwright/test';
import { DEMO_MERCHANT_NAME, support } from './support/accounts';
import { receipt, simulatePayment } from './support/payments';
import { expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from './support/phone';
import { pdfPageCount, printToA4 } from './support/print';
import { signInWithoutTheForm } from './support/portal';
import { createBill, serviceAs } from './support/service';

test.describe('payer pages in English and Swahili', () => {
  test('?lang=sw shows the instructions in Swahili with <html lang="sw">, and they still print on one A4 page', async ({ page, playwright }) => {
    const { bill, payerPath } = await createBill(playwright, { amount: 2750 });
    await page.goto(`${payerPath}?lang=sw&print=1`);

    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page).toHaveTitle(/Maelekezo ya malipo/);
    await expect(page.getByRole('heading', { level: 1, name: `Lipa ${DEMO_MERCHANT_NAME}` })).toBeVisible();
    const mpesa = page.getByRole('region', { name: 'Lipa kwa M-Pesa' });
    await expect(mpesa).toContainText('Nambari ya Biashara');
    await expect(mpesa).toContainText('4123456');
    await expect(mpesa).toContainText('Nambari ya Akaunti');
    await expect(mpesa).toContainText(bill.virtualAccountNumber!);
    await expect(mpesa.getByRole('listitem')).toHaveCount(7);
    await expect(mpesa.getByRole('listitem').nth(5)).toHaveText('Weka kiasi: KES 2,750.00.');
    await expect(page.getByText('Kiasi cha kulipa')).toBeVisible();
    await expect(page.getByText('Tarehe ya mwisho')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Lipa kwa RTGS' })).toContainText('Maelezo ya malipo');
    await expect(page.getByRole('button', { name: 'Chapisha' })).toBeVisible();
    // The language switch keeps print=1 and says which language is on.
    const english = page.getByRole('navigation', { name: 'Lugha' }).getByRole('link', { name: 'English' });
    await expect(english).toHaveAttribute('href', `${payerPath}?print=1&lang=en`);
    await expect(page.getByRole('link', { name: 'Kiswahili' })).toHaveAttribute('aria-current', 'true');
    await expectNoAxeViolations(page);

    const pdf = await printToA4(page);
    expect(pdfPageCount(pdf)).toBe(1);
    await expect(page.getByRole('navigation', { name: 'Lugha' })).toBeHidden();
  });

  test("a Swahili browser gets Swahili without asking, on a phone and without JavaScript; the switch goes back to English", async ({ browser, playwright }) => {
    const { payerPath } = await createBill(playwright, { amount: 1500 });
    const context = await browser.newContext({ locale: 'sw-KE', viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(payerPath);
    expect((await response!.request().allHeaders())['accept-language']).toMatch(/^sw-KE/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Lipa ${DEMO_MERCHANT_NAME}`);
    await expectNoSidewaysScroll(page);

    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\?lang=en$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pay ${DEMO_MERCHANT_NAME}`);
    await expect(page.getByRole('region', { name: 'Pay with M-Pesa' })).toContainText('Business (Pay Bill) number');
    await context.close();
  });

  test('a paid bill\'s page names the business, the bill and its amount, and says when it was paid, in either language', async ({ page, playwright }) => {
    const { bill, payerPath } = await createBill(playwright, { amount: 1200 });
    await simulatePayment(playwright, { accountNumber: bill.virtualAccountNumber!, amount: 1200, providerReference: receipt() });

    await page.goto(payerPath);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This bill can no longer be paid');
    const main = page.getByRole('main');
    for (const text of [DEMO_MERCHANT_NAME, bill.paymentReference, 'KES 1,200.00']) await expect(main).toContainText(text);
    await expect(main).toContainText(/This bill was paid in full on \d{1,2} \w+ \d{4}, \d{2}:\d{2} \(Nairobi time\)\. There is nothing more to pay\./);
    await expect(page.getByRole('region', { name: 'Pay with M-Pesa' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.goto(`${payerPath}?lang=sw`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bili hii haiwezi kulipwa tena');
    await expect(main).toContainText('Biashara');
    await expect(main).toContainText(/Bili hii ililipwa yote tarehe \d{1,2} \w+ \d{4}, \d{2}:\d{2} \(saa za Nairobi\)/);
  });

  test('a cancelled bill\'s page says who cancelled it and when', async ({ page, playwright }) => {
    const { bill, payerPath } = await createBill(playwright, { amount: 640 });
    await serviceAs(playwright, async (api) => {
      const answer = await api.post(`/api/v1/merchants/me/expected-payments/${bill.id}/cancel`, { data: {} });
      expect(answer.ok(), await answer.text()).toBe(true);
    });
    await page.goto(payerPath);
    await expect(page.getByRole('main')).toContainText(new RegExp(`${DEMO_MERCHANT_NAME} cancelled this bill on .+ \\(Nairobi time\\)`));
    await expect(page.getByRole('main')).toContainText('KES 640.00');
  });
});

test.describe('support and payer instructions', () => {
  test('a support user opens, copies and prints the payer instructions of a bill', async ({ browser, playwright }) => {
    const { bill, payerPath } = await createBill(playwright, { amount: 3100 });
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await signInWithoutTheForm(page, support);
    await page.goto(`/bills/${bill.id}`);

    const panel = page.getByRole('region', { name: 'Payer instructions' });
    await expect(panel.getByLabel('Payer link')).toHaveValue(new RegExp(`${payerPath}$`));
    await panel.getByRole('button', { name: 'Copy payer link' }).click();
    await expect(panel.getByText('Copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`${payerPath}$`));

    const print = panel.getByRole('link', { name: 'Print payer instructions' });
    await expect(print).toHaveAttribute('href', `${payerPath}?print=1`);
    const [sheet] = await Promise.all([context.waitForEvent('page'), print.click()]);
    await expect(sheet.getByRole('heading', { level: 1, name: `Pay ${DEMO_MERCHANT_NAME}` })).toBeVisible();
    await expect(sheet.getByText('KES 3,100.00').first()).toBeVisible();
    expect(pdfPageCount(await printToA4(sheet))).toBe(1);
    await context.close();
  });
});
