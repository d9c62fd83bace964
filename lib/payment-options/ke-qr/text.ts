import transliterate from '@sindresorhus/transliterate';

/** Typographic punctuation the transliteration keeps as it is, written in the standard's set. */
const PUNCTUATION: [string, string][] = [
  ['\u2018', "'"],
  ['\u2019', "'"],
  ['\u201a', "'"],
  ['\u02bc', "'"],
  ['\u201c', '"'],
  ['\u201d', '"'],
  ['\u2013', '-'],
  ['\u2014', '-'],
  ['\u2026', '...'],
];

/**
 * A name in the characters KE-QR's text fields take (EMVCo "ans": printable ASCII, 0x20–0x7E):
 * letters transliterated (é → e, ß → ss, Ł → L), what has no Latin form dropped, spaces folded,
 * then cut to `max` characters. Cutting after transliteration never splits a character.
 */
export function standardText(name: string, max: number): string {
  const latin = transliterate(name.normalize('NFC'), { customReplacements: PUNCTUATION });
  const printable = latin.replace(/[^\x20-\x7e]/g, '').replace(/\s+/g, ' ').trim();
  return printable.slice(0, max).trimEnd();
}
