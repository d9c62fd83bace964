import { getTranslations } from 'next-intl/server';
import { PrintButton } from './print-button';

/** Shown when a merchant opened the page to print it (?print=1): what to do, and a Print button. */
export async function PrintToolbar() {
  const t = await getTranslations('payer');
  return (
    <div data-print="hide" className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3">
      <p className="text-sm text-sky-900">{t('printHint')}</p>
      <PrintButton label={t('print')} />
    </div>
  );
}
