import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { demo, type Account } from './support/accounts';
import { cliWithPassword } from './support/cli';
import { receipt, simulatePayment } from './support/payments';
import { expectNoSidewaysScroll, PHONE } from './support/phone';
import { signInWithoutTheForm } from './support/portal';
import { createCustomerWithAccount, serviceAs } from './support/service';

/** A merchant of this test's own (the operator CLI, as the global setup does), so its team and sub-merchants are only this test's. */
function newMerchantAdmin(): Account {
  const admin = { email: `admin-${randomUUID().slice(0, 8)}@example.com`, password: 'admin-password-123' };
  cliWithPassword(admin.password, 'merchant:create', '--name', 'Finish Duka', '--email', admin.email);
  return admin;
}

/** A person who accepted an invitation of the admin (optionally limited to one sub-merchant). */
async function invitedMember(api: APIRequestContext, subMerchantId: string | null = null): Promise<Account> {
  const member = { email: `member-${randomUUID().slice(0, 8)}@example.com`, password: 'member-password-123' };
  const invitation = await api.post('/api/v1/merchants/me/users/invitations', { data: { email: member.email, role: 'PLAIN_MERCHANT', subMerchantId } });
  expect(invitation.status(), await invitation.text()).toBe(201);
  const token = ((await invitation.json()) as { inviteUrl: string }).inviteUrl.split('/').at(-1);
  const accepted = await api.post(`/api/v1/auth/invitations/${token}/accept`, { data: { firstName: 'Wanjiru', lastName: 'Kamau', password: member.password } });
  expect(accepted.status(), await accepted.text()).toBe(201);
  return member;
}

/** How Kenyans write a stored number: 254712345678 → 0712 345 678. */
const kenyan = (stored: string) => `0${stored.slice(3, 6)} ${stored.slice(6, 9)} ${stored.slice(9)}`;

