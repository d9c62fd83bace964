import { randomBytes, randomUUID } from 'node:crypto';
import { eq, isNotNull } from 'drizzle-orm';
import { db } from '@/lib/platform/db';
import { stkInitiations } from '@/lib/stk/schema';
import type { TestApi } from '../support/api-server';
import { newMerchant, newUser, signIn } from '../support/fixtures';

/**
 * The real rows the fuzzer aims at: a merchant with accounts, a sub-merchant, a customer with its
 * account, bills, a payer link, a webhook endpoint with a delivery, a payment and a phone prompt.
 * Ids from here are mixed with random and junk ones, so that lookups both hit and miss.
 */
export interface World {
  /** Bearer token of the merchant owner, for /merchants/* routes. */
  token: string;
  /** A second user whose session the /auth routes may end or rotate without harming the run. */
  authUser: { email: string; password: string; accessToken: string; refreshToken: string };
  known: Map<string, unknown[]>;
  /** What could not be made: reported as failures, since it means a documented call did not work. */
  setupProblems: string[];
}

export async function buildWorld(api: TestApi): Promise<World> {
  const setupProblems: string[] = [];
  const owner = await newMerchant('Fuzz Merchant');
  const { accessToken: token } = await signIn(api, owner.user.email, owner.password);
  const second = await newUser(owner.merchant.id, 'PLAIN_MERCHANT');
  const session = await signIn(api, second.user.email, second.password);

  async function create(label: string, method: string, path: string, json?: unknown): Promise<Record<string, unknown> | undefined> {
    const response = await api.request(method, path, { token, json });
    if (response.status >= 200 && response.status < 300) return (await response.json()) as Record<string, unknown>;
    setupProblems.push(`setup: ${label} (${method} ${path}) answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    return undefined;
  }
  const id = (row: Record<string, unknown> | undefined, key = 'id') => (row?.[key] as string | undefined) ?? randomUUID();

  const subMerchant = await create('a sub-merchant', 'POST', '/merchants/me/sub-merchants', { name: 'Fuzz Branch' });
  const brand = await create('a brand account', 'POST', '/merchants/me/virtual-accounts', { purpose: 'BRAND', accountName: 'Fuzz Brand' });
  const customer = await create('a customer', 'POST', '/merchants/me/customers', {
    displayName: 'Achieng Otieno',
    externalRef: `CUST-${randomUUID().slice(0, 8)}`,
    email: 'achieng@test.example',
    phone: '254712345678',
  });
  const customerAccount = await create('a customer account', 'POST', `/merchants/me/customers/${id(customer)}/virtual-account`);
  const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const billReference = `INV-FUZZ-${randomUUID().slice(0, 6).toUpperCase()}`;
  const bill = await create('a bill with its own account', 'POST', '/merchants/me/expected-payments', { paymentReference: billReference, amount: 1500, expiresAt });
  const plainBill = await create('a bill on the main account', 'POST', '/merchants/me/expected-payments', {
    paymentReference: `${billReference}-B`,
    amount: 700,
    expiresAt,
    provisionInvoiceVa: false,
    customerId: id(customer),
  });
  const payerLink = await create('a payer link', 'POST', '/merchants/me/payer-links', { targetType: 'VIRTUAL_ACCOUNT', targetId: owner.virtualAccount.id });
  const endpoint = await create('a webhook endpoint', 'POST', '/merchants/me/webhook-endpoints', { url: 'http://127.0.0.1:9/hook', description: 'fuzz' });
  const delivery = await create('a test delivery', 'POST', `/merchants/me/webhook-endpoints/${id(endpoint)}/test`);
  const payment = await create('a sandbox payment', 'POST', '/merchants/me/sandbox/inbound-payments', {
    accountNumber: owner.virtualAccount.accountNumber,
    amount: 250,
    channel: 'MOBILE_MONEY',
    payerPhone: '254712345678',
  });
  const prompt = await create('a phone prompt', 'POST', '/merchants/me/stk/initiate', { phone: '254712345678', amount: 10, accountNumber: owner.virtualAccount.accountNumber });
  const events = (await (await api.request('GET', '/merchants/me/events?limit=5', { token })).json()) as { id: string }[];
  const checkouts = await db()
    .select({ checkoutRequestId: stkInitiations.checkoutRequestId })
    .from(stkInitiations)
    .where(prompt ? eq(stkInitiations.id, id(prompt)) : isNotNull(stkInitiations.checkoutRequestId));

  const accountNumbers = [owner.virtualAccount.accountNumber, brand?.accountNumber, customerAccount?.accountNumber, bill?.virtualAccountNumber].filter(Boolean) as string[];
  const accountIds = [owner.virtualAccount.id, id(brand), id(customerAccount), bill?.virtualAccountId as string].filter(Boolean);
  const billIds = [id(bill), id(plainBill)];
  const references = [billReference, `${billReference}-B`, billReference.toLowerCase(), ` ${billReference} `];
  const validCursor = Buffer.from(JSON.stringify([new Date().toISOString(), randomUUID()])).toString('base64url');

  const known = new Map<string, unknown[]>(
    Object.entries({
      virtualAccountId: accountIds,
      customerId: [id(customer)],
      expectedPaymentId: billIds,
      subMerchantId: [id(subMerchant)],
      paymentId: [id(payment)],
      eventId: events.map((event) => event.id),
      endpointId: [id(endpoint)],
      deliveryId: [id(delivery)],
      initiationId: [id(prompt)],
      targetId: [...accountIds, ...billIds, id(customer)],
      token: [payerLink?.token].filter(Boolean),
      accountNumber: [...accountNumbers, ...references],
      BillRefNumber: [...accountNumbers, ...references],
      billReference: references,
      narration: [...accountNumbers, `${owner.virtualAccount.accountNumber} ${billReference}`],
      paymentReference: [billReference],
      CheckoutRequestID: checkouts.map((row) => row.checkoutRequestId).filter(Boolean),
      providerReference: [payment?.providerReference].filter(Boolean),
      email: [second.user.email, second.user.email.toUpperCase()],
      password: [second.password],
      refreshToken: [session.refreshToken],
      currency: ['KES'],
      secret: [`whsec_${randomBytes(32).toString('base64')}`],
      minAmount: ['100', '1500.50', '0'],
      maxAmount: ['1500', '999999999999.99'],
      url: ['http://127.0.0.1:9/hook', 'https://example.com/hooks/collect', 'https://[64:ff9b:1::a00:1]/', 'https://[::ffff:0:7f00:1]/', 'https://169.254.169.254/'],
      phone: ['254712345678', '0712345678', '+254712345678', '0112345678'],
      payerPhone: ['254712345678'],
      MSISDN: ['254712345678'],
      BusinessShortCode: ['4123456', 4123456],
      TransAmount: ['100.00', '1500', '-1', '0', '100000000000000.01'],
      TransTime: ['20261121130253', '00000101000000', '20260230120000', '99991231235959'],
      // Real values beside the inputs issue 13 saw lose money: NUL in names, year 0000, 30 February.
      transactionTime: [new Date().toISOString(), '0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '2026-02-30T10:00:00Z', '2026-01-01T00:00:00+05:45'],
      payerName: ['Kamau Holdings Ltd', 'A\u0000B', 'x\ud800y'],
      FirstName: ['Achieng', 'A\u0000B', '\udc00'],
      // Beside a real account number: a reference, nothing, or 4 kB that does not compress.
      InvoiceNumber: ['', billReference, randomBytes(3_000).toString('base64')],
      // Malformed cursors are each tried on every list by the malformed cases.
      cursor: [validCursor],
    }).map(([name, values]) => [name, values.filter((value) => value !== undefined)]),
  );
  return {
    token,
    authUser: { email: second.user.email, password: second.password, accessToken: session.accessToken, refreshToken: session.refreshToken },
    known,
    setupProblems,
  };
}
