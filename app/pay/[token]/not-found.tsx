import { getTranslations } from 'next-intl/server';
import { PayerSheet } from '@/components/payer/payer-sheet';

/** An unknown or mistyped token: said plainly, without hinting whether any such link ever existed. */
export default async function PayerLinkNotFound() {
  const t = await getTranslations('payer');
  return (
    <PayerSheet>
      <p className="text-sm font-medium text-brand-800">{t('eyebrow')}</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{t('notFound.heading')}</h1>
      <p className="mt-3 text-slate-700">{t('notFound.body')}</p>
    </PayerSheet>
  );
}
