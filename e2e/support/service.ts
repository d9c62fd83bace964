import { expect, type APIRequestContext, type APIResponse, type PlaywrightWorkerArgs } from '@playwright/test';
import { demo, type Account } from './accounts';
import { baseURL } from './environment';

type Playwright = PlaywrightWorkerArgs['playwright'];

/** The methods that send a request, which serviceAs gives the token and renews it for. */
const SENDING = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'fetch']);
type Send = (url: string, options?: { headers?: Record<string, string> }) => Promise<APIResponse>;

/** Signs in from a context of its own, so that whatever the answer sets stays out of the helper's requests. */
async function accessTokenOf(playwright: Playwright, account: Account): Promise<string> {
  const anonymous = await playwright.request.newContext({ baseURL });
  try {
    const login = await anonymous.post('/api/v1/auth/login', { data: { email: account.email, password: account.password } });
    expect(login.status(), await login.text()).toBe(200);
    return ((await login.json()) as { accessToken: string }).accessToken;
  } finally {
    await anonymous.dispose();
  }
}

/**
 * Arranging data through the service's API, as an integration would, so that a browser test
 * starts from the state it is about. Access tokens live 8 seconds in this run, so each helper signs
 * in for its own requests, and signs in again when its token lapses half-way (a refused request
 * is sent again once, with the new token: 27 payments in a row outlasted one token on a loaded
 * machine). The refusal comes before the service does anything, so nothing is done twice.
 */
export async function serviceAs<T>(playwright: Playwright, work: (api: APIRequestContext) => Promise<T>, account: Account = demo): Promise<T> {
  const request = await playwright.request.newContext({ baseURL });
  let token = await accessTokenOf(playwright, account);
  const withToken = (options: { headers?: Record<string, string> } = {}) => ({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
  const api = new Proxy(request, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      if (!SENDING.has(String(property))) return (value as (...args: unknown[]) => unknown).bind(target);
      const send = (value as Send).bind(target);
      return async (url: string, options?: { headers?: Record<string, string> }) => {
        const answer = await send(url, withToken(options));
        if (answer.status() !== 401 || !(await answer.text()).includes('token_expired')) return answer;
        token = await accessTokenOf(playwright, account);
        return send(url, withToken(options));
      };
    },
  });
  try {
    return await work(api);
  } finally {
    await request.dispose();
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
