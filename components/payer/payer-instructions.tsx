import { formatDateTime } from '@/components/ui/date-time';
import { paybillAccountEntry } from '@/lib/payment-options/copy';
import { formatMoney } from '@/lib/portal/money';
import { InstantBankTransfer, RtgsTransfer } from './bank-transfers';
import { MpesaSteps } from './mpesa-steps';
import { QrCode } from './qr-code';
import { OnlySomeWays } from './only-some-ways';
import { optionOf, type PayerPageData } from './types';

/**
 * How to pay one bill, account or customer: who is paid, what for, and every way to pay. It shows
 * only what the public payer route gives, which is nothing of the merchant beyond its name.
 */
export function PayerInstructions({ page, pageUrl }: { page: PayerPageData; pageUrl: string }) {
  const { bill, paymentOptions: options } = page;
  const amount = bill ? formatMoney(bill.amount, bill.currency) : null;
  const mpesa = optionOf(options, 'MOBILE_MONEY');
  const instant = optionOf(options, 'INSTANT_BANK');
  const rtgs = optionOf(options, 'RTGS');
  const currency = bill?.currency ?? page.currency;
  return (
    <>
      <header className="flex items-start justify-between gap-4">
        <div>
          <p className="text-sm font-medium text-brand-800">Payment instructions</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 print:text-[16pt]">Pay {page.merchantName}</h1>
          <p className="mt-1 text-slate-700">
            Account name: <strong className="font-semibold">{page.accountName}</strong>
          </p>
        </div>
        <QrCode
          text={pageUrl}
          label="QR code: scan it to open these instructions on a phone"
          className="hidden size-28 shrink-0 sm:block print:block print:size-[30mm]"
        />
      </header>

      {bill && (
        <dl className="keep-together mt-5 grid gap-3 rounded-lg border border-slate-300 p-4 sm:grid-cols-[1fr_1.5fr_1fr] print:mt-3 print:grid-cols-[1fr_1.5fr_1fr] print:p-3">
          <div>
            <dt className="text-sm text-slate-600">Amount to pay</dt>
            <dd className="text-xl font-semibold text-slate-900 tabular-nums print:text-[14pt]">{amount}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Bill reference</dt>
            <dd className="font-mono text-lg font-semibold break-words text-slate-900">{bill.paymentReference}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Pay before</dt>
            <dd className="font-medium text-slate-900">
              <time dateTime={bill.expiresAt}>{formatDateTime(bill.expiresAt)}</time> <span className="text-sm text-slate-600">(Nairobi time)</span>
            </dd>
          </div>
          {bill.status === 'PARTIALLY_PAID' && (
            <p className="text-sm text-slate-700 sm:col-span-3 print:col-span-3">
              Part of this bill has already been paid. The steps below show the amount that is still due.
            </p>
          )}
        </dl>
      )}

      {options.referenceHint && (
        <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 print:border-black">
          Quote the reference <strong className="font-mono">{options.referenceHint}</strong> with your payment so that it is matched to this bill.
        </p>
      )}

      <OnlySomeWays options={options.options} currency={currency} />

      {/* The paybill is shared: a bill's reference is typed after the account number (docs/rails.md). */}
      {mpesa && <MpesaSteps option={{ ...mpesa, accountNumber: paybillAccountEntry({ accountNumber: mpesa.accountNumber, reference: options.referenceHint }) }} copy={options.mobileMoneyCustomerFacingCopy} />}

      <div className="mt-6 grid gap-6 sm:grid-cols-2 print:mt-3 print:grid-cols-2 print:gap-4">
        {instant && (
          <InstantBankTransfer option={instant} copy={options.instantBankCustomerFacingCopy} amount={amount} reference={options.referenceHint} />
        )}
        {rtgs && <RtgsTransfer option={rtgs} narration={options.rtgsNarrationHint} amount={amount} />}
      </div>

      <div className="mt-6 flex items-center gap-4 border-t border-slate-200 pt-4 sm:hidden print:hidden">
        <QrCode text={pageUrl} label="QR code: scan it to open these instructions on another phone" className="size-24 shrink-0" />
        <p className="text-sm text-slate-600">Scan this code to open these instructions on another phone.</p>
      </div>

      <p className="mt-6 text-sm text-slate-700 print:mt-3">
        Keep your {mpesa ? 'M-Pesa confirmation SMS or bank receipt' : 'bank receipt'} until {page.merchantName} confirms your payment.
      </p>
    </>
  );
}