test.describe('the portal\'s finish', () => {
  test('money reads KES 12,500.50 and phones 0712 345 678 on the payments list, a payment, a customer and a prompt', async ({ page, playwright }) => {
    const { customer, account } = await createCustomerWithAccount(playwright);
    const reference = receipt();
    // Typed as a payer's phone may come: with the plus and spaces.
    const payment = await simulatePayment(playwright, { accountNumber: account.accountNumber, amount: 12500.5, providerReference: reference, payerName: 'Achieng', payerPhone: '+254 712 345 678' });
    await signInWithoutTheForm(page, demo);

    await page.goto(`/payments?q=${reference}`);
    const row = page.getByRole('row').filter({ hasText: reference });
    await expect(row).toContainText('KES 12,500.50');
    await expect(row).toContainText('0712 345 678');
    await expect(row).toContainText('M-Pesa');
    await expect(row).not.toContainText('254712345678');

    await page.goto(`/payments/${payment.id}`);
    await expect(page.locator('main')).toContainText('KES 12,500.50');
    await expect(page.locator('main')).toContainText('0712 345 678');
    await expect(page.locator('main')).not.toContainText('MOBILE_MONEY');

    await page.goto(`/customers/${customer.id}`);
    await expect(page.locator('main')).toContainText(kenyan(customer.phone));
    await expect(page.locator('main')).not.toContainText(customer.phone);
    // The phone prompt form offers the customer's number as Kenyans write it.
    await expect(page.getByLabel("Payer's M-Pesa number")).toHaveValue(kenyan(customer.phone));

    await page.goto('/stk');
    await expect(page.getByTestId('simulator-numbers')).toContainText('0700 000 001');
  });

  test('disabling a person, withdrawing an invitation and revoking a key ask first, without JavaScript too, and fit a 360 px phone', async ({ browser, page, playwright }) => {
    const admin = newMerchantAdmin();
    const { member, pendingEmail, keyName } = await serviceAs(
      playwright,
      async (api) => {
        const joined = await invitedMember(api);
        const pending = `pending-${randomUUID().slice(0, 8)}@example.com`;
        expect((await api.post('/api/v1/merchants/me/users/invitations', { data: { email: pending, role: 'SUPPORT' } })).status()).toBe(201);
        const name = `Till ${randomUUID().slice(0, 6)}`;
        expect((await api.post('/api/v1/merchants/me/api-keys', { data: { name, role: 'SUPPORT' } })).status()).toBe(201);
        return { member: joined, pendingEmail: pending, keyName: name };
      },
      admin,
    );
    await signInWithoutTheForm(page, admin);

    // With JavaScript: the button opens the question; only the second click disables.
    await page.goto('/team');
    const row = page.locator(`tr[data-email="${member.email}"]`);
    await row.locator('summary', { hasText: 'Disable' }).click();
    await expect(row).toContainText('cannot sign in until enabled again');
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: `Yes, disable ${member.email}` }).click();
    // The row answers in place: disabled, and now offering to enable.
    await expect(row.getByRole('button', { name: `Enable ${member.email}` })).toBeVisible();
    await page.reload();
    await expect(page.locator(`tr[data-email="${member.email}"]`)).toContainText('Disabled');

    // Without JavaScript, on a phone: the same two steps, and nothing wider than the screen.
    const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, storageState: await page.context().storageState() });
    const phone = await noScript.newPage();
    await phone.goto('/team');
    await expectNoSidewaysScroll(phone);
    const invitation = phone.getByRole('row').filter({ hasText: pendingEmail });
    await invitation.locator('summary', { hasText: 'Withdraw invitation' }).click();
    await expect(invitation).toContainText('will stop working');
    await expectNoSidewaysScroll(phone);
    await invitation.getByRole('button', { name: `Yes, withdraw invitation of ${pendingEmail}` }).click();
    await phone.goto('/team');
    await expect(phone.locator('main')).not.toContainText(pendingEmail);

    await phone.goto('/api-keys');
    await expectNoSidewaysScroll(phone);
    const key = phone.getByRole('row').filter({ hasText: keyName });
    await key.locator('summary', { hasText: 'Revoke' }).click();
    await key.getByRole('button', { name: `Yes, revoke ${keyName}` }).click();
    await phone.goto('/api-keys');
    await expect(phone.getByRole('row').filter({ hasText: keyName })).toContainText('Revoked');
    await noScript.close();
  });

  test('an admin creates and renames a sub-merchant on the team page, and its user\'s overview names it', async ({ browser, page, playwright }) => {
    const admin = newMerchantAdmin();
    await signInWithoutTheForm(page, admin);
    await page.goto('/team');
    const name = `Westlands ${randomUUID().slice(0, 4)}`;
    await page.getByLabel('New sub-merchant').fill(name);
    await page.getByRole('button', { name: 'Create sub-merchant' }).click();
    await expect(page.getByText(`${name} created.`)).toBeVisible();
    const listed = page.getByRole('table', { name: 'Sub-merchants, newest first' });
    await expect(listed.getByLabel(`Name of ${name}`)).toHaveValue(name);

    // A second one of the same name is refused on the field.
    await page.getByLabel('New sub-merchant').fill(name);
    await page.getByRole('button', { name: 'Create sub-merchant' }).click();
    await expect(page.locator('#new-sub-merchant')).toHaveAttribute('aria-invalid', 'true');

    const renamed = `${name} branch`;
    await listed.getByLabel(`Name of ${name}`).fill(renamed);
    await listed.getByRole('button', { name: `Rename ${name}` }).click();
    await expect(page.getByText(`Renamed ${renamed}.`)).toBeVisible();
    await page.goto(`/audit?action=sub_merchant.*`);
    await expect(page.getByRole('table', { name: 'Audit entries' })).toContainText(`Sub-merchant "${name}" renamed "${renamed}".`);

    const member = await serviceAs(
      playwright,
      async (api) => {
        const subMerchants = (await (await api.get('/api/v1/merchants/me/sub-merchants')).json()) as { id: string; name: string }[];
        return invitedMember(api, subMerchants.find((subMerchant) => subMerchant.name === renamed)!.id);
      },
      admin,
    );
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await signInWithoutTheForm(memberPage, member);
    await memberPage.goto('/');
    await expect(memberPage.getByTestId('overview-sub-merchant')).toHaveText(renamed);
    await memberContext.close();
  });

  test('a portal address that names nothing says so inside the portal, with one main landmark', async ({ page }) => {
    await signInWithoutTheForm(page, demo);
    for (const path of [`/payments/${randomUUID()}`, `/customers/${randomUUID()}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
      await expect(page.locator('main')).toHaveCount(1);
      await expect(page.getByRole('main')).toHaveCount(1);
    }
  });

  test('a page in view prefetches none of its links, on a pointer over them neither, and the menu still opens each section', async ({ page }) => {
    await signInWithoutTheForm(page, demo);
    // Next marks its prefetches with this header (components/ui/link.tsx says why there are none).
    const prefetched: string[] = [];
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.headers()['next-router-prefetch']) prefetched.push(new URL(request.url()).pathname);
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link', { name: 'Customers' }).hover();
    await page.waitForLoadState('networkidle');
    expect(prefetched).toEqual([]);

    // A click fetches the section it opens, in the same page: no new document.
    await menu.getByRole('link', { name: 'Payments' }).click();
    await expect(page).toHaveURL(/\/payments$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    expect(documents).toEqual(['/']);
    expect(prefetched).toEqual([]);
  });
});
