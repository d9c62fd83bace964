import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { paybillAccountEntry } from '@/lib/payment-options/copy';
import { isLocale } from '@/lib/i18n/locales';
import { formatMoney } from '@/lib/portal/money';
import { InstantBankTransfer, RtgsTransfer } from './bank-transfers';
import { KeQrBlock } from './ke-qr-block';
import { MpesaSteps } from './mpesa-steps';
import { OnlySomeWays } from './only-some-ways';
import { formatPayerDateTime } from './payer-dates';
import { QrCode } from './qr-code';
import { optionOf, type PayerPageData } from './types';

/**
 * How to pay one bill, account or customer: who is paid, what for, and every way to pay, in the
 * payer's language (messages/*.json). It shows only what the public payer route gives, which is
 * nothing of the merchant beyond its name.
 */
export async function PayerInstructions({ page, pageUrl, prompt }: { page: PayerPageData; pageUrl: string; prompt?: ReactNode }) {
  const [t, locale] = await Promise.all([getTranslations('payer'), getLocale()]);
  const { bill, paymentOptions: options } = page;
  // One amount to pay everywhere on the page, the headline as the steps: what is still due (all of
  // it unless part was paid).
  const due = bill ? formatMoney(bill.amountDue, bill.currency) : null;
  const mpesa = optionOf(options, 'MOBILE_MONEY');
  const instant = optionOf(options, 'INSTANT_BANK');
  const rtgs = optionOf(options, 'RTGS');
  const currency = bill?.currency ?? page.currency;
  const strong = (chunks: ReactNode) => <strong className="font-semibold">{chunks}</strong>;
  return (
    <>
      <header className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-brand-800">{t('eyebrow')}</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 print:text-[16pt]">{t('title', { merchant: page.merchantName })}</h1>
          <p className="mt-1 text-slate-700">{t.rich('accountName', { name: page.accountName, strong })}</p>
        </div>
        {/* Opens this page on another phone; the code that pays is the KE-QR code below, labelled apart. */}
        <figure className="hidden shrink-0 text-center sm:block print:block">
          <QrCode text={pageUrl} label={t('qrLabel')} className="size-28 print:size-[24mm]" />
          <figcaption className="mt-1 max-w-28 text-xs text-slate-600">{t('qrOpenCaption')}</figcaption>
        </figure>
      </header>

      {bill && (
        <dl className="keep-together mt-5 grid gap-3 rounded-lg border border-slate-300 p-4 sm:grid-cols-[1fr_1.5fr_1fr] print:mt-3 print:grid-cols-[1fr_1.5fr_1fr] print:p-3">
          <div>
            <dt className="text-sm text-slate-600">{t('bill.amount')}</dt>
            <dd className="text-xl font-semibold text-slate-900 tabular-nums print:text-[14pt]" data-testid="amount-to-pay">{due}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-sm text-slate-600">{t('bill.reference')}</dt>
            <dd className="font-mono text-lg font-semibold break-words text-slate-900">{bill.paymentReference}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t('bill.payBefore')}</dt>
            <dd className="font-medium text-slate-900">
              <time dateTime={bill.expiresAt}>{formatPayerDateTime(bill.expiresAt, isLocale(locale) ? locale : 'en')}</time>{' '}
              <span className="text-sm text-slate-600">{t('bill.nairobiTime')}</span>
            </dd>
          </div>
          {bill.status === 'PARTIALLY_PAID' && <p className="text-sm text-slate-700 sm:col-span-3 print:col-span-3">{t('bill.partlyPaid')}</p>}
        </dl>
      )}

      {options.referenceHint && (
        <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 print:border-black">
          {t.rich('referenceHint', { reference: options.referenceHint, strong: (chunks) => <strong className="font-mono">{chunks}</strong> })}
        </p>
      )}

      <OnlySomeWays options={options.options} currency={currency} />


      {/* The paybill is shared: a bill's reference is typed after the account number (docs/rails.md). */}
      {/* On screen: scan, ask for the prompt, or follow the steps. On paper the code sits beside the steps. */}
      <div className="flex flex-col print:flex-row print:items-start print:gap-4">
        {options.keQr && (
          <div className="print:order-2 print:shrink-0">
            <KeQrBlock payload={options.keQr.payload} />
          </div>
        )}
        {prompt}
        {mpesa && (
          <div className="print:order-1 print:min-w-0 print:flex-1">
            <MpesaSteps option={{ ...mpesa, accountNumber: paybillAccountEntry({ accountNumber: mpesa.accountNumber, reference: options.referenceHint }) }} amount={due} />
          </div>
        )}
      </div>

      <div className="mt-6 grid gap-6 sm:grid-cols-2 print:mt-3 print:grid-cols-2 print:gap-4">
        {instant && <InstantBankTransfer option={instant} amount={due} reference={options.referenceHint} />}
        {rtgs && <RtgsTransfer option={rtgs} narration={options.rtgsNarrationHint} amount={due} />}
      </div>

      <div className="mt-6 flex items-center gap-4 border-t border-slate-200 pt-4 sm:hidden print:hidden">
        <QrCode text={pageUrl} label={t('qrAnotherLabel')} className="size-24 shrink-0" />
        <p className="text-sm text-slate-600">{t('qrAnother')}</p>
      </div>

      <p className="mt-6 text-sm text-slate-700 print:mt-3">
        {t(mpesa ? 'keepReceiptMpesa' : 'keepReceiptBank', { merchant: page.merchantName })}
      </p>
    </>
  );
}
