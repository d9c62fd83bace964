import { getLocale, getTranslations } from 'next-intl/server';
import { isLocale } from '@/lib/i18n/locales';
import type { PayerLinkClosure } from '@/lib/payer-links/schemas';
import { formatMoney } from '@/lib/portal/money';
import { formatPayerDateTime } from './payer-dates';
import type { z } from 'zod';

export type Closure = z.infer<typeof PayerLinkClosure>;

/**
 * A link whose bill is paid, cancelled or expired, or whose account is closed: whose it is, which
 * bill for how much, and why and since when it cannot be paid, in the payer's language.
 */
export async function PayerClosed({ closed }: { closed: Closure }) {
  const [t, rawLocale] = await Promise.all([getTranslations('payer'), getLocale()]);
  const locale = isLocale(rawLocale) ? rawLocale : 'en';
  const merchant = closed.merchantName;
  const date = closed.at ? `${formatPayerDateTime(closed.at, locale)} (${t('closed.nairobiTime')})` : null;
  const why = {
    BILL_PAID: date ? t('closed.paidOn', { date }) : t('closed.paid'),
    BILL_CANCELLED: date ? t('closed.cancelledOn', { merchant, date }) : t('closed.cancelled', { merchant }),
    // An expired bill always has its expiry.
    BILL_EXPIRED: t('closed.expiredOn', { merchant, date: date ?? '' }),
    CUSTOMER_INACTIVE: t('closed.customerInactive', { merchant }),
    ACCOUNT_CLOSED: t('closed.accountClosed', { merchant }),
  }[closed.reason];
  return (
    <>
      <p className="text-sm font-medium text-brand-800">{t('eyebrow')}</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{closed.bill ? t('closed.billHeading') : t('closed.otherHeading')}</h1>
      <dl className="mt-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">{t('closed.business')}</dt>
        <dd className="font-medium text-slate-900">{merchant}</dd>
        {closed.bill && (
          <>
            <dt className="text-slate-600">{t('closed.bill')}</dt>
            <dd className="font-mono font-medium break-words text-slate-900">{closed.bill.paymentReference}</dd>
            <dt className="text-slate-600">{t('closed.amount')}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{formatMoney(closed.bill.amount, closed.bill.currency)}</dd>
          </>
        )}
      </dl>
      <p className="mt-4 text-slate-700">{why}</p>
      <p className="mt-3 text-slate-700">{t('closed.doNotPay')}</p>
    </>
  );
}
