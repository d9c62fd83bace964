import { expect, test, type Page } from '@playwright/test';
import { demo, support } from './support/accounts';
import { baseURL } from './support/environment';
import { detail, simulatePayment } from './support/payments';
import { signInWithoutTheForm } from './support/portal';
import { legacyAccount, serviceAs, unique } from './support/service';
import { signedWith, startReceiver } from './support/webhooks';

/** The worker delivers in the background: reload until the page shows what it should. */
async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 20_000, intervals: [500, 1_000, 2_000] });
}

function createEndpoint(playwright: Parameters<typeof serviceAs>[0], url: string) {
  return serviceAs(playwright, async (api) => {
    const answer = await api.post('/api/v1/merchants/me/webhook-endpoints', { data: { url, description: unique('Hook') } });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as { id: string; url: string; description: string };
  });
}

test.describe('webhooks', () => {
  test("an endpoint's URL, description and events are changed without JavaScript, its secret kept", async ({ browser, playwright }) => {
    const endpoint = await createEndpoint(playwright, 'http://127.0.0.1:9/hook');
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      const description = unique('Renamed');
      await signInWithoutTheForm(page, demo);
      await page.goto(`/webhooks/${endpoint.id}`);
      await expect(detail(page, 'Events')).not.toContainText('payment.received');
      await page.getByRole('link', { name: 'Edit endpoint' }).click();
      await expect(page.getByLabel('Endpoint URL')).toHaveValue(endpoint.url);
      await expect(page.getByLabel('Description (optional)')).toHaveValue(endpoint.description);
      await page.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/v2/hook');
      await page.getByLabel('Description (optional)').fill(description);
      await page.getByLabel('A payment was received').check();
      await page.getByRole('button', { name: 'Save changes' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'Webhook endpoint' })).toBeVisible();
      await expect(page.getByText('http://127.0.0.1:9/v2/hook').first()).toBeVisible();
      await expect(detail(page, 'Events')).toContainText('payment.received');
      await expect(page.getByText(description).first()).toBeVisible();
    } finally {
      await context.close();
      // Endpoints are limited per merchant: this one leaves no trace for the other tests.
      await serviceAs(playwright, (api) => api.post(`/api/v1/merchants/me/webhook-endpoints/${endpoint.id}/deactivate`));
    }
  });

  test('an endpoint is added with its secret shown once, receives a signed payment webhook, is redelivered to, and is deactivated', async ({ context, page, playwright }) => {
    const receiver = await startReceiver();
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      const description = unique('Orders');
      await signInWithoutTheForm(page, demo);
      await page.goto('/webhooks');
      await page.getByRole('link', { name: 'Add endpoint' }).click();
      await page.getByLabel('Endpoint URL').fill(receiver.url);
      await page.getByLabel('Description (optional)').fill(description);
      await page.getByLabel('A payment was received').check();
      await page.getByRole('button', { name: 'Add endpoint' }).click();

      await expect(page.getByRole('heading', { name: 'Endpoint added' })).toBeVisible();
      await expect(page.getByText('it will not be shown again')).toBeVisible();
      const secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
      expect(secret).toMatch(/^whsec_/);
      await page.getByRole('button', { name: 'Copy secret' }).click();
      await expect(page.getByText('Copied')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

      await page.getByRole('link', { name: 'Open the endpoint' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Webhook endpoint' })).toBeVisible();
      await expect(detail(page, 'Status')).toContainText('Active');
      await expect(detail(page, 'Events')).toContainText('payment.received');
      // Shown once: the endpoint's own page never has it.
      await expect(page.getByText(secret)).toHaveCount(0);
      await expect(page.getByRole('textbox', { name: 'Signing secret' })).toHaveCount(0);

      const account = await legacyAccount(playwright);
      const payment = await simulatePayment(playwright, { accountNumber: account.accountNumber, amount: 1234 });

      const log = page.getByRole('table', { name: 'Deliveries to this endpoint, newest first' });
      const row = log.getByRole('row').filter({ hasText: 'payment.received' });
      await reloadUntil(page, async () => {
        await expect(row).toContainText('Delivered', { timeout: 1_000 });
      });
      await expect(row).toContainText('1 attempt');
      await row.getByText('1 attempt').click();
      await expect(row.getByText('Answered 200')).toBeVisible();

      expect(receiver.received).toHaveLength(1);
      const [first] = receiver.received;
      expect(String(first!.headers['webhook-signature'])).toMatch(/^v1,/);
      expect(signedWith(first!, secret)).toBe(true);
      const event = JSON.parse(first!.body) as { id: string; type: string; data: { id: string } };
      expect(event).toMatchObject({ type: 'payment.received', data: { id: payment.id } });
      expect(first!.headers['webhook-id']).toBe(event.id);

      await row.getByRole('button', { name: /Redeliver/ }).click();
      await expect(row.getByText('Redelivery queued')).toBeVisible();
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
      expect(receiver.received[1]!.headers['webhook-id']).toBe(event.id);
      expect(signedWith(receiver.received[1]!, secret)).toBe(true);
      await reloadUntil(page, async () => {
        await expect(row).toContainText('2 attempts', { timeout: 1_000 });
      });

      // The event's own page: where it went, with the way back to the payment.
      await row.getByRole('link', { name: 'A payment was received' }).click();
      await expect(page).toHaveURL(new RegExp(`/webhooks/events/${event.id}$`));
      await expect(page.getByRole('row').filter({ hasText: receiver.url })).toContainText('Delivered');
      await expect(page.getByRole('link', { name: 'See the payment' })).toHaveAttribute('href', `/payments/${payment.id}`);
      await page.goBack();

      await page.getByText('Deactivate endpoint…').click();
      await page.getByRole('button', { name: 'Yes, deactivate this endpoint' }).click();
      await expect(detail(page, 'Status')).toContainText('Deactivated');
      await expect(detail(page, 'Status')).toContainText('deactivated by your team');
      await expect(page.getByRole('button', { name: /Redeliver/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Send test event' })).toHaveCount(0);

      await page.goto('/webhooks');
      await expect(page.getByRole('row').filter({ hasText: description })).toContainText('Deactivated');
    } finally {
      await receiver.close();
    }
  });

  test('a test event reaches the receiver, and a rotated secret is shown once while the old one keeps signing for 24 hours', async ({ page, playwright }) => {
    const receiver = await startReceiver();
    try {
      const endpoint = await createEndpoint(playwright, receiver.url);
      await signInWithoutTheForm(page, demo);
      await page.goto(`/webhooks/${endpoint.id}`);
      await page.getByRole('button', { name: 'Send test event' }).click();
      await expect(page.getByText('Test event queued')).toBeVisible();
      // The endpoint takes every event of the demo merchant, whose other tests' events (a phone
      // prompt timing out) may reach it meanwhile: the test event is the one counted.
      const testEvents = () => receiver.received.filter((delivery) => (JSON.parse(delivery.body) as { type: string }).type === 'webhook.test');
      await expect.poll(() => testEvents().length, { timeout: 15_000 }).toBe(1);

      await page.getByText('Rotate secret…').click();
      await page.getByRole('button', { name: 'Yes, make a new secret' }).click();
      await expect(page.getByRole('heading', { name: 'New signing secret' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(/^whsec_/);
      await expect(page.getByText('keeps signing for 24 hours').first()).toBeVisible();
      await page.reload();
      await expect(page.getByRole('textbox', { name: 'Signing secret' })).toHaveCount(0);
      await expect(detail(page, 'Previous secret')).toContainText('Signs too, until');
    } finally {
      await receiver.close();
    }
  });

  test('an endpoint is deactivated without JavaScript, and deactivating it again from an older page is harmless', async ({ browser, playwright }) => {
    const endpoint = await createEndpoint(playwright, 'http://127.0.0.1:9/unused');
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInWithoutTheForm(page, demo);
    await page.goto(`/webhooks/${endpoint.id}`);
    const older = await context.newPage();
    await older.goto(page.url());

    await page.getByText('Deactivate endpoint…').click();
    await page.getByRole('button', { name: 'Yes, deactivate this endpoint' }).click();
    await expect(detail(page, 'Status')).toContainText('Deactivated');

    await older.getByText('Deactivate endpoint…').click();
    await older.getByRole('button', { name: 'Yes, deactivate this endpoint' }).click();
    await expect(detail(older, 'Status')).toContainText('deactivated by your team');
    await expect(older.getByText('Deactivate endpoint…')).toHaveCount(0);
    await context.close();
  });

  test('a support user sees endpoints and their delivery log, with no way to add, test, rotate, deactivate or redeliver', async ({ page, playwright }) => {
    const endpoint = await createEndpoint(playwright, 'http://127.0.0.1:9/support-view');
    await serviceAs(playwright, async (api) => {
      expect((await api.post(`/api/v1/merchants/me/webhook-endpoints/${endpoint.id}/test`)).status()).toBe(202);
    });
    await signInWithoutTheForm(page, support);
    await page.goto('/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add endpoint' })).toHaveCount(0);
    await page.getByRole('link', { name: endpoint.url }).first().click();

    await expect(page).toHaveURL(`/webhooks/${endpoint.id}`);
    // Nothing listens on port 9: once the test event has been tried, the endpoint reads failing, not green.
    await reloadUntil(page, () => expect(detail(page, 'Status')).toContainText('Failing'));
    await expect(detail(page, 'Status')).toContainText('Connection refused');
    await expect(page.getByRole('table', { name: 'Deliveries to this endpoint, newest first' })).toContainText('webhook.test');
    await expect(page.getByRole('button', { name: 'Send test event' })).toHaveCount(0);
    await expect(page.getByText('Rotate secret…')).toHaveCount(0);
    await expect(page.getByText('Deactivate endpoint…')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Redeliver/ })).toHaveCount(0);
    await expect(page.locator('main form')).toHaveCount(0);

    await page.goto('/webhooks/new');
    await expect(page.getByText('You cannot add webhook endpoints')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add endpoint' })).toHaveCount(0);
  });
});
