import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { channels } from '@/lib/money/channels';
import type { PaymentOptionData } from './types';

/** "A, B and C" or "A, B or C" in the payer's language. */
const joined = (names: string[], word: string) => (names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${word} ${names.at(-1)}`);

/**
 * Says why some ways of paying are missing (M-Pesa and instant transfers move only KES, so a USD
 * bill shows RTGS alone), so that a payer does not go looking for them. Silent when all apply.
 */
export async function OnlySomeWays({ options, currency }: { options: PaymentOptionData[]; currency: string }) {
  const t = await getTranslations('payer');
  const offered = options.map((option) => option.channel);
  const missing = channels.filter((channel) => !offered.includes(channel)).map((channel) => t(`channels.${channel}`));
  if (missing.length === 0) return null;
  const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;
  const values = { missing: joined(missing, t('missingJoin')), currency, strong };
  return (
    <p className="mt-4 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-950 print:border-black">
      {offered.length > 0
        ? t.rich('onlySome', { ...values, offered: joined(offered.map((channel) => t(`channels.${channel}`)), t('offeredJoin')) })
        : t.rich('onlySomeNone', values)}
    </p>
  );
}
