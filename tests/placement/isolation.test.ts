import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '@/lib/accounts/account-number';
import { expectedPayments } from '@/lib/bills/schema';
import { db } from '@/lib/platform/db';
import { useTestApi, type TestApi } from '../support/api-server';
import { createBill, signedInMerchant } from '../payments/support';
import { BANK_SECRET, observeAll, spellings, tag, type Outcome, type PayerInput } from './support';

const api = useTestApi({ BANK_WEBHOOK_SECRET: BANK_SECRET });

const LARGE = 1_000_000;

async function post<T>(token: string, path: string, json: unknown): Promise<{ status: number; body: T }> {
  const response = await api.request('POST', path, { token, json });
  // Whatever B tries, the service answers it: a refusal is fine, a 5xx is not.
  expect(response.status, `${path} ${JSON.stringify(json)}`).toBeLessThan(500);
  return { status: response.status, body: (await response.json()) as T };
}

async function newCustomer(token: string, externalRef: string, subMerchantId?: string) {
  const made = await post<{ id: string }>(token, '/merchants/me/customers', {
    displayName: 'Achieng Otieno', externalRef, email: 'achieng@example.com', phone: '254712345678', ...(subMerchantId ? { subMerchantId } : {}),
  });
  if (made.status !== 201) return undefined;
  const account = await post<{ id: string; accountNumber: string }>(token, `/merchants/me/customers/${made.body.id}/virtual-account`, {});
  return { id: made.body.id, accountId: account.body.id, accountNumber: account.body.accountNumber };
}

/** Merchant A: accounts, bills with and without invoice accounts, a customer. */
async function merchantA(api: TestApi) {
  const a = await signedInMerchant(api);
  const suffix = tag();
  const plain = await createBill(api, a.token, { paymentReference: `INV-${suffix}-01`, amount: LARGE, provisionInvoiceVa: false });
  const invoiced = await createBill(api, a.token, { paymentReference: `INV-${suffix}-02`, amount: LARGE, provisionInvoiceVa: true });
  // A reference that reads like an account number (ten digits with a valid check digit).
  const numeric = await createBill(api, a.token, { paymentReference: withCheckDigit(`8${suffix.replace(/\D/g, '7').padEnd(8, '3').slice(0, 8)}`), amount: LARGE, provisionInvoiceVa: false });
  const brand = await post<{ id: string; accountNumber: string }>(a.token, '/merchants/me/virtual-accounts', { purpose: 'BRAND' });
  expect(brand.status).toBe(201);
  const customer = (await newCustomer(a.token, `CUST-${suffix}`))!;
  return { ...a, suffix, plain, invoiced, numeric, brand: brand.body, customer, externalRef: `CUST-${suffix}` };
}
type A = Awaited<ReturnType<typeof merchantA>>;

/** What A's payers type, on both rails, in the forms the rule reads and the forms it refuses. */
function inputsOf(a: A): PayerInput[] {
  const legacy = a.virtualAccount.accountNumber;
  const ref = a.plain.paymentReference;
  const typo = legacy.slice(0, -1) + String((Number(legacy.at(-1)) + 1) % 10);
  const mpesa = (label: string, entry: string, beside?: string): PayerInput => ({ label, rail: 'MPESA', entry, beside });
  const bank = (label: string, entry: string, beside?: string): PayerInput => ({ label, rail: 'BANK', entry, beside });
  return [
    mpesa('account', legacy),
    mpesa('account#ref', `${legacy}#${ref}`),
    mpesa('account#ref lower', `${legacy}#${ref.toLowerCase()}`),
    mpesa('account # ref spaced', `  ${legacy}   #  ${spellings(ref)[3]}  `),
    mpesa('account ref', `${legacy} ${ref.toLowerCase()}`),
    mpesa('account + InvoiceNumber', legacy, `  ${ref.toLowerCase()} `),
    mpesa('bare ref', ref),
    mpesa('bare ref lower', ref.toLowerCase()),
    mpesa('invoice account', a.invoiced.virtualAccountNumber!),
    mpesa('invoice account#other ref', `${a.invoiced.virtualAccountNumber}#${ref}`),
    mpesa('brand#invoiced bill ref', `${a.brand.accountNumber}#${a.invoiced.paymentReference.toLowerCase()}`),
    mpesa('customer account', a.customer.accountNumber),
    mpesa('bare customer externalRef', a.externalRef),
    mpesa('account#numeric ref', `${legacy}#${a.numeric.paymentReference}`),
    mpesa('bare numeric ref', a.numeric.paymentReference),
    mpesa('account#customer account', `${legacy}#${a.customer.accountNumber}`),
    mpesa('account#ref only B has', `${legacy}#B-ONLY-${a.suffix}`),
    mpesa('mistyped account', typo),
    mpesa('unknown account', withCheckDigit('999999990')),
    bank('bank: account, narration account ref', legacy, `${legacy} ${ref.toLowerCase()}`),
    bank('bank: account, narration account#ref', legacy, `${legacy}#${ref}`),
    bank('bank: account#ref as beneficiary', `${legacy}#${ref.toLowerCase()}`),
    bank('bank: bare ref as beneficiary', ref),
    bank('bank: invoice account', a.invoiced.virtualAccountNumber!),
  ];
}

