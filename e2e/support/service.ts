import { expect, type APIRequestContext, type APIResponse, type PlaywrightWorkerArgs } from '@playwright/test';
import { demo, type Account } from './accounts';
import { baseURL } from './environment';

type Playwright = PlaywrightWorkerArgs['playwright'];

/**
 * Arranging data through the service's API, as an integration would, so that a browser test
 * starts from the state it is about. Access tokens live a few seconds in this run, so each
 * helper signs in for its own requests.
 */
export async function serviceAs<T>(playwright: Playwright, work: (api: APIRequestContext) => Promise<T>, account: Account = demo): Promise<T> {
  const anonymous = await playwright.request.newContext({ baseURL });
  const login = await anonymous.post('/api/v1/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  await anonymous.dispose();
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${accessToken}` } });
  try {
    return await work(api);
  } finally {
    await api.dispose();
  }
}

async function created<T>(response: Promise<APIResponse>): Promise<T> {
  const answer = await response;
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as T;
}

/** A name or reference no earlier run or test has used. */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

export interface CustomerFixture {
  id: string;
  displayName: string;
  externalRef: string;
  email: string;
  phone: string;
}

export function createSubMerchant(playwright: Playwright, name = unique('Branch')) {
  return serviceAs(playwright, (api) => created<{ id: string; name: string }>(api.post('/api/v1/merchants/me/sub-merchants', { data: { name } })));
}

/** A customer with its own account number, and the payer link of that account. */
export function createCustomerWithAccount(playwright: Playwright) {
  const ref = unique('CUST');
  const customer = {
    displayName: `Achieng Otieno ${Math.random().toString(36).slice(2, 6)}`,
    externalRef: ref,
    email: `${ref.toLowerCase()}@example.com`,
    phone: `2547${String(Date.now()).slice(-8)}`,
  };
  return serviceAs(playwright, async (api) => {
    const made = await created<CustomerFixture>(api.post('/api/v1/merchants/me/customers', { data: customer }));
    const account = await created<{ id: string; accountNumber: string }>(api.post(`/api/v1/merchants/me/customers/${made.id}/virtual-account`));
    const link = await created<{ path: string }>(api.post('/api/v1/merchants/me/payer-links', { data: { targetType: 'CUSTOMER', targetId: made.id } }));
    return { customer: made, account, payerPath: link.path };
  });
}

/** An open bill, with its invoice account unless told otherwise, and its payer link. */
export function createBill(playwright: Playwright, bill: { amount?: number; provisionInvoiceVa?: boolean } = {}) {
  const paymentReference = unique('INV');
  const expiresAt = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();
  return serviceAs(playwright, async (api) => {
    const made = await created<{ id: string; paymentReference: string; virtualAccountNumber?: string }>(
      api.post('/api/v1/merchants/me/expected-payments', {
        data: { paymentReference, amount: bill.amount ?? 2750, currency: 'KES', expiresAt, provisionInvoiceVa: bill.provisionInvoiceVa ?? true },
      }),
    );
    const link = await created<{ path: string }>(api.post('/api/v1/merchants/me/payer-links', { data: { targetType: 'EXPECTED_PAYMENT', targetId: made.id } }));
    return { bill: made, payerPath: link.path };
  });
}

export function legacyAccount(playwright: Playwright) {
  return serviceAs(playwright, (api) => created<{ id: string; accountNumber: string }>(api.get('/api/v1/merchants/me/virtual-account')));
}

/** `count` customers whose names all contain `word`, so that a search for it lists exactly them. */
export function createCustomers(playwright: Playwright, count: number, word: string) {
  return serviceAs(playwright, async (api) => {
    for (let index = 0; index < count; index += 1) {
      const ref = unique(`P${index}`);
      await created(
        api.post('/api/v1/merchants/me/customers', {
          data: { displayName: `${word} ${index}`, externalRef: ref, email: `${ref.toLowerCase()}@example.com`, phone: `2541${String(10_000_000 + index)}` },
        }),
      );
    }
  });
}
