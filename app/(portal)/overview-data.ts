import 'server-only';
import { comparePeriods } from '@/components/overview/periods';
import { accountRoutes } from '@/lib/accounts/routes';
import { billRoutes } from '@/lib/bills/routes';
import type { ServiceClient } from '@/lib/client';
import { merchantRoutes } from '@/lib/merchants/routes';
import { paymentRoutes } from '@/lib/payments/routes';
import { settlementRoutes } from '@/lib/settlement/routes';
import { nextCursor } from '@/lib/portal/pagination';
import { suspenseRoutes } from '@/lib/suspense/routes';
import { webhookEndpointRoutes } from '@/lib/webhooks/routes';
import { lastNairobiDays } from './payments/nairobi-days';
import { byPurpose } from './payments/accounts';

/** The overview compares each period with the one before: 30 days and the 30 before them. */
const DAYS_READ = 60;
/** Counted one by one through a list: past this the overview says "100 or more". */
const COUNT_LIMIT = 100;
/** The merchant's own collection accounts; customer and invoice accounts are on their records. */
const OWN_ACCOUNTS = ['LEGACY', 'BRAND', 'CURRENCY', 'SUBSCRIBER'] as const;

export interface Counted {
  count: number;
  more: boolean;
}

/** How many items a list has, up to COUNT_LIMIT, from one page of it. */
async function countThrough(request: Promise<{ data: unknown[]; headers: Headers }>): Promise<Counted> {
  const { data, headers } = await request;
  return { count: data.length, more: Boolean(nextCursor(headers)) };
}

/** Active endpoints whose deliveries are failing, with since when: from each one's details. */
async function failingEndpoints(client: ServiceClient) {
  const endpoints = await client.call(webhookEndpointRoutes.list, { query: { limit: COUNT_LIMIT } });
  const details = await Promise.all(
    endpoints.filter((endpoint) => endpoint.active).map((endpoint) => client.call(webhookEndpointRoutes.details, { params: { endpointId: endpoint.id } })),
  );
  return {
    failing: details.filter((detail) => detail.failingSince !== null).length,
    deactivated: endpoints.filter((endpoint) => !endpoint.active).length,
  };
}

/**
 * Everything the overview shows, asked of the service at once: one daily-totals call for every
 * period, the merchant's own accounts, the bill counts, the latest payments and what waits for
 * someone (payments for closed bills, suspense, failing webhook endpoints).
 */
export async function loadOverview(client: ServiceClient) {
  const range = lastNairobiDays(DAYS_READ);
  // Without a currency the daily totals come in the merchant's (every day) and any other paid:
  // asked beside the merchant, not after it.
  const [merchant, allDays, accounts, bills, latest, attention, suspense, webhooks, balances] = await Promise.all([
    client.call(merchantRoutes.me),
    client.call(paymentRoutes.dailyTotals, { query: { from: range[0]!, to: range.at(-1)! } }),
    client.call(accountRoutes.list, { query: { purpose: [...OWN_ACCOUNTS], status: 'ACTIVE', limit: 80 } }),
    client.call(billRoutes.summary),
    client.call(paymentRoutes.list, { query: { limit: 5 } }),
    // Payments for closed bills nobody has dealt with yet, in any currency.
    countThrough(client.request(paymentRoutes.list, { query: { needsAttention: 'true', limit: COUNT_LIMIT } })),
    countThrough(client.request(suspenseRoutes.list, { query: { status: 'OPEN', limit: COUNT_LIMIT } })),
    failingEndpoints(client),
    // What will reach the merchant's bank, and when: the next payout per balance.
    client.call(settlementRoutes.balances),
  ]);
  const currency = merchant.defaultCurrency;
  const days = allDays.filter((day) => day.currency === currency);
  return {
    merchant,
    currency,
    periods: comparePeriods(days),
    accounts: byPurpose(accounts, OWN_ACCOUNTS),
    bills,
    latest,
    needsAttention: attention,
    suspense,
    webhooks,
    balances: balances.data,
  };
}

export type Overview = Awaited<ReturnType<typeof loadOverview>>;