/** What A's inputs must give in the first place: the rule itself, stated once. */
function expectedOf(a: A): Record<string, Outcome> {
  const legacy = a.virtualAccount.id;
  const accepted = (accountId: string, billId: string | null): Outcome => ({ validation: '0', placed: { accountId, billId } });
  const refused = (reason: string): Outcome => ({ validation: 'C2B00012', placed: { suspense: reason } });
  const recorded = (accountId: string, billId: string | null): Outcome => ({ validation: 'recorded', placed: { accountId, billId } });
  return {
    'account': accepted(legacy, null),
    'account#ref': accepted(legacy, a.plain.id),
    'account#ref lower': accepted(legacy, a.plain.id),
    'account # ref spaced': accepted(legacy, a.plain.id),
    'account ref': accepted(legacy, a.plain.id),
    'account + InvoiceNumber': accepted(legacy, a.plain.id),
    'bare ref': refused('UNKNOWN_ACCOUNT'),
    'bare ref lower': refused('UNKNOWN_ACCOUNT'),
    'invoice account': accepted(a.invoiced.virtualAccountId!, a.invoiced.id),
    'invoice account#other ref': accepted(a.invoiced.virtualAccountId!, a.invoiced.id),
    'brand#invoiced bill ref': accepted(a.brand.id, a.invoiced.id),
    'customer account': accepted(a.customer.accountId, null),
    'bare customer externalRef': refused('UNKNOWN_ACCOUNT'),
    'account#numeric ref': accepted(legacy, a.numeric.id),
    'bare numeric ref': refused('UNKNOWN_ACCOUNT'),
    'account#customer account': accepted(legacy, null),
    'account#ref only B has': accepted(legacy, null),
    'mistyped account': refused('INVALID_CHECK_DIGIT'),
    'unknown account': refused('UNKNOWN_ACCOUNT'),
    'bank: account, narration account ref': recorded(legacy, a.plain.id),
    'bank: account, narration account#ref': recorded(legacy, a.plain.id),
    'bank: account#ref as beneficiary': recorded(legacy, a.plain.id),
    'bank: bare ref as beneficiary': { validation: 'suspense', placed: { suspense: 'UNKNOWN_ACCOUNT' } },
    'bank: invoice account': recorded(a.invoiced.virtualAccountId!, a.invoiced.id),
  };
}

/** Everything merchant B can create, built from A's strings: references, refs, account numbers. */
function actionsAgainst(a: A) {
  const strings = [
    a.plain.paymentReference, a.invoiced.paymentReference, a.numeric.paymentReference, a.externalRef, `B-ONLY-${a.suffix}`,
    a.virtualAccount.accountNumber, a.invoiced.virtualAccountNumber!, a.customer.accountNumber, a.brand.accountNumber,
    `${a.virtualAccount.accountNumber}#${a.plain.paymentReference}`,
  ];
  const spelled = fc.tuple(fc.constantFrom(...strings), fc.nat(4)).map(([text, form]) => spellings(text)[form]!);
  return fc.oneof(
    fc.record({ kind: fc.constant('bill' as const), reference: spelled, invoice: fc.boolean(), onSubMerchant: fc.boolean() }),
    fc.record({ kind: fc.constant('customer' as const), externalRef: spelled }),
    fc.record({ kind: fc.constant('account' as const), purpose: fc.constantFrom('BRAND', 'SUBSCRIBER') }),
    fc.record({ kind: fc.constant('subMerchant' as const), name: spelled }),
    fc.record({ kind: fc.constant('pay' as const), reference: spelled }),
  );
}
type Action = ReturnType<typeof actionsAgainst> extends fc.Arbitrary<infer T> ? T : never;

