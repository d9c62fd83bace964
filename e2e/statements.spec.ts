import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { demo, support } from './support/accounts';
import { simulatePayment } from './support/payments';
import { signInWithoutTheForm } from './support/portal';
import { pdfPageCount, printToA4 } from './support/print';
import { createCustomerWithAccount } from './support/service';

/** Today as a Nairobi date (UTC+3 all year). */
const nairobiToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

test.describe('account statements', () => {
  test('an account\'s statement opens from its page, lists its money with the balance after each entry, downloads as CSV and prints on A4', async ({ page, playwright }) => {
    const { account } = await createCustomerWithAccount(playwright);
    await simulatePayment(playwright, { accountNumber: account.accountNumber, amount: 1500.5, channel: 'INSTANT_BANK' });
    await simulatePayment(playwright, { accountNumber: account.accountNumber, amount: 250, channel: 'INSTANT_BANK' });

    await signInWithoutTheForm(page, demo);
    await page.goto(`/accounts/${account.id}`);
    await page.getByRole('link', { name: 'Statement' }).click();
    await expect(page).toHaveURL(new RegExp(`/accounts/${account.id}/statement$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Account statement' })).toBeVisible();
    await expect(page.getByText(account.accountNumber)).toBeVisible();
    await expect(page.getByTestId('opening-balance')).toHaveText('KES 0.00');
    await expect(page.getByTestId('closing-balance')).toHaveText('KES 1,750.50');
    const table = page.getByRole('table', { name: /^Entries from/ });
    await expect(table.getByRole('row').filter({ hasText: 'Money in' })).toHaveCount(2);
    await expect(table.getByRole('row').filter({ hasText: 'Money in' }).first()).toContainText('KES 1,500.50');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    const today = nairobiToday();
    expect(download.suggestedFilename()).toBe(`statement-${account.accountNumber}-${today.slice(0, 8)}01-to-${today}.csv`);
    const lines = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('When (Nairobi time),What,Description,Amount,Balance,Fees charged,Currency,Payment ID,Entry ID');
    expect(lines[1]).toContain(',Opening balance,');
    expect(lines.filter((line) => line.includes(',Money in,')).map((line) => line.split(',').slice(3, 5))).toEqual([
      ['1500.50', '1500.50'],
      ['250.00', '1750.50'],
    ]);
    expect(lines.at(-1)).toContain(',Closing balance,');
    expect(lines.at(-1)!.split(',')[4]).toBe('1750.50');

    const pdf = await printToA4(page);
    expect(pdfPageCount(pdf)).toBe(1);
    await expect(page.getByRole('navigation').first()).toBeHidden();
    await expect(page.getByRole('link', { name: 'Download CSV' })).toBeHidden();
  });

  test('a period that ends before it starts is explained on the page, and SUPPORT reads statements too', async ({ page, playwright }) => {
    const { account } = await createCustomerWithAccount(playwright);
    await signInWithoutTheForm(page, support);
    await page.goto(`/accounts/${account.id}/statement?from=2026-11-02&to=2026-11-01`);
    await expect(page.locator('#to-error')).toHaveText('Must be on or after from.');
    await page.getByLabel('From').fill('2026-11-01');
    await page.getByRole('button', { name: 'Show statement' }).click();
    await expect(page).toHaveURL(/from=2026-11-01&to=2026-11-01/);
    await expect(page.getByTestId('closing-balance')).toHaveText('KES 0.00');
  });
});
