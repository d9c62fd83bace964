import { readRailAmount } from '@/lib/money/rail-amount';
import { storableKey } from '@/lib/platform/text';
import { railText, type RailScope } from '@/lib/rails/c2b';
import { fromDarajaTime, toDarajaTime } from '@/lib/rails/nairobi-time';
import type { C2bPaymentInput } from '@/lib/rails/schemas';

/**
 * One transaction as Daraja's Pull Transactions lists it (docs/reconciliation.md): field names in
 * Daraja's own spelling, values as text or numbers. `scope` is ours: the sandbox's list knows
 * which merchant simulated the payment, and the sandbox only places money into that merchant's accounts.
 */
export interface PulledTransaction {
  transactionId?: unknown;
  trxDate?: unknown;
  msisdn?: unknown;
  sender?: unknown;
  transactiontype?: unknown;
  billreference?: unknown;
  amount?: unknown;
  organizationname?: unknown;
  scope?: RailScope;
}

const EAT_OFFSET_MS = 3 * 3_600_000;
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? railText(value) : '');

/**
 * A pulled trxDate as an instant. Daraja's documents show no single format, so three are read: ISO 8601
 * with a zone, "YYYY-MM-DD HH:mm:ss" (Nairobi time, the format its StartDate and EndDate take), and
 * the YYYYMMDDHHmmss of its callbacks (Nairobi time). Anything else is unreadable.
 */
export function pulledTime(value: unknown): Date | undefined {
  const raw = text(value);
  const compact = fromDarajaTime(raw);
  if (compact) return compact;
  const local = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?$/.exec(raw);
  if (local) return fromDarajaTime(local.slice(1, 7).join(''));
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(raw)) return undefined;
  const at = new Date(raw);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** Daraja's Pull Transactions StartDate and EndDate: "YYYY-MM-DD HH:mm:ss", Nairobi time. */
export function pullDate(at: Date): string {
  const local = new Date(at.getTime() + EAT_OFFSET_MS).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}`;
}

/** The receipt, as the payments table keys it (the same transformation confirmC2b applies to TransID). */
export const pulledReference = (entry: PulledTransaction) => {
  const id = text(entry.transactionId);
  return id ? storableKey(id) : undefined;
};

/**
 * An entry the list leaves in doubt: its amount is not money, or its time cannot be read. Live, such
 * an entry is asked about with Transaction Status rather than recorded from the list.
 */
export function isAmbiguous(entry: PulledTransaction): boolean {
  return !readRailAmount(entry.amount, 'KES').ok || !pulledTime(entry.trxDate);
}

/**
 * The C2B confirmation Daraja would have sent for this entry, so that it is recorded by exactly the
 * code a confirmation goes through. The payer's name is the list's `sender` (the list has no
 * separate first and last names).
 */
export function c2bPaymentOfPulled(entry: PulledTransaction, shortCode: string): C2bPaymentInput {
  const at = pulledTime(entry.trxDate);
  const [first = '', ...rest] = text(entry.sender).split(/\s+/);
  return {
    TransactionType: text(entry.transactiontype) || 'Pay Bill',
    TransID: text(entry.transactionId),
    TransTime: at ? toDarajaTime(at) : text(entry.trxDate),
    TransAmount: typeof entry.amount === 'number' ? entry.amount : text(entry.amount),
    BusinessShortCode: shortCode,
    BillRefNumber: text(entry.billreference),
    InvoiceNumber: '',
    OrgAccountBalance: '',
    ThirdPartyTransID: '',
    MSISDN: text(entry.msisdn),
    FirstName: first,
    MiddleName: '',
    LastName: rest.join(' '),
  };
}

/**
 * The list out of a Pull Transactions answer. Daraja's sample nests it (`"Response": [[{…}]]`); some
 * integrations read it flat: both are taken. Anything that is not an object is skipped.
 */
export function pulledEntries(response: unknown): PulledTransaction[] {
  if (!Array.isArray(response)) return [];
  const flat = response.flatMap((item: unknown) => (Array.isArray(item) ? item : [item]));
  return flat.filter((item): item is PulledTransaction => typeof item === 'object' && item !== null && !Array.isArray(item));
}
