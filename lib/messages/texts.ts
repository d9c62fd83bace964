import { createTranslator } from 'use-intl/core';
import en from './texts/en.json';
import sw from './texts/sw.json';
import type { MessageLanguage } from './schema';

/**
 * The words of payer messages, in the payer page's languages, through next-intl's core (use-intl):
 * the same ICU message format as messages/<locale>.json, kept beside the domain because these are
 * server-side texts, never shipped to a browser.
 */
const catalogues = { en, sw } as const;

export type TextKey = Parameters<ReturnType<typeof createTranslator<typeof en>>>[0];

export function textsIn(language: MessageLanguage) {
  const t = createTranslator({ locale: language, messages: catalogues[language] as typeof en, timeZone: 'Africa/Nairobi' });
  // A select that chose nothing leaves two spaces; a message never starts or ends with one.
  return (key: TextKey, values: Record<string, string> = {}) => t(key, values).replace(/ {2,}/g, ' ').trim();
}

/** A moment as payers in Kenya read it, always in Nairobi time: "25 Nov 2026, 14:03". */
export function nairobiTime(at: Date, language: MessageLanguage): string {
  return new Intl.DateTimeFormat(language === 'sw' ? 'sw-KE' : 'en-KE', {
    timeZone: 'Africa/Nairobi',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .replace(/[\u00a0\u202f]/g, ' ');
}

/** A day as payers read it: "26 Nov 2026". */
export function nairobiDate(at: Date, language: MessageLanguage): string {
  return new Intl.DateTimeFormat(language === 'sw' ? 'sw-KE' : 'en-KE', { timeZone: 'Africa/Nairobi', day: 'numeric', month: 'short', year: 'numeric' })
    .format(at)
    .replace(/[\u00a0\u202f]/g, ' ');
}
