import { getTranslations } from 'next-intl/server';
import { CopyNumber } from './copy-number';
import type { MobileMoneyOptionData } from './types';

/**
 * The M-Pesa Pay Bill steps in the payer's language (messages/*.json), built from the option's
 * numbers: the same seven steps as the service's English copy (lib/payment-options/copy.ts).
 * `amount` is already formatted, or null when the payer chooses how much to pay.
 */
export async function MpesaSteps({ option, amount }: { option: MobileMoneyOptionData; amount: string | null }) {
  const [t, copy] = await Promise.all([getTranslations('payer.mpesa'), getTranslations('payer.copy')]);
  const steps = [
    t('step1'),
    t('step2'),
    t('step3'),
    t('step4', { paybill: option.paybillNumber }),
    t('step5', { account: option.accountNumber }),
    amount ? t('step6Amount', { amount }) : t('step6Any'),
    t('step7', { paybillName: option.paybillNumberName }),
  ];
  const labels = (accessible: string) => ({ copy: copy('copy'), accessible, copied: copy('copied'), failed: copy('failed') });
  return (
    <section aria-labelledby="pay-mpesa" className="mt-6 print:mt-3">
      <h2 id="pay-mpesa" className="text-lg font-semibold text-slate-900 print:text-[11pt]">
        {t('title')}
      </h2>
      <dl className="mt-2 grid gap-3 text-sm sm:max-w-xl sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">{t('businessNumber')}</dt>
          <dd className="font-mono text-xl font-semibold tracking-wide text-slate-900 print:text-[14pt]">
            <span data-testid="paybill-number">{option.paybillNumber}</span>
            <CopyNumber value={option.paybillNumber} labels={labels(copy('businessNumber'))} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('accountNumber')}</dt>
          <dd className="font-mono text-xl font-semibold tracking-wide break-all text-slate-900 print:text-[14pt]">
            <span data-testid="paybill-account">{option.accountNumber}</span>
            <CopyNumber value={option.accountNumber} labels={labels(copy('accountNumber'))} />
          </dd>
        </div>
      </dl>
      <ol className="mt-3 list-decimal space-y-1 pl-6 text-slate-800 print:mt-2 print:space-y-0">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="mt-2 text-sm text-slate-600 print:mt-1">{t('confirmation')}</p>
    </section>
  );
}