async function perform(b: Awaited<ReturnType<typeof signedInMerchant>>, action: Action, subMerchantId: string) {
  const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
  switch (action.kind) {
    case 'bill':
      return post(b.token, '/merchants/me/expected-payments', {
        paymentReference: action.reference, amount: 500, expiresAt, provisionInvoiceVa: action.invoice, ...(action.onSubMerchant ? { subMerchantId } : {}),
      });
    case 'customer':
      return newCustomer(b.token, action.externalRef, subMerchantId);
    case 'account':
      return post(b.token, '/merchants/me/virtual-accounts', { purpose: action.purpose });
    case 'subMerchant':
      return post(b.token, '/merchants/me/sub-merchants', { name: action.name });
    case 'pay':
      // B's own payers paying B's bills by A's references, through B's account number.
      return observeAll(api, [{ label: 'b', rail: 'MPESA', entry: `${b.virtualAccount.accountNumber}#${action.reference}` }]);
  }
}

const billStates = async (ids: string[]) =>
  db().select({ id: expectedPayments.id, amountPaid: expectedPayments.amountPaid, status: expectedPayments.status }).from(expectedPayments).where(inArray(expectedPayments.id, ids)).orderBy(expectedPayments.id);

describe('placement isolation on the shared paybill and bank', () => {
  let a: A;
  let before: Record<string, Outcome>;
  beforeAll(async () => {
    a = await merchantA(api);
    before = await observeAll(api, inputsOf(a));
  });

  it("A's payers' entries resolve by the rule: account number first, reference among A's bills only", () => {
    expect(before).toEqual(expectedOf(a));
  });

  it("whatever merchant B creates or pays, A's validations and placements come out exactly as before", async () => {
    const b = await signedInMerchant(api);
    const sub = await post<{ id: string }>(b.token, '/merchants/me/sub-merchants', { name: 'B branch' });
    expect(sub.status).toBe(201);
    // The most direct attacks first, whatever fast-check draws: every spelling of A's references as B's bills.
    for (const reference of [a.plain.paymentReference, a.invoiced.paymentReference, a.numeric.paymentReference]) {
      const made = await post(b.token, '/merchants/me/expected-payments', { paymentReference: reference.toLowerCase(), amount: 500, expiresAt: new Date(Date.now() + 86_400_000).toISOString(), provisionInvoiceVa: false });
      expect(made.status).toBe(201);
    }
    const ids = [a.plain.id, a.invoiced.id, a.numeric.id];

    await fc.assert(
      fc.asyncProperty(fc.array(actionsAgainst(a), { minLength: 1, maxLength: 6 }), async (actions) => {
        const statesBefore = await billStates(ids);
        for (const action of actions) await perform(b, action, sub.body.id);
        // Nothing B did or paid touched A's bills.
        expect(await billStates(ids)).toEqual(statesBefore);
        expect(await observeAll(api, inputsOf(a))).toEqual(before);
      }),
      { numRuns: 4 },
    );
  });

  it("B's payers typing A's reference beside B's account reach B's bill, never A's", async () => {
    const b = await signedInMerchant(api);
    const bBill = await createBill(api, b.token, { paymentReference: a.plain.paymentReference.toLowerCase(), amount: LARGE, provisionInvoiceVa: false });
    const [outcome] = Object.values(await observeAll(api, [{ label: 'b', rail: 'MPESA', entry: `${b.virtualAccount.accountNumber}#${a.plain.paymentReference}` }]));
    expect(outcome).toEqual({ validation: '0', placed: { accountId: b.virtualAccount.id, billId: bBill.id } });
    const [aBill] = await db().select().from(expectedPayments).where(eq(expectedPayments.id, a.plain.id));
    expect(aBill!.merchantId).toBe(a.merchant.id);
  });
});
