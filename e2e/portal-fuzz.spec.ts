import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demo, type Account } from './support/accounts';
import { cliWithPassword } from './support/cli';
import { baseURL } from './support/environment';
import { signInWithoutTheForm } from './support/portal';
import { createBill, legacyAccount, serviceAs, unique } from './support/service';

/**
 * The portal hands its address (query parameters, path ids) to the service. Whatever the address
 * holds, a page answers with its content, a message saying what the service refused, or the
 * not-found page: never a 500, and never the error boundary ("This page could not be loaded").
 * Values are written as they go on the wire, percent-encoding included (%ED%A0%80 is a lone
 * surrogate; %ZZ is no encoding at all).
 */
const hostileValues: [string, string][] = [
  ['NUL', '%00'],
  ['a control character', '%01'],
  ['a unit separator', '%1F'],
  ['DEL', '%7F'],
  ['a line feed', 'a%0Ab'],
  ['year 0000', '0000-01-01'],
  ['30 February', '2026-02-30'],
  ['year 99999', '99999-01-01'],
  ['an ISO instant of 24:00', '2026-01-01T24%3A00%3A00Z'],
  ['a very long string', 'x'.repeat(4000)],
  ['a lone surrogate', '%ED%A0%80'],
  ['broken percent-encoding', '%ZZ'],
  ['a negative amount', '-1'],
  ['an impossible number', '1e309'],
  ['not a UUID', 'not-a-uuid'],
  ['the nil UUID', '00000000-0000-0000-0000-000000000000'],
];

const hostileIds: [string, string][] = [
  ['not a UUID', 'not-a-uuid'],
  ['NUL', '%00'],
  ['a control character', '%01'],
  ['a lone surrogate', '%ED%A0%80'],
  ['broken percent-encoding', '%ZZ'],
  ['an over-long id', 'x'.repeat(1000)],
  ['a UUID of nothing', '00000000-0000-0000-0000-000000000000'],
  ['a UUID with a NUL after it', '00000000-0000-0000-0000-000000000000%00'],
];

const paymentFilters = ['q', 'from', 'to', 'channel', 'matchStatus', 'minAmount', 'maxAmount', 'virtualAccountId', 'expectedPaymentId', 'customerId', 'range', 'cursor'];
const auditFilters = ['actor', 'action', 'target', 'from', 'to', 'cursor'];

/** Every list page and the query parameters it reads. */
const listPages: Record<string, string[]> = {
  '/': ['range'],
  '/payments': paymentFilters,
  '/payments/export': paymentFilters,
  '/bills': ['status', 'q', 'customerId', 'dueBefore', 'cursor'],
  '/bills/new': ['customerId'],
  '/customers': ['q', 'cursor'],
  '/accounts': ['purpose', 'cursor'],
  '/stk': ['status', 'phone', 'expectedPaymentId', 'customerId', 'cursor'],
  '/attention': ['done'],
  '/audit': auditFilters,
  '/audit/export': auditFilters,
  '/team': ['cursor'],
  '/api-keys': ['cursor'],
  '/webhooks': ['cursor'],
  '/docs': ['q'],
  '/login': ['callbackUrl', 'error', 'reason'],
};

/** Every record page, with `:id` where the id goes. */
const recordPages = [
  '/payments/:id',
  '/bills/:id',
  '/customers/:id',
  '/accounts/:id',
  '/accounts/:id/statement',
  '/accounts/:id/statement/csv',
  '/stk/:id',
  '/webhooks/:id',
  '/webhooks/events/:id',
  '/pay/:id',
  '/docs/:id',
];

/** Emailed links: a token that cannot be used is a page saying so (as an expired one is), not a 404. */
const linkPages = ['/invitations/:id', '/reset-password/:id'];

const ERROR_BOUNDARY = 'This page could not be loaded';
const PROBLEM_HEADING = 'This page could not be shown as asked';

/** Asks for a portal address as the signed-in browser would, and checks the answer is not a failure. */
async function expectAnswered(request: APIRequestContext, url: string): Promise<{ status: number; body: string }> {
  const response = await request.get(url, { failOnStatusCode: false });
  const body = await response.text();
  expect.soft(response.status(), `${url.slice(0, 200)} answered ${response.status()}`).toBeLessThan(500);
  expect.soft(body, `${url.slice(0, 200)} showed the error boundary`).not.toContain(ERROR_BOUNDARY);
  return { status: response.status(), body };
}

