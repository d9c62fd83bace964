import { z } from 'zod';
import { matchStatuses, paymentChannels } from '@/components/payments/payment-words';
import type { MatchStatus, PaymentChannel } from '@/components/payments/types';
import type { RouteInput } from '@/lib/client/types';
import { decimalText } from '@/lib/money/decimal';
import type { paymentRoutes } from '@/lib/payments/routes';
import { firstParam, type SearchParams } from '@/lib/portal/pagination';
import { addDays, isNairobiDay, nairobiMidnight } from './nairobi-days';

/** The filters as the address bar and the form hold them: Nairobi dates, amounts as typed. */
export const filterFields = ['q', 'from', 'to', 'channel', 'matchStatus', 'minAmount', 'maxAmount', 'virtualAccountId', 'expectedPaymentId', 'customerId'] as const;
export type FilterField = (typeof filterFields)[number];
export type FilterValues = Partial<Record<FilterField, string>>;

/** The same filters as the service's list and summary take them. */
export type ServiceFilters = Omit<NonNullable<RouteInput<typeof paymentRoutes.list>['query']>, 'limit' | 'cursor'>;

export interface PaymentFilters {
  /** As typed, to show again in the form, mistakes included. */
  typed: FilterValues;
  /** Only the filters that could be read: for paging and export links. */
  values: FilterValues;
  service: ServiceFilters;
  /** A sentence per filter that could not be read; that filter is left out rather than guessed. */
  errors: Partial<Record<FilterField, string[]>>;
}

const isUuid = (text: string) => z.uuid().safeParse(text).success;

/** Thousands separators are how people write amounts; they are not part of the number. */
function amountOf(typed: string): string | undefined {
  const text = decimalText(typed.replace(/[,\s]/g, ''));
  return text !== undefined && !text.startsWith('-') ? text : undefined;
}

/**
 * Reads the payments filters from the address. `to` is the last day included, as people say
 * "from 1 to 31 March"; the service's `to` is exclusive, so it becomes the next day's midnight.
 */
export function readPaymentFilters(query: SearchParams): PaymentFilters {
  const typed = Object.fromEntries(filterFields.map((field) => [field, firstParam(query[field])?.slice(0, 100)])) as FilterValues;
  const values: FilterValues = {};
  const service: ServiceFilters = {};
  const errors: PaymentFilters['errors'] = {};
  const refuse = (field: FilterField, message: string) => {
    errors[field] = [message];
    delete values[field];
  };

  if (typed.q) service.q = values.q = typed.q;

  for (const field of ['from', 'to'] as const) {
    const day = typed[field];
    if (!day) continue;
    if (!isNairobiDay(day)) refuse(field, 'Enter a date such as 2026-03-31.');
    else {
      values[field] = day;
      service[field] = nairobiMidnight(field === 'to' ? addDays(day, 1) : day);
    }
  }
  if (values.from && values.to && values.to < values.from) {
    refuse('to', 'The last day is before the first day.');
    delete service.to;
  }

  if (typed.channel) {
    if (paymentChannels.includes(typed.channel as PaymentChannel)) service.channel = values.channel = typed.channel as PaymentChannel;
    else refuse('channel', 'Choose how the payment came.');
  }
  if (typed.matchStatus) {
    if (matchStatuses.includes(typed.matchStatus as MatchStatus)) service.matchStatus = values.matchStatus = typed.matchStatus as MatchStatus;
    else refuse('matchStatus', 'Choose what the payment did.');
  }

  for (const field of ['minAmount', 'maxAmount'] as const) {
    if (!typed[field]) continue;
    const amount = amountOf(typed[field]);
    if (amount === undefined) refuse(field, 'Enter an amount like 1500 or 1,500.50.');
    else {
      values[field] = typed[field];
      service[field] = amount;
    }
  }

  for (const field of ['virtualAccountId', 'expectedPaymentId', 'customerId'] as const) {
    // Ids come from links the portal made; a mangled one is simply dropped.
    if (typed[field] && isUuid(typed[field])) service[field] = values[field] = typed[field];
  }
  return { typed, values, service, errors };
}

/** Whether anything narrows the list, to word an empty result. */
export const isFiltered = (filters: PaymentFilters) => Object.values(filters.service).some(Boolean);
