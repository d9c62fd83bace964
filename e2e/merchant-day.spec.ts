import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { demo, support } from './support/accounts';
import { cents, simulatePayment } from './support/payments';
import { expectNoAxeViolations } from './support/phone';
import { signInWithoutTheForm } from './support/portal';
import { createCustomerWithAccount, legacyAccount, serviceAs, unique } from './support/service';

/** Today's date in Nairobi (UTC+3 all year), as the portal's filters write it. */
const nairobiToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

/** A period card of the overview ("Today", "Last 7 days", "Last 30 days"). */
const period = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** A receiver that answers every webhook 500 and keeps the bodies it was sent. */
async function startFailingReceiver() {
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(500, { 'content-type': 'text/plain' }).end('broken');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, bodies, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test.describe("the merchant's day", () => {
  test("the overview's figures follow a new payment by themselves, and each links to the list it counts", async ({ page, playwright }) => {
    const legacy = await legacyAccount(playwright);
    await signInWithoutTheForm(page, demo);
    await page.goto('/');
    const today = period(page, 'Today');
    const gross = today.locator('[data-figure="gross"]');
    const count = today.locator('[data-figure="count"]');
    const before = { gross: cents((await gross.textContent())!), count: Number((await count.textContent())!.replace(/,/g, '')) };
    await expect(page.getByText('New payments appear here by themselves.')).toBeVisible();

    // 1,234.56 by M-Pesa: the fee is 1% (12.35).
    const arrived = await simulatePayment(playwright, { accountNumber: legacy.accountNumber, amount: 1234.56 });
    const latest = page.getByRole('region', { name: 'Latest payments' });
    await expect(latest.getByRole('link', { name: arrived.providerReference })).toBeVisible({ timeout: 15_000 });
    await expect(count).toHaveText(String(before.count + 1));
    expect(cents((await gross.textContent())!)).toBe(before.gross + 123_456n);
    const week = period(page, 'Last 7 days');
    expect(cents((await week.locator('[data-figure="gross"]').textContent())!)).toBeGreaterThanOrEqual(123_456n);
    expect(cents((await week.locator('[data-figure="gross"]').textContent())!) - cents((await week.locator('[data-figure="fees"]').textContent())!)).toBe(
      cents((await week.locator('[data-figure="net"]').textContent())!),
    );

    // The bills and what needs attention are counted, each a link to its list.
    await expect(page.getByRole('region', { name: 'Bills' }).getByRole('link')).toHaveCount(4);
    await expect(page.locator('[data-figure="bills-due-soon"] a')).toHaveAccessibleName(/^\d+ due within three days$/);
    await expectNoAxeViolations(page);
    const attention = page.getByRole('region', { name: 'Needs attention' });
    await expect(attention.locator('[data-figure="attention-payments"] a')).toHaveAttribute('href', '/attention#payments-heading');
    await expect(attention.locator('[data-figure="attention-suspense"] a')).toHaveAttribute('href', '/attention#suspense-heading');
    await expect(page.locator('[data-figure="bills-open"] a')).toHaveAttribute('href', '/bills?status=OPEN');

    // Today's figure opens the payments of today, whose summary says the same.
    const shown = (await gross.textContent())!;
    await gross.click();
    await expect(page).toHaveURL(`/payments?from=${nairobiToday()}&to=${nairobiToday()}`);
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(nairobiToday());
    await expect(page.locator('dt:text-is("Total received") + dd')).toHaveText(shown);
    await expect(page.locator('dt:text-is("Payments matching") + dd')).toHaveText(String(before.count + 1));
  });

  test('the payments chart has an amount axis, weeks, values on focus, a table of the figures with fee and net, and 7, 30 and 90 days', async ({ page, playwright }) => {
    const { account } = await createCustomerWithAccount(playwright);
    for (const amount of [1000, 250.5]) await simulatePayment(playwright, { accountNumber: account.accountNumber, amount });
    await signInWithoutTheForm(page, demo);
    await page.goto(`/payments?virtualAccountId=${account.id}`);
    const chart = page.getByRole('figure', { name: 'Collected per day, last 30 days' });
    await expect(chart).toBeVisible();
    const bars = chart.getByRole('list', { name: 'Amount collected each day, in KES' }).getByRole('listitem');
    await expect(bars).toHaveCount(30);

    // Today's bar: focused by keyboard, it shows its value.
    const todayBar = bars.last();
    await todayBar.focus();
    await expect(todayBar.getByRole('tooltip')).toBeVisible();
    await expect(todayBar.getByRole('tooltip')).toContainText('KES 1,250.50 in 2 payments');
    await expect(todayBar).toHaveAttribute('aria-label', /KES\s1,250\.50 in 2 payments$/);
    await expectNoAxeViolations(page);

    // The table for screen readers has every day, fee and net beside the total.
    const table = chart.getByRole('table', { name: 'Collected per day, in KES' });
    await expect(table.locator('tbody tr')).toHaveCount(30);
    const lastRow = table.locator('tbody tr').last();
    // 1000 pays 10.00 and 250.50 pays 2.51 (1% each): 12.51 in fees, 1,237.99 net.
    await expect(lastRow.locator('td')).toHaveText(['', '2', 'KES 1,250.50', 'KES 12.51', 'KES 1,237.99'].map((text, index) => (index === 0 ? /.+/ : text)));
    // On screen only once "Show the figures" is opened (the same table, rendered once).
    const figures = chart.locator('.chart-figures');
    expect((await figures.boundingBox())?.width).toBeLessThanOrEqual(1);
    await chart.getByText('Show the figures').click();
    await expect.poll(async () => (await figures.boundingBox())?.width ?? 0).toBeGreaterThan(200);
    await expectNoAxeViolations(page);
    await expect(page.locator('dt:text-is("Fees") + dd')).toHaveText('KES 12.51');
    await expect(page.locator('dt:text-is("Net, after fees") + dd')).toHaveText('KES 1,237.99');

    await chart.getByRole('link', { name: '90 days' }).click();
    await expect(page.getByRole('figure', { name: 'Collected per day, last 90 days' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`virtualAccountId=${account.id}.*range=90|range=90.*virtualAccountId=${account.id}`));
    await page.getByRole('figure', { name: 'Collected per day, last 90 days' }).getByRole('link', { name: '7 days' }).click();
    await expect(page.getByRole('figure', { name: 'Collected per day, last 7 days' }).getByRole('listitem')).toHaveCount(7);

    // On a phone the week labels still fit side by side, each clear of the next and of the chart's edge.
    await page.setViewportSize({ width: 360, height: 800 });
    for (const days of [30, 90]) {
      await page.goto(`/payments?virtualAccountId=${account.id}&range=${days}`);
      const figure = page.getByRole('figure', { name: `Collected per day, last ${days} days` });
      const labels = await figure.locator('.chart-week:visible').evaluateAll((spans) => spans.map((span) => span.getBoundingClientRect()).map(({ left, right }) => ({ left, right })));
      const edge = (await figure.boundingBox())!;
      expect(labels.length).toBeGreaterThanOrEqual(2);
      for (const [index, label] of labels.entries()) {
        if (index > 0) expect(label.left).toBeGreaterThanOrEqual(labels[index - 1]!.right);
        expect(label.right).toBeLessThanOrEqual(edge.x + edge.width);
      }
    }
  });

  test('"Clear all" clears every filter, "How it came" included', async ({ page }) => {
    await signInWithoutTheForm(page, demo);
    await page.goto('/payments');
    await page.getByLabel('How it came').selectOption('RTGS');
    await page.getByLabel('Smallest amount').fill('100');
    await page.getByRole('button', { name: 'Show payments' }).click();
    await expect(page).toHaveURL(/channel=RTGS/);
    await page.getByRole('link', { name: 'Clear all' }).click();
    await expect(page).toHaveURL(/\/payments$/);
    await expect(page.getByLabel('How it came')).toHaveValue('');
    await expect(page.getByLabel('Smallest amount')).toHaveValue('');
    // The next search is not filtered by what was cleared.
    await page.getByRole('button', { name: 'Show payments' }).click();
    await expect(page).not.toHaveURL(/channel=[A-Z]/);
  });

  test('a cancelled prompt is listed with its time, phone, amount and customer, and sent again to the same phone', async ({ page, playwright }) => {
    const { customer } = await createCustomerWithAccount(playwright);
    const cancelled = await serviceAs(playwright, async (api) => {
      const answer = await api.post('/api/v1/merchants/me/stk/initiate', { data: { phone: '254700000001', amount: 420, customerId: customer.id } });
      expect(answer.status(), await answer.text()).toBe(202);
      return (await answer.json()) as { id: string };
    });
    await signInWithoutTheForm(page, demo);
    await page.goto('/stk?status=FAILED');
    const row = page.getByRole('row').filter({ has: page.locator(`a[href="/stk/${cancelled.id}"]`) });
    await expect(async () => {
      await page.reload();
      await expect(row).toContainText('Cancelled by payer');
    }).toPass({ timeout: 20_000, intervals: [1_000, 2_000] });
    await expect(row).toContainText('0700 000 001');
    await expect(row).toContainText('KES 420.00');
    await expect(row.getByRole('link', { name: `Customer ${customer.displayName}` })).toHaveAttribute('href', `/customers/${customer.id}`);
    await expect(page.getByTestId('simulator-numbers')).toContainText('0700 000 006');
    await expectNoAxeViolations(page);

    await row.getByRole('button', { name: /^Send again/ }).click();
    await expect(page).toHaveURL(/\/stk\/[0-9a-f-]{36}$/);
    expect(page.url()).not.toContain(cancelled.id);
    await expect(page.getByText('Prompt for KES 420.00 from 0700 000 001.')).toBeVisible();
    // The simulated payer cancels this one too: its page then offers to send it again.
    await expect(page.getByRole('status')).toHaveText('The payer cancelled the prompt.');
    await expect(page.getByRole('button', { name: 'Send again' })).toBeVisible();
    // The customer's page leads to its prompts: both, and only them.
    await page.goto(`/customers/${customer.id}`);
    await page.getByRole('link', { name: 'Prompts sent before' }).click();
    await expect(page).toHaveURL(`/stk?customerId=${customer.id}`);
    await expect(page.getByRole('table', { name: 'Phone prompts, newest first' }).locator('tbody tr')).toHaveCount(2);
    // A phone typed as payers say it finds its prompts.
    await page.goto('/stk');
    await page.getByLabel('Phone', { exact: true }).fill('0700 000 001');
    await page.getByRole('button', { name: 'Show prompts' }).click();
    await expect(page).toHaveURL(/phone=0700\+000\+001/);
    const rows = page.getByRole('table', { name: 'Phone prompts, newest first' }).locator('tbody tr');
    await expect(rows.filter({ hasText: 'KES 420.00' })).toHaveCount(2);
    expect(await rows.filter({ hasNotText: '0700 000 001' }).count()).toBe(0);
  });

  test('a prompt nobody answered times out, is listed as such, and is sent again from the list', async ({ page, playwright }) => {
    test.setTimeout(120_000);
    const { customer } = await createCustomerWithAccount(playwright);
    // 254700000006 never answers: with STK_TIMEOUT_SECONDS=10 the status checks give up after 30 s.
    const unanswered = await serviceAs(playwright, async (api) => {
      const answer = await api.post('/api/v1/merchants/me/stk/initiate', { data: { phone: '254700000006', amount: 730, customerId: customer.id } });
      expect(answer.status(), await answer.text()).toBe(202);
      return (await answer.json()) as { id: string };
    });
    await signInWithoutTheForm(page, demo);
    await page.goto('/stk?status=TIMED_OUT');
    const row = page.getByRole('row').filter({ has: page.locator(`a[href="/stk/${unanswered.id}"]`) });
    await expect(async () => {
      await page.reload();
      await expect(row).toContainText('Timed out');
    }).toPass({ timeout: 60_000, intervals: [2_000, 3_000] });
    await expect(row).toContainText('KES 730.00');

    await row.getByRole('button', { name: /^Send again/ }).click();
    await expect(page).toHaveURL(/\/stk\/[0-9a-f-]{36}$/);
    expect(page.url()).not.toContain(unanswered.id);
    await expect(page.getByText('Prompt for KES 730.00 from 0700 000 006.')).toBeVisible();
    const resent = page.url().split('/').at(-1)!;
    await serviceAs(playwright, async (api) => {
      const prompt = (await (await api.get(`/api/v1/merchants/me/stk/${resent}`)).json()) as { phone: string; amount: number; customerId: string; status: string };
      expect(prompt).toMatchObject({ phone: '254700000006', amount: 730, customerId: customer.id, status: 'PENDING' });
    });
  });

  test('a failing endpoint says since when and its last error, its deliveries say they are retried, and the event page shows the body as sent', async ({ page, playwright }) => {
    const receiver = await startFailingReceiver();
    const endpoint = await serviceAs(playwright, async (api) => {
      const answer = await api.post('/api/v1/merchants/me/webhook-endpoints', { data: { url: receiver.url, description: unique('Broken') } });
      expect(answer.status(), await answer.text()).toBe(201);
      return (await answer.json()) as { id: string; description: string };
    });
    try {
      const delivery = await serviceAs(playwright, async (api) => {
        const answer = await api.post(`/api/v1/merchants/me/webhook-endpoints/${endpoint.id}/test`);
        expect(answer.status(), await answer.text()).toBe(202);
        return (await answer.json()) as { eventId: string };
      });
      await expect.poll(() => receiver.bodies.length, { timeout: 15_000 }).toBeGreaterThan(0);
      await signInWithoutTheForm(page, support);
      const row = page.getByRole('row').filter({ hasText: endpoint.description });
      await expect(async () => {
        await page.goto('/webhooks');
        await expect(row).toContainText('Failing');
      }).toPass({ timeout: 20_000, intervals: [1_000, 2_000] });
      await expect(row).not.toContainText('Active');
      await expect(row).toContainText('Since');
      await expect(row).toContainText('answered HTTP 500');
      await expectNoAxeViolations(page);

      await page.goto(`/webhooks/${endpoint.id}`);
      await expect(page.getByText('Failing, retrying').first()).toBeVisible();
      await page.goto('/');
      await expect(page.locator('[data-figure="attention-webhooks-failing"] a')).not.toHaveText('0');

      await page.goto(`/webhooks/events/${delivery.eventId}`);
      await expect(page.getByTestId('event-body')).toHaveText(receiver.bodies[0]!);
      await expectNoAxeViolations(page);
    } finally {
      await serviceAs(playwright, (api) => api.post(`/api/v1/merchants/me/webhook-endpoints/${endpoint.id}/deactivate`));
      await receiver.close();
    }
  });
});
