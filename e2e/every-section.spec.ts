import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { sections } from '../components/shell/sections';
import { demo } from './support/accounts';
import { receipt, simulatePayment } from './support/payments';
import { expectNoSidewaysScroll, PHONE } from './support/phone';
import { signInWithoutTheForm } from './support/portal';
import { createBill, createCustomerWithAccount, legacyAccount, serviceAs } from './support/service';

const DESKTOP = { width: 1280, height: 800 };

/** axe finds nothing serious or critical (the minor and moderate findings are the phone sweep's business). Soft, so the loop reports every page. */
async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect.soft(serious.map((violation) => `${violation.id} (${violation.impact}) on ${new URL(page.url()).pathname}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * No element's content spills out of its own box: a block whose content is wider than it and that
 * neither scrolls nor clips (a figure in a column too narrow for it, a row of buttons that does not
 * wrap). What sits inside a box that clips or scrolls on purpose (screen-reader-only text, a wide
 * table in its scrolling frame) is that box's business, not a spill on the page; so is what a closed
 * <details> hides.
 */
async function expectNothingOverflowing(page: Page): Promise<void> {
  const spilling = await page.evaluate(() => {
    const insideFrame = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) if (getComputedStyle(parent).overflowX !== 'visible') return true;
      return false;
    };
    return [...document.body.querySelectorAll('*')]
      .filter((element): element is HTMLElement => element instanceof HTMLElement && element.clientWidth > 1 && element.checkVisibility())
      .filter((element) => {
        const style = getComputedStyle(element);
        return style.overflowX === 'visible' && style.display !== 'inline' && element.scrollWidth > element.clientWidth + 1 && !insideFrame(element);
      })
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 4).join('.')} (${element.scrollWidth} px in ${element.clientWidth} px)`);
  });
  expect.soft(spilling, new URL(page.url()).pathname).toEqual([]);
}

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`every section at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`at ${viewport.width} px every section and a record of each fits the window, has one main landmark and nothing serious for axe`, async ({ page, playwright }) => {
      test.setTimeout(240_000);
      const { bill } = await createBill(playwright, { amount: 1234567.5 });
      const payment = await simulatePayment(playwright, { accountNumber: bill.virtualAccountNumber!, amount: 1234567.5, providerReference: receipt(), payerName: 'Wanjiru Kamau Njoroge' });
      const { customer } = await createCustomerWithAccount(playwright);
      const legacy = await legacyAccount(playwright);

      await signInWithoutTheForm(page, demo);
      const paths = [
        ...sections.map((section) => section.href),
        `/bills/${bill.id}`,
        `/payments/${payment.id}`,
        `/customers/${customer.id}`,
        `/accounts/${legacy.id}`,
        '/a-page-that-does-not-exist',
      ];
      for (const path of paths) {
        await page.goto(path);
        await expect.soft(page.locator('main'), `${path} has one <main>`).toHaveCount(1);
        await expectNoSidewaysScroll(page);
        await expectNothingOverflowing(page);
        await expectNoSeriousAxeViolations(page);
      }
    });
  });
}

test.describe('a phone\'s first screen', () => {
  test.use({ viewport: PHONE });

  test('on a phone the header and the menu button take less than 100 px, and a list\'s filters wait behind a Filters button', async ({ page }) => {
    await signInWithoutTheForm(page, demo);
    await page.goto('/payments');
    const menu = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' });
    const bottom = await menu.evaluate((button) => button.closest('nav')!.getBoundingClientRect().bottom);
    expect(bottom).toBeLessThan(100);

    // Folded: the search and the day's figures come first; the filters open on demand.
    const filters = page.locator('summary', { hasText: 'Filters' });
    await expect(filters).toBeVisible();
    await expect(page.getByLabel('From')).toBeHidden();
    await expect(page.getByLabel('Find a payment')).toBeInViewport();
    await filters.click();
    await expect(page.getByLabel('From')).toBeVisible();

    // Applied filters open the fold from the start, so that what narrows the list is in sight.
    await page.goto('/payments?channel=MOBILE_MONEY');
    await expect(page.getByLabel('How it came')).toBeVisible();
  });

  test('on a phone the bills\' status tabs and search wait behind a Filters button, open while a filter applies', async ({ page }) => {
    await signInWithoutTheForm(page, demo);
    await page.goto('/bills');
    const filters = page.locator('summary', { hasText: 'Filters' });
    const tabs = page.getByRole('navigation', { name: 'Bill status' });
    await expect(filters).toBeVisible();
    await expect(tabs).toBeHidden();
    await expect(page.getByRole('searchbox', { name: 'Search by reference' })).toBeHidden();
    await filters.click();
    await expect(tabs.getByRole('link', { name: 'Open', exact: true })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search by reference' })).toBeVisible();

    await page.goto('/bills?status=OPEN');
    await expect(tabs.getByRole('link', { name: 'Open', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(tabs).toBeVisible();
    await expect(filters).toContainText('(applied)');
  });

  test('on a phone every list with filters folds them the same way', async ({ page }) => {
    await signInWithoutTheForm(page, demo);
    for (const path of ['/bills', '/payments', '/stk', '/settlements', '/accounts', '/audit']) {
      await page.goto(path);
      await expect.soft(page.locator('details.filters-fold > summary', { hasText: 'Filters' }), path).toBeVisible();
    }
  });

  test('on a phone a payment is a compact card: amount and status on its first line, and no currency apart from its figure', async ({ page, playwright }) => {
    const { bill } = await createBill(playwright, { amount: 987654.32 });
    const providerReference = receipt();
    await simulatePayment(playwright, { accountNumber: bill.virtualAccountNumber!, amount: 987654.32, providerReference });
    await signInWithoutTheForm(page, demo);
    await page.goto(`/payments?q=${providerReference}`);
    const row = page.getByRole('row').filter({ hasText: providerReference });
    const amount = row.locator('td.num');
    const status = row.getByRole('cell').filter({ hasText: 'Paid a bill' });
    await expect(amount).toHaveText('KES\u00a0987,654.32');
    const [amountBox, statusBox, rowBox] = await Promise.all([amount.boundingBox(), status.boundingBox(), row.boundingBox()]);
    // The amount comes first, the status beside it, both on the card's first line.
    expect(Math.abs(amountBox!.y - statusBox!.y)).toBeLessThan(12);
    expect(amountBox!.y - rowBox!.y).toBeLessThan(16);
    // The first line and about three more, not a line per column (seven columns here).
    expect(rowBox!.height).toBeLessThan(120);
  });
});

test.describe('wide screens', () => {
  test.use({ viewport: DESKTOP });

  test('on a wide screen the filters are open and there is no Filters button', async ({ page }) => {
    await signInWithoutTheForm(page, demo);
    await page.goto('/payments');
    await expect(page.getByLabel('From')).toBeVisible();
    await expect(page.locator('summary', { hasText: 'Filters' })).toBeHidden();
    await page.goto('/bills');
    await expect(page.getByRole('navigation', { name: 'Bill status' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search by reference' })).toBeVisible();
    await expect(page.locator('summary', { hasText: 'Filters' })).toBeHidden();
  });
});

test.describe('the sandbox form', () => {
  test('the sandbox form takes what its hint says: an account number, then # and a bill\'s reference, pays that bill', async ({ page, playwright }) => {
    const { bill } = await createBill(playwright, { amount: 250, provisionInvoiceVa: false });
    const legacy = await legacyAccount(playwright);
    await signInWithoutTheForm(page, demo);
    await page.goto('/payments');
    const form = page.getByRole('region', { name: 'Simulate a payment' });
    await expect(form.getByText("A bill's reference alone names no account.")).toBeVisible();
    await form.getByLabel('Account number').fill(`${legacy.accountNumber}#${bill.paymentReference}`);
    await form.getByLabel('Amount').fill('250');
    await form.getByRole('button', { name: 'Simulate payment' }).click();
    await expect(form).toContainText('Payment recorded');
    const status = await serviceAs(playwright, async (api) => ((await (await api.get(`/api/v1/merchants/me/expected-payments/${bill.id}`)).json()) as { status: string }).status);
    expect(status).toBe('PAID');
  });
});

test.describe('a phone\'s first screen of a long page', () => {
  test.use({ viewport: PHONE });

  test('on a phone the overview, payments and settlements show their key figures in the first screen', async ({ page }) => {
    await signInWithoutTheForm(page, demo);
    await page.goto('/');
    await expect(page.locator('[data-period] [data-figure="gross"]').first()).toBeInViewport();
    await page.goto('/payments');
    await expect(page.locator('dt:text-is("Total received") + dd')).toBeInViewport();
    await page.goto('/settlements');
    await expect(page.getByRole('region', { name: /^KES · / }).locator('dt:text-is("Available") + dd')).toBeInViewport();
  });
});
