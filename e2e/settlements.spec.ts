import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { Account } from './support/accounts';
import { cliWithPassword } from './support/cli';
import { cents, receipt } from './support/payments';
import { signInWithoutTheForm } from './support/portal';
import { serviceAs } from './support/service';

/**
 * Settlement, end to end, on a merchant of this spec's own (the operator CLI, as team.spec does):
 * other specs share the demo merchant, and a payout takes everything available.
 */
function newMerchant(name: string) {
  const tag = randomUUID().slice(0, 8);
  const admin: Account = { email: `settle-admin-${tag}@example.com`, password: 'admin-password-123' };
  const made = cliWithPassword(admin.password, 'merchant:create', '--name', name, '--email', admin.email) as {
    merchant: { id: string };
    virtualAccount: { accountNumber: string };
  };
  const userOf = (role: string, firstName: string): Account => {
    const account = { email: `settle-${role.toLowerCase()}-${tag}@example.com`, password: `${role.toLowerCase()}-password-123` };
    cliWithPassword(account.password, 'user:create', '--merchant-id', made.merchant.id, '--email', account.email, '--role', role, '--first-name', firstName, '--last-name', 'Tester');
    return account;
  };
  return { admin, accountNumber: made.virtualAccount.accountNumber, userOf };
}

/** The code the test's own authenticator app shows, for the current step or one before. */
const codeFor = (secret: string, stepsBack = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() - stepsBack * 30_000 });

async function enrolTwoFactors(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.goto('/account');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code from the app').fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'Turn on two factors' }).click();
  const recovery = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(recovery).toHaveCount(10);
  return { secret, recoveryCodes: await recovery.allTextContents() };
}

async function payIn(api: APIRequestContext, accountNumber: string, amount: number) {
  const answer = await api.post('/api/v1/merchants/me/sandbox/inbound-payments', { data: { channel: 'MOBILE_MONEY', accountNumber, amount, providerReference: receipt() } });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as { id: string; providerReference: string };
}

interface Balance {
  currency: string;
  subMerchantId: string | null;
  available: number;
  settling: number;
}

async function kesBalance(api: APIRequestContext): Promise<Balance> {
  const answer = await api.get('/api/v1/merchants/me/balances');
  expect(answer.status(), await answer.text()).toBe(200);
  const { data } = (await answer.json()) as { data: Balance[] };
  return data.find((balance) => balance.currency === 'KES' && balance.subMerchantId === null)!;
}

/** A JSON amount (exact to the cent as the service makes it) in cents. */
const centsOf = (amount: number) => cents(amount.toFixed(2));

/** The figure shown for a term of the KES balance card. */
const balanceFigure = (page: Page, term: string) =>
  page.getByRole('region', { name: /^KES · / }).locator(`dt:text-is("${term}") + dd`);

