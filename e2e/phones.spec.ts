import { expect, test, type Page } from '@playwright/test';
import { sections } from '../components/shell/sections';
import { demo, support } from './support/accounts';
import { receipt, simulatePayment } from './support/payments';
import { expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from './support/phone';
import { mainNav, signIn, signInWithoutTheForm } from './support/portal';
import { createBill, createCustomerWithAccount, legacyAccount, serviceAs } from './support/service';
import { startReceiver } from './support/webhooks';

const menuButton = (page: Page) => mainNav(page).getByRole('button', { name: 'Menu' });

test.describe('the portal on a phone', () => {
  test.use({ viewport: PHONE });

  test('at 360 px no page scrolls sideways and axe finds nothing, in every section and on the records in them', async ({ page, playwright }) => {
    test.setTimeout(180_000);
    const { bill } = await createBill(playwright, { amount: 4321.5 });
    const payment = await simulatePayment(playwright, { accountNumber: bill.virtualAccountNumber!, amount: 4321.5, providerReference: receipt(), payerName: 'Wanjiru Kamau Njoroge' });
    const { customer } = await createCustomerWithAccount(playwright);
    const legacy = await legacyAccount(playwright);
    const receiver = await startReceiver();
    const endpoint = await serviceAs(playwright, async (api) => {
      const answer = await api.post('/api/v1/merchants/me/webhook-endpoints', {
        data: { url: `${receiver.url}/a-rather-long-path/for-payments-that-arrive`, description: 'Phone test', eventTypes: ['payment.received'] },
      });
      expect(answer.ok(), await answer.text()).toBe(true);
      return (await answer.json()) as { id: string };
    });

    await signInWithoutTheForm(page, demo);
    const paths = [
      ...sections.map((section) => section.href),
      `/bills/${bill.id}`,
      `/payments/${payment.id}`,
      `/customers/${customer.id}`,
      `/accounts/${legacy.id}`,
      `/webhooks/${endpoint.id}`,
      '/bills/new',
      '/customers/new',
    ];
    for (const path of paths) {
      const response = await page.goto(path);
      expect.soft(response?.status(), path).toBe(200);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    }
    await receiver.close();
  });

  test('a list on a phone stacks each row so that its amount, status and date are on screen', async ({ page, playwright }) => {
    const { bill } = await createBill(playwright, { amount: 987654.32 });
    const providerReference = receipt();
    await simulatePayment(playwright, { accountNumber: bill.virtualAccountNumber!, amount: 987654.32, providerReference });
    await signInWithoutTheForm(page, demo);
    await page.goto('/payments');
    const row = page.getByRole('row').filter({ hasText: providerReference });
    await row.scrollIntoViewIfNeeded();
    for (const value of [row.getByRole('cell').filter({ hasText: 'KES 987,654.32' }), row.getByRole('cell').filter({ hasText: 'Paid a bill' }), row.locator('time')]) {
      await expect(value).toBeInViewport();
      const box = (await value.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    // Each value is named by its column on the card, not only in the hidden header (the amount and status speak for themselves).
    const accountLabel = await row.locator('td[data-label="Account"]').evaluate((cell) => getComputedStyle(cell, '::before').content);
    expect(accountLabel).toBe('"Account"');
  });

  test('the menu is a button that opens every section, by keyboard alone, and closes with Escape', async ({ page }) => {
    await page.goto('/bills');
    await signIn(page, demo);
    const button = menuButton(page);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav(page).getByRole('link', { name: 'Payments' })).toBeHidden();

    // From the last section to the first, so that each step leaves the page it is on.
    for (const [index, section] of [...sections.entries()].reverse()) {
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      for (let step = 0; step <= index; step += 1) await page.keyboard.press('Tab');
      await expect(page.locator(':focus')).toHaveText(section.label);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL((url) => url.pathname === section.href);
      // Following a link closes the menu; the link it followed is now the current page.
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(mainNav(page).getByRole('link', { name: section.label, includeHidden: true })).toHaveAttribute('aria-current', 'page');
    }

    await button.click();
    await mainNav(page).getByRole('link', { name: 'Bills' }).focus();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    await expect(mainNav(page).getByRole('link', { name: 'Bills' })).toBeHidden();
  });

  test('without JavaScript the phone shows every section instead of a menu button', async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/bills');
    await signIn(page, demo);
    await expect(menuButton(page)).toBeHidden();
    for (const section of sections) await expect(mainNav(page).getByRole('link', { name: section.label })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await context.close();
  });
});

test.describe('the header', () => {
  test('says Sandbox while payments are simulated, and greets a support user by name', async ({ page }) => {
    await signInWithoutTheForm(page, support);
    await page.goto('/');
    const banner = page.getByRole('banner');
    // One phrase, in one element: "Sandbox: payments are simulated…", never "Sandbox : payments".
    await expect(banner.getByText('Sandbox: payments are simulated, no real money moves', { exact: true })).toBeVisible();
    // Made by `user:create --first-name Sam --last-name Tester` in the global setup.
    await expect(banner).toContainText('Sam Tester');
    await expect(banner).not.toContainText(support.email);
  });

  test('every page has an icon, and /favicon.ico answers with one', async ({ page, request }) => {
    const icon = await request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
    expect((await icon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));

    await page.goto('/login');
    const href = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute('href');
    expect((await request.get(href!)).status()).toBe(200);
  });
});
