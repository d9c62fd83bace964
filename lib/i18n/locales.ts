/**
 * The languages payer pages speak. English is the default; Swahili because it is Kenya's national
 * language and many payers read payment instructions more easily in it. The portal itself is English.
 */
export const locales = ['en', 'sw'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** Each language named in itself, for the switch on the page. */
export const localeNames: Record<Locale, string> = { en: 'English', sw: 'Kiswahili' };

/** The request header the proxy sets for the language of this request (never trusted from outside). */
export const LOCALE_HEADER = 'x-collect-locale';

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (locales as readonly string[]).includes(value);

/**
 * The languages of an Accept-Language header in the order the browser prefers them: by quality
 * (q), then as listed; `q=0` means "not this one". Region subtags count for their language (sw-KE).
 */
function acceptedLanguages(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim().match(/^q=([0-9.]+)$/)?.[1]).find((value) => value !== undefined);
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', quality: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ language, quality }) => language && Number.isFinite(quality) && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ language }) => language);
}

/**
 * A payer page's language: `?lang=` when it names one we speak (the link a merchant sends, or the
 * switch on the page), else the first of the browser's languages we speak, else English.
 */
export function payerLocale(lang: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  if (isLocale(lang)) return lang;
  return acceptedLanguages(acceptLanguage ?? '').find(isLocale) ?? defaultLocale;
}
