import { headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { defaultLocale, isLocale, LOCALE_HEADER } from './locales';

/**
 * next-intl's per-request configuration, without i18n routing: the proxy has already chosen the
 * language of a payer page (from ?lang and Accept-Language) and put it in a request header; every
 * other page is English. Messages live in messages/<locale>.json.
 */
export default getRequestConfig(async () => {
  const chosen = (await headers()).get(LOCALE_HEADER);
  const locale = isLocale(chosen) ? chosen : defaultLocale;
  return {
    locale,
    messages: (await import(`../../messages/${locale}.json`)).default,
    timeZone: 'Africa/Nairobi',
  };
});
