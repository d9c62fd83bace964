import { expect, test } from '@playwright/test';
import { demo, support } from './support/accounts';
import { mainNav, signInWithoutTheForm } from './support/portal';
import { serviceAs, unique } from './support/service';
import { displayPhone } from '../lib/platform/phone';

/** A customer with a phone and no email, and an open bill for them, made through the API. */
function billForPhoneOnlyCustomer(playwright: Parameters<typeof serviceAs>[0]) {
  return serviceAs(playwright, async (api) => {
    const customer = await api.post('/api/v1/merchants/me/customers', { data: { displayName: 'Kamau Mwangi', externalRef: unique('CUST'), phone: `2547${String(Date.now()).slice(-8)}` } });
    expect(customer.status(), await customer.text()).toBe(201);
    const { id, phone } = (await customer.json()) as { id: string; phone: string };
    const bill = await api.post('/api/v1/merchants/me/expected-payments', {
      data: { paymentReference: unique('INV'), amount: 1800, currency: 'KES', expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(), customerId: id },
    });
    expect(bill.status(), await bill.text()).toBe(201);
    return { phone, bill: (await bill.json()) as { id: string; paymentReference: string } };
  });
}

test.describe('messages', () => {
  test.afterAll(async ({ playwright }) => {
    // Back to the defaults, so that other specs' payments send no receipts.
    await serviceAs(playwright, (api) => api.put('/api/v1/merchants/me/notification-settings', { data: { receiptChannels: [], language: 'en', reminderChannels: [] } }));
  });

  test('an administrator saves the notification settings, and a support user reads them', async ({ page, browser }) => {
    await signInWithoutTheForm(page, demo);
    await page.goto('/');
    await mainNav(page).getByRole('link', { name: 'Messages' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Notification settings' });
    await form.getByRole('group', { name: 'Send payers a receipt of each payment by' }).getByLabel('SMS').check();
    await form.getByLabel('Language of messages').selectOption('sw');
    await form.getByLabel('Remind customers before a bill expires').selectOption('3');
    await form.getByRole('group', { name: 'Send reminders by' }).getByLabel('SMS').check();
    await form.getByRole('button', { name: 'Save notification settings' }).click();
    await expect(page.getByText('Saved. Messages from now on follow these settings.')).toBeVisible();

    await page.reload();
    await expect(form.getByLabel('Language of messages')).toHaveValue('sw');
    await expect(form.getByRole('group', { name: 'Send payers a receipt of each payment by' }).getByLabel('SMS')).toBeChecked();

    const context = await browser.newContext();
    const supportPage = await context.newPage();
    await signInWithoutTheForm(supportPage, support);
    await supportPage.goto('/messages');
    await expect(supportPage.locator('dt:text-is("Language") + dd')).toHaveText('Kiswahili');
    await expect(supportPage.getByRole('button', { name: 'Save notification settings' })).toHaveCount(0);
    await context.close();
  });

  test('a bill is sent to its customer from the bill page and lands in the sandbox outbox', async ({ page, playwright }) => {
    const { phone, bill } = await billForPhoneOnlyCustomer(playwright);
    await signInWithoutTheForm(page, demo);
    await page.goto(`/bills/${bill.id}`);
    const section = page.getByRole('region', { name: 'Send to customer' });
    await expect(section.getByText('No email address: SMS only.')).toBeVisible();
    await expect(section.getByLabel(`SMS to ${displayPhone(phone)}`)).toBeChecked();
    await section.getByRole('button', { name: 'Send to customer' }).click();
    await expect(section.getByText(`Sent to ${displayPhone(phone)}.`, { exact: false })).toBeVisible();

    // The job queue sends it after the answer: the outbox shows it within a few seconds.
    await expect(async () => {
      await page.goto('/messages');
      const outbox = page.getByRole('table', { name: 'Sandbox outbox' });
      await expect(outbox.getByRole('row').filter({ hasText: bill.paymentReference })).toContainText('In sandbox outbox', { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    const row = page.getByRole('table', { name: 'Sandbox outbox' }).getByRole('row').filter({ hasText: bill.paymentReference });
    await expect(row).toContainText(displayPhone(phone));
    await expect(row).toContainText('/pay/');
  });
});
