import { getLocale, getTranslations } from 'next-intl/server';
import { localeNames, locales } from '@/lib/i18n/locales';

/**
 * Links to this same page in each language (?lang=…, the link a merchant can send too), keeping
 * the rest of the query (print=1). Plain links: they work without JavaScript. Each is marked with
 * its own language so a screen reader says "Kiswahili" in Swahili.
 */
export async function LanguageSwitch({ path, query }: { path: string; query: Record<string, string> }) {
  const [t, current] = await Promise.all([getTranslations('payer'), getLocale()]);
  return (
    <nav aria-label={t('language')} data-print="hide" className="mb-4 flex justify-end">
      <ul className="flex gap-1 text-sm">
        {locales.map((locale) => (
          <li key={locale}>
            <a
              href={`${path}?${new URLSearchParams({ ...query, lang: locale })}`}
              lang={locale}
              hrefLang={locale}
              aria-current={locale === current ? 'true' : undefined}
              className={`inline-flex min-h-10 items-center rounded-md px-3 py-2 font-medium underline-offset-2 ${
                locale === current ? 'bg-brand-50 text-brand-800' : 'text-slate-700 underline hover:bg-slate-100'
              }`}
            >
              {localeNames[locale]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