test.describe('settlements', () => {
  test('an admin with two factors sets a settlement account, pays out now, sees it paid with its entries and CSV; a failed payout and a return give the balance back', async ({ page, playwright }) => {
    test.setTimeout(120_000);
    const merchant = newMerchant('Settle Duka');
    const clerk = merchant.userOf('PLAIN_MERCHANT', 'Pat');
    const { paidIn, accountId } = await serviceAs(
      playwright,
      async (api) => ({
        paidIn: [await payIn(api, merchant.accountNumber, 1500), await payIn(api, merchant.accountNumber, 2500.5)],
        accountId: ((await (await api.get('/api/v1/merchants/me/virtual-account')).json()) as { id: string }).id,
      }),
      clerk,
    );

    await signInWithoutTheForm(page, merchant.admin);
    const { secret, recoveryCodes } = await enrolTwoFactors(page);

    // The settlement account: a sensitive change, so the code is asked for.
    await page.goto('/settlements');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settlements' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('No settlement account in KES yet')).toBeVisible();
    await page.getByRole('link', { name: 'Settlement accounts and schedule' }).click();
    await expect(page.getByRole('heading', { name: 'Settlement accounts and schedule' })).toBeVisible();
    await page.getByLabel('Paid to').selectOption('BANK');
    await page.getByLabel('Account name').fill('Settle Duka Ltd');
    await page.getByLabel('Bank name').fill('Equity Bank');
    await page.getByLabel('Bank code').fill('68');
    await page.getByLabel('Account number').fill('0123 456 789');
    await page.getByRole('button', { name: 'Add settlement account' }).click();
    await expect(page.getByText('Type the current code from your authenticator app').first()).toBeVisible();
    await page.getByLabel('Two-factor code').fill(codeFor(secret));
    await page.getByRole('button', { name: 'Add settlement account' }).click();
    await expect(page.getByText('Saved. Settlements in this currency are now paid to this account.')).toBeVisible();
    const accountRow = page.getByRole('row', { name: /Equity Bank ••••6789/ });
    await expect(accountRow).toContainText('Active');
    await expect(accountRow).not.toContainText('0123456789');

    // Paid only on request, with no delay: what was received today can be paid out now, and the
    // schedule's own runs (a job) take nothing from under this test.
    await page.getByLabel('How often').selectOption('MANUAL');
    await page.getByLabel('Delay').selectOption('0');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect(page.getByText('Saved. It applies from the next run.')).toBeVisible();

    // Pay out now: a confirmation with the amount and the masked destination first.
    await page.goto('/settlements');
    const available = (await balanceFigure(page, 'Available').first().textContent())!;
    expect(cents(available)).toBeGreaterThan(0n);
    await expect(page.getByText('No payout is scheduled: you are paid when you choose "Pay out now".')).toBeVisible();
    await page.getByRole('button', { name: 'Review payout' }).click();
    await expect(page.getByTestId('payout-amount')).toHaveText(available);
    await expect(page.getByTestId('payout-destination')).toHaveText('Equity Bank ••••6789');
    await page.getByRole('button', { name: 'Confirm payout' }).click();
    await expect(page).toHaveURL(/\/settlements\/[0-9a-f-]{36}$/);
    const firstUrl = page.url();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Settlement of ${available}`);

    // The sandbox's rail pays within 10 seconds.
    await expect(async () => {
      await page.reload();
      await expect(page.locator('dt:text-is("Status") + dd')).toContainText('Paid', { timeout: 1_000 });
    }).toPass({ timeout: 20_000, intervals: [1_000] });
    await expect(page.locator('dt:text-is("Bank or M-Pesa reference") + dd')).toHaveText(/^SIM/);

    // Its entries: both payments, net of their fees, summing to what was paid out.
    const entries = page.getByRole('table', { name: 'Payments and reversals in this settlement' });
    await expect(entries.getByRole('row')).toHaveCount(3);
    for (const payment of paidIn) await expect(entries.getByRole('link', { name: payment.providerReference })).toBeVisible();
    const netShown = await entries.locator('td[data-label="Net"]').allTextContents();
    expect(netShown.map(cents).reduce((sum, value) => sum + value, 0n)).toBe(cents(available));

    // The CSV: every entry, and a totals line whose sums the rows make.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^settlement-.*\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n').map((line) => line.split(','));
    expect(lines[0]).toEqual(['When (Nairobi time)', 'Kind', 'Receipt or reference', 'Amount', 'Fee', 'Net amount', 'Currency', 'Payment ID', 'Settlement ID']);
    const rows = lines.slice(1, -1);
    const total = lines.at(-1)!;
    expect(rows.map((row) => row[2]).sort()).toEqual(paidIn.map((payment) => payment.providerReference).sort());
    const column = (index: number) => rows.reduce((sum, row) => sum + cents(row[index]!), 0n);
    expect(total[0]).toBe('Total');
    expect(column(3)).toBe(cents('4000.50'));
    expect(cents(total[3]!)).toBe(column(3));
    expect(cents(total[4]!)).toBe(column(4));
    expect(cents(total[5]!)).toBe(column(5));
    expect(column(3) - column(4)).toBe(column(5));
    expect(cents(total[5]!)).toBe(cents(available));

    // The account's balance history and statement show the payout as an entry.
    await page.goto(`/accounts/${accountId}`);
    await expect(page.getByRole('table', { name: 'Balance history, newest first' })).toContainText('Paid out');
    await page.goto(`/accounts/${accountId}/statement`);
    await expect(page.getByRole('main')).toContainText('Paid out');

    // A failed payout: the money is back in available at once. Made through the API as an
    // integration would, and failed at once, before the simulator (2 s) can pay it.
    const { failedId, before } = await serviceAs(
      playwright,
      async (api) => {
        await payIn(api, merchant.accountNumber, 4000);
        const before = await kesBalance(api);
        expect(centsOf(before.available)).toBeGreaterThan(0n);
        const key = randomUUID();
        const create = () => api.post('/api/v1/merchants/me/settlements', { data: { currency: 'KES' }, headers: { 'Idempotency-Key': key } });
        const made = await create();
        expect(made.status(), await made.text()).toBe(201);
        const settlement = (await made.json()) as { id: string; amount: number };
        const failed = await api.post(`/api/v1/merchants/me/sandbox/settlements/${settlement.id}/outcome`, { data: { outcome: 'FAILED' } });
        expect(failed.status(), await failed.text()).toBe(200);
        // The same key again answers the same settlement: a double submission pays once.
        expect(((await (await create()).json()) as { id: string }).id).toBe(settlement.id);
        expect(centsOf(settlement.amount)).toBe(centsOf(before.available));
        return { failedId: settlement.id, before };
      },
      clerk,
    );
    await page.goto(`/settlements/${failedId}`);
    await expect(page.locator('dt:text-is("Status") + dd')).toContainText('Failed');
    await page.goto('/settlements');
    expect(cents((await balanceFigure(page, 'Available').textContent())!)).toBe(centsOf(before.available));
    await expect(balanceFigure(page, 'In progress')).toHaveText('KES 0.00');
    await expect(page.getByRole('row', { name: /Failed/ })).toHaveCount(1);
    await page.getByLabel('Status').selectOption('FAILED');
    await page.getByRole('button', { name: 'Show settlements' }).click();
    await expect(page).toHaveURL(/status=FAILED/);
    await expect(page.getByRole('table', { name: 'Settlements matching the filters, newest first' }).getByRole('row')).toHaveCount(2);

    // The bank sends the first payout back (a sandbox control on its page): that comes back too.
    await page.goto(firstUrl);
    await page.getByRole('button', { name: 'Return it' }).click();
    await expect(page.locator('dt:text-is("Status") + dd')).toContainText('Returned');
    await page.goto('/settlements');
    expect(cents((await balanceFigure(page, 'Available').textContent())!)).toBe(centsOf(before.available) + cents(available));

    // Back to daily payouts a day after payment: the balances and the overview show the next one.
    await page.goto('/settlements/accounts');
    await page.getByLabel('How often').selectOption('DAILY');
    await page.getByLabel('Delay').selectOption('1');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect(page.getByText('Saved. It applies from the next run.')).toBeVisible();
    await page.goto('/settlements');
    await expect(page.getByText(/^Next payout: /)).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Next payout' })).toContainText(/KES on \d+ \w+ \d{4}/);

    // Disabling the account is a sensitive change too (a recovery code stands in for the app's code); then nothing is paid out.
    await page.goto('/settlements/accounts');
    const activeRow = page.getByRole('row', { name: /Equity Bank ••••6789/ });
    await activeRow.getByLabel('Two-factor code').fill(recoveryCodes[0]!);
    await activeRow.getByRole('button', { name: 'Disable Equity Bank ••••6789' }).click();
    await expect(page.getByRole('row', { name: /Equity Bank ••••6789/ })).toContainText('Disabled');
    await page.goto('/settlements');
    await expect(page.getByText('No settlement account in KES yet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Review payout' })).toHaveCount(0);
  });

  test('an admin adds an M-Pesa paybill account, pays out 27 payments to it and pages through their entries 25 at a time', async ({ page, playwright }) => {
    test.setTimeout(120_000);
    const merchant = newMerchant('Paybill Duka');
    const clerk = merchant.userOf('PLAIN_MERCHANT', 'Paz');
    const paidIn = await serviceAs(
      playwright,
      async (api) => {
        const made = [];
        for (let index = 0; index < 27; index += 1) made.push(await payIn(api, merchant.accountNumber, 200 + index));
        return made;
      },
      clerk,
    );

    await signInWithoutTheForm(page, merchant.admin);
    await page.goto('/settlements/accounts');
    await page.getByLabel('Paid to').selectOption('PAYBILL');
    await expect(page.getByLabel('Bank name')).toHaveCount(0); // only the paybill's own fields
    await page.getByLabel('Account name').fill('Paybill Duka Ltd');
    await page.getByLabel('Paybill number').fill('888880');
    await page.getByLabel('Account number at the paybill').fill('DUKA-001');
    await page.getByRole('button', { name: 'Add settlement account' }).click();
    await expect(page.getByText('Saved. Settlements in this currency are now paid to this account.')).toBeVisible();
    await expect(page.getByRole('row', { name: /Paybill 888880 \(DUKA-001\)/ })).toContainText('Active');
    await page.getByLabel('How often').selectOption('MANUAL');
    await page.getByLabel('Delay').selectOption('0');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect(page.getByText('Saved. It applies from the next run.')).toBeVisible();

    await page.goto('/settlements');
    await page.getByRole('button', { name: 'Review payout' }).click();
    await expect(page.getByTestId('payout-destination')).toHaveText('Paybill 888880 (DUKA-001)');
    await page.getByRole('button', { name: 'Confirm payout' }).click();
    await expect(page).toHaveURL(/\/settlements\/[0-9a-f-]{36}$/);
    const settlementUrl = page.url();

    // 27 entries: 25 on the first page, 2 on the next, each payment exactly once.
    const entries = page.getByRole('table', { name: 'Payments and reversals in this settlement' });
    const references = () => entries.locator('tbody tr').getByRole('link').allTextContents();
    await expect(page.getByText(/^27 in all: /)).toBeVisible();
    await expect(entries.locator('tbody tr')).toHaveCount(25);
    const firstPage = await references();
    const pages = page.getByRole('navigation', { name: 'Pages of entries' });
    await expect(pages.getByRole('link', { name: '← First page' })).toHaveCount(0);
    await pages.getByRole('link', { name: 'Next page →' }).click();
    await expect(page).toHaveURL(/cursor=/);
    await expect(entries.locator('tbody tr')).toHaveCount(2);
    const secondPage = await references();
    await expect(pages.getByRole('link', { name: 'Next page →' })).toHaveCount(0);
    expect([...firstPage, ...secondPage].sort()).toEqual(paidIn.map((payment) => payment.providerReference).sort());
    await pages.getByRole('link', { name: '← First page' }).click();
    await expect(page).toHaveURL(settlementUrl);
    await expect(entries.locator('tbody tr')).toHaveCount(25);
  });

  test('support sees balances, settlements, accounts and the schedule but cannot pay out or change them', async ({ page }) => {
    const merchant = newMerchant('Read Duka');
    const support = merchant.userOf('SUPPORT', 'Sol');
    await signInWithoutTheForm(page, support);
    await page.goto('/settlements');
    await expect(page.getByRole('heading', { name: 'Settlements', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Review payout' })).toHaveCount(0);
    await page.goto('/settlements/accounts');
    await expect(page.getByText('Only an administrator of your merchant can add or disable settlement accounts.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add settlement account' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save schedule' })).toHaveCount(0);
    await expect(page.locator('dt:text-is("When") + dd')).toContainText('Every day (Nairobi time), paying money received up to the day before.');
  });
});