async function signedInRequest(page: Page, account: Account = demo): Promise<APIRequestContext> {
  await signInWithoutTheForm(page, account);
  // The browser context's own request client: the same session cookie, refreshed by proxy.ts as it expires.
  return page.context().request;
}

test.describe('portal fuzz', () => {
  test('the addresses the issue names show the service\'s refusal in the page, or the not-found page, never a 500', async ({ page }) => {
    const request = await signedInRequest(page);
    for (const [url, sentence] of [
      ['/payments?q=%00', 'Some fields hold characters the API does not take.'],
      ['/bills?q=%01', 'Some fields hold characters the API does not take.'],
      ['/customers?q=%00', 'Some fields hold characters the API does not take.'],
      ['/payments?to=0000-01-01', 'Must be between 1970-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z.'],
    ] as const) {
      const { status, body } = await expectAnswered(request, url);
      expect(status, url).toBe(200);
      expect(body, url).toContain(PROBLEM_HEADING);
      expect(body, url).toContain(sentence);
    }
    for (const url of ['/customers/not-a-uuid', '/bills/%ED%A0%80']) {
      const { status, body } = await expectAnswered(request, url);
      expect(status, url).toBe(404);
      expect(body, url).toContain('Page not found');
    }

    // In the browser too: the refusal names the field, and the way back is the list without the query.
    await page.goto('/payments?q=%00');
    const alert = page.getByRole('alert').filter({ hasText: PROBLEM_HEADING });
    await expect(alert).toContainText('q: ');
    await alert.getByRole('link', { name: 'Show every payment' }).click();
    await expect(page).toHaveURL(/\/payments$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: PROBLEM_HEADING })).toHaveCount(0);
  });

  for (const [path, params] of Object.entries(listPages)) {
    test(`every query parameter of ${path} takes NUL, controls, impossible dates, long strings and broken encodings without a 500`, async ({ page }) => {
      test.setTimeout(240_000);
      const request = await signedInRequest(page);
      for (const param of params) {
        for (const [, value] of hostileValues) await expectAnswered(request, `${path}?${param}=${value}`);
      }
      // All at once, as a hand-edited address might be.
      for (const [, value] of hostileValues) await expectAnswered(request, `${path}?${params.map((param) => `${param}=${value}`).join('&')}`);
    });
  }

  test('the query parameters of an account, its statement, its CSV and a payer page take hostile values without a 500', async ({ page, playwright }) => {
    test.setTimeout(240_000);
    const [account, { payerPath }] = await Promise.all([legacyAccount(playwright), createBill(playwright)]);
    const request = await signedInRequest(page);
    const pages: Record<string, string[]> = {
      [`/accounts/${account.id}`]: ['cursor'],
      [`/accounts/${account.id}/statement`]: ['from', 'to'],
      [`/accounts/${account.id}/statement/csv`]: ['from', 'to'],
      [payerPath]: ['lang', 'print'],
    };
    for (const [path, params] of Object.entries(pages)) {
      for (const param of params) {
        for (const [, value] of hostileValues) await expectAnswered(request, `${path}?${param}=${value}`);
      }
    }
  });

  test('every record page answers an id that is not one with the not-found page', async ({ page }) => {
    test.setTimeout(240_000);
    const request = await signedInRequest(page);
    for (const path of recordPages) {
      for (const [label, id] of hostileIds) {
        const url = path.replace(':id', id);
        const { status } = await expectAnswered(request, url);
        // Every one names no record: the not-found page (the statement's CSV says so as text).
        expect.soft(status, `${url.slice(0, 120)} (${label})`).toBe(404);
      }
    }
    for (const path of linkPages) {
      for (const [label, id] of hostileIds) {
        const url = path.replace(':id', id);
        const { status, body } = await expectAnswered(request, url);
        if (status === 200) expect.soft(body, `${url.slice(0, 120)} (${label})`).toContain('This link cannot be used');
        else expect.soft(status, `${url.slice(0, 120)} (${label})`).toBe(404);
      }
    }
  });

  test("a record of another merchant is not found, as an unknown id is", async ({ page, playwright }) => {
    const other: Account = { email: `${unique('fuzz').toLowerCase()}@example.com`, password: 'other-merchant-password-1' };
    const created = cliWithPassword(other.password, 'merchant:create', '--name', 'Fuzz Other Duka', '--email', other.email) as { virtualAccount: { id: string; accountNumber: string } };
    const theirs = await serviceAs(
      playwright,
      async (api) => {
        const ref = unique('OTHER');
        const customer = await (await api.post('/api/v1/merchants/me/customers', { data: { displayName: 'Other Customer', externalRef: ref, email: `${ref.toLowerCase()}@example.com`, phone: '254712000111' } })).json();
        const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
        const bill = await (await api.post('/api/v1/merchants/me/expected-payments', { data: { paymentReference: unique('INV'), amount: 100, currency: 'KES', expiresAt } })).json();
        const payment = await (
          await api.post('/api/v1/merchants/me/sandbox/inbound-payments', { data: { channel: 'MOBILE_MONEY', accountNumber: created.virtualAccount.accountNumber, amount: 10 } })
        ).json();
        return { customer: customer.id as string, bill: bill.id as string, payment: payment.id as string };
      },
      other,
    );
    expect(theirs.customer && theirs.bill && theirs.payment).toBeTruthy();

    const request = await signedInRequest(page);
    for (const url of [
      `/customers/${theirs.customer}`,
      `/bills/${theirs.bill}`,
      `/payments/${theirs.payment}`,
      `/accounts/${created.virtualAccount.id}`,
      `/accounts/${created.virtualAccount.id}/statement`,
      `/accounts/${created.virtualAccount.id}/statement/csv`,
    ]) {
      const { status, body } = await expectAnswered(request, url);
      expect(status, url).toBe(404);
      expect(body, url).not.toContain('Other Customer');
    }
    // Filters naming them find nothing of theirs, and fail nothing.
    for (const url of [`/payments?customerId=${theirs.customer}`, `/payments?virtualAccountId=${created.virtualAccount.id}`, `/bills?customerId=${theirs.customer}`, `/stk?expectedPaymentId=${theirs.bill}`]) {
      const { body } = await expectAnswered(request, url);
      expect(body, url).not.toContain('Other Customer');
    }
  });

  test('a server action posted by someone signed out with a bogus body answers 4xx, never 500', async ({ page, playwright }) => {
    // The sign-in action's id, as the login form sends it.
    await page.goto('/login');
    const posted = page.waitForRequest((request) => request.method() === 'POST' && Boolean(request.headers()['next-action']));
    await page.getByLabel('Email').fill(`${unique('nobody').toLowerCase()}@example.com`);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const actionId = (await posted).headers()['next-action']!;
    await expect(page.getByText('Wrong email or password.')).toBeVisible();

    const anonymous = await playwright.request.newContext({ baseURL });
    try {
      const bodies: [string, string][] = [
        ['text/plain;charset=UTF-8', '[]'],
        ['text/plain;charset=UTF-8', '[1,2]'],
        ['text/plain;charset=UTF-8', '["$undefined","x"]'],
        ['text/plain;charset=UTF-8', '{}'],
        ['text/plain;charset=UTF-8', 'null'],
        ['text/plain;charset=UTF-8', 'not json'],
        ['text/plain;charset=UTF-8', ''],
        ['application/json', '[]'],
        ['multipart/form-data; boundary=fuzz', '--fuzz\r\nContent-Disposition: form-data; name="0"\r\n\r\n[]\r\n--fuzz--\r\n'],
        ['multipart/form-data; boundary=fuzz', 'not a multipart body'],
      ];
      for (const [type, body] of bodies) {
        const response = await anonymous.post('/login', { headers: { 'Next-Action': actionId, 'content-type': type }, data: body, failOnStatusCode: false, maxRedirects: 0 });
        expect.soft(response.status(), `${type} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect.soft(response.status(), `${type} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
      // Sent from another site (Next's CSRF check): refused 403, not Next's 500.
      const crossSite = await anonymous.post('/login', {
        headers: { 'Next-Action': actionId, 'content-type': 'text/plain;charset=UTF-8', origin: 'https://evil.example' },
        data: '["$K1"]',
        failOnStatusCode: false,
        maxRedirects: 0,
      });
      expect(crossSite.status()).toBe(403);
      // An action id nobody has is Next's own 404, as before.
      const unknown = await anonymous.post('/login', { headers: { 'Next-Action': '7f'.repeat(21), 'content-type': 'text/plain;charset=UTF-8' }, data: '[]', failOnStatusCode: false });
      expect(unknown.status()).toBeLessThan(500);
    } finally {
      await anonymous.dispose();
    }

    // The real form still signs in, through the same check.
    await page.getByLabel('Email').fill(demo.email);
    await page.getByLabel('Password').fill(demo.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
});
