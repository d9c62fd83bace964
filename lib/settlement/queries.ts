import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { unprocessable, notFound } from '@/lib/api/errors';
import { afterCursor } from '@/lib/api/pagination';
import type { Principal } from '@/lib/api/principal';
import { visibleTo, type TenantScope } from '@/lib/api/scope';
import { currencyText, toUnits } from '@/lib/money/decimal';
import { db } from '@/lib/platform/db';
import { readDb } from '@/lib/platform/db/read-pool';
import { settlementItems, settlements, type SettlementRow, type SettlementStatus } from './schema';
import { toSettlementEntryJson, toSettlementJson } from './serialize';

export interface SettlementFilters {
  status?: SettlementStatus;
  currency?: string;
  from?: string | Date;
  to?: string | Date;
  limit: number;
  cursor?: string;
}

const instant = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** One page (plus one row, to know whether another follows: lib/api/pagination.ts pageOf), newest first. */
export function listSettlements(principal: Principal, filters: SettlementFilters): Promise<SettlementRow[]> {
  const conditions: (SQL | undefined)[] = [
    visibleTo(principal, settlements),
    filters.status ? eq(settlements.status, filters.status) : undefined,
    filters.currency ? eq(settlements.currency, filters.currency) : undefined,
    filters.from ? gte(settlements.createdAt, instant(filters.from)) : undefined,
    filters.to ? lt(settlements.createdAt, instant(filters.to)) : undefined,
    afterCursor(filters.cursor, settlements.createdAt, settlements.id),
  ];
  return db()
    .select()
    .from(settlements)
    .where(and(...conditions))
    .orderBy(sql`${settlements.createdAt} desc nulls last`, sql`${settlements.id} desc nulls last`)
    .limit(filters.limit + 1);
}

/** A settlement the caller may see; another merchant's (or sub-merchant's) is simply not found. */
export async function getSettlement(principal: TenantScope, settlementId: string): Promise<SettlementRow> {
  // readDb: under the entries export (a standby read) the settlement comes from the same server as its items.
  const [row] = await readDb()
    .select()
    .from(settlements)
    .where(and(eq(settlements.id, settlementId), visibleTo(principal, settlements)));
  if (!row) throw notFound('The settlement');
  return row;
}

// Entries are read in (occurredAt, kind, paymentId) order; the cursor names the last one shown.
const encodeEntryCursor = (item: { occurredAt: Date; paymentId: string; kind: string }) =>
  Buffer.from(JSON.stringify([item.occurredAt.toISOString(), item.paymentId, item.kind])).toString('base64url');

function decodeEntryCursor(cursor: string): { occurredAt: string; paymentId: string; kind: string } {
  try {
    const [occurredAt, paymentId, kind] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (
      typeof occurredAt === 'string' &&
      !Number.isNaN(Date.parse(occurredAt)) &&
      typeof paymentId === 'string' &&
      /^[0-9a-f-]{36}$/i.test(paymentId) &&
      (kind === 'PAYMENT' || kind === 'REVERSAL')
    ) {
      return { occurredAt, paymentId, kind };
    }
  } catch {
    // not base64url JSON
  }
  throw unprocessable('The cursor is not valid; use nextCursor from the previous page.', [{ path: 'query.cursor', message: 'Not a valid cursor.' }]);
}

/** The settlement's totals, which its entries (every page) sum to exactly: they are its own amounts. */
function totalsOf(settlement: SettlementRow) {
  const { grossAmount, feeAmount, reversalAmount, broughtForward, carriedForward, amount, entryCount } = toSettlementJson(settlement);
  return { grossAmount, feeAmount, reversalAmount, broughtForward, carriedForward, amount, entryCount };
}

/** GET …/settlements/{id}/entries: a page of what it covers, with the whole settlement's totals. */
export async function settlementEntriesPage(principal: Principal, settlementId: string, page: { limit: number; cursor?: string }) {
  const settlement = await getSettlement(principal, settlementId);
  const after = page.cursor ? decodeEntryCursor(page.cursor) : undefined;
  const rows = await db()
    .select()
    .from(settlementItems)
    .where(
      and(
        eq(settlementItems.settlementId, settlement.id),
        after
          ? sql`(${settlementItems.occurredAt}, ${settlementItems.kind}, ${settlementItems.paymentId}) > (${after.occurredAt}::timestamptz, ${after.kind}, ${after.paymentId}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(settlementItems.occurredAt), asc(settlementItems.kind), asc(settlementItems.paymentId))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  return {
    data: shown.map(toSettlementEntryJson),
    totals: totalsOf(settlement),
    nextCursor: rows.length > page.limit ? encodeEntryCursor(shown.at(-1)!) : null,
  };
}

/** RFC 4180 quoting; a text cell a spreadsheet would run as a formula (=, +, -, @) is kept as text. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const CSV_HEADER = ['kind', 'payment_id', 'provider_reference', 'amount', 'fee_amount', 'net_amount', 'currency', 'occurred_at'];

/** GET …/entries/csv: every entry, then a TOTAL line with the settlement's amounts (they add up exactly). */
export async function entriesCsv(principal: Principal, settlementId: string): Promise<string> {
  const settlement = await getSettlement(principal, settlementId);
  const { currency } = settlement;
  const rows = await readDb()
    .select()
    .from(settlementItems)
    .where(eq(settlementItems.settlementId, settlement.id))
    .orderBy(asc(settlementItems.occurredAt), asc(settlementItems.kind), asc(settlementItems.paymentId));
  const lines = [CSV_HEADER.join(',')];
  for (const item of rows) {
    // A REVERSAL takes back its amount and gives back its fee: signed, so that each column sums to the TOTAL.
    const sign = item.kind === 'REVERSAL' ? -1n : 1n;
    lines.push(
      [
        item.kind,
        item.paymentId,
        cell(item.providerReference),
        currencyText(sign * toUnits(item.amount), currency),
        currencyText(sign * toUnits(item.feeAmount), currency),
        currencyText(toUnits(item.netAmount), currency),
        currency,
        item.occurredAt.toISOString(),
      ].join(','),
    );
  }
  // Cents carried between settlements paid to M-Pesa (lib/settlement/carry.ts): a net-only line each.
  for (const [kind, units] of [
    ['BROUGHT_FORWARD', toUnits(settlement.broughtForward)],
    ['CARRIED_FORWARD', -toUnits(settlement.carriedForward)],
  ] as const) {
    if (units !== 0n) lines.push([kind, '', '', '', '', currencyText(units, currency), currency, ''].join(','));
  }
  // Columns sum to it: amount = gross − reversals, fee = the settlement's fee, net = what was paid.
  lines.push(
    [
      'TOTAL',
      '',
      `${settlement.entryCount} entries`,
      currencyText(toUnits(settlement.grossAmount) - toUnits(settlement.reversalAmount), currency),
      currencyText(toUnits(settlement.feeAmount), currency),
      currencyText(toUnits(settlement.amount), currency),
      currency,
      '',
    ].join(','),
  );
  return `${lines.join('\r\n')}\r\n`;
}
