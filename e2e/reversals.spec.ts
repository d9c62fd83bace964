import { expect, test } from '@playwright/test';
import { demo, support } from './support/accounts';
import { simulatePayment } from './support/payments';
import { signInWithoutTheForm } from './support/portal';
import { legacyAccount } from './support/service';

test.describe('reversing a payment', () => {
  test('a merchant reverses a sandbox payment from its page, confirms, and sees it REVERSED; support sees it without the action', async ({ page, playwright, browser }) => {
    const account = await legacyAccount(playwright);
    const payment = await simulatePayment(playwright, { accountNumber: account.accountNumber, amount: 640, payerName: 'Wambui Njeri', payerPhone: '254722000111' });

    await signInWithoutTheForm(page, demo);
    await page.goto(`/payments/${payment.id}`);
    const status = page.getByTestId('payment-status');
    await expect(status).toContainText('Received');

    // The first click only asks; the second, inside the question, asks the rail.
    await page.getByText('Reverse this payment…').click();
    await expect(page.getByText(/Give KES\s640\.00 back to the payer\?/)).toBeVisible();
    await page.getByLabel('Why (optional)').fill('Paid twice by mistake');
    await page.getByRole('button', { name: 'Yes, reverse this payment' }).click();
    // The page is drawn again at once: the payment waits for the rail, and cannot be reversed twice.
    await expect(status).toContainText(/Reversal pending|Reversed/);
    await expect(page.getByText('Reverse this payment…')).toHaveCount(0);

    // The sandbox's rail answers within seconds; the page shows it once reloaded.
    await expect(async () => {
      await page.reload();
      await expect(status).toContainText('Reversed', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('list', { name: 'Reversals' })).toContainText('Your note: Paid twice by mistake');
    await expect(page.getByText('Reverse this payment…')).toHaveCount(0);
    // The balance entries show the debit beside the credit.
    await expect(page.getByText(`Reversal of ${payment.providerReference}`)).toBeVisible();

    await page.goto('/payments');
    const row = page.getByRole('row', { name: new RegExp(payment.providerReference) });
    await expect(row).toContainText('Reversed');

    const supportContext = await browser.newContext();
    const supportPage = await supportContext.newPage();
    await signInWithoutTheForm(supportPage, support);
    const other = await simulatePayment(playwright, { accountNumber: account.accountNumber, amount: 90 });
    await supportPage.goto(`/payments/${other.id}`);
    await expect(supportPage.getByTestId('payment-status')).toContainText('Received');
    await expect(supportPage.getByText('Reverse this payment…')).toHaveCount(0);
    await supportContext.close();
  });
});
