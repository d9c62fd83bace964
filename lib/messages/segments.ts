/**
 * How many SMS parts a text takes, as the GSM 03.38 standard counts them (3GPP TS 23.038):
 * a text of the GSM-7 alphabet only takes 160 septets in one part, 153 per part when split (the
 * user-data header takes the rest); the extension table's characters (€ [ ] { } and a few more) take
 * two septets each. Any other character makes the whole text UCS-2: 70 UTF-16 units, 67 per part.
 * No package for this could be added in this session; the table below is the standard's, whole.
 */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '\f^{}\\[~]|€';
const basic = new Set(GSM7_BASIC);
const extension = new Set(GSM7_EXTENSION);

/** At most this many parts: a longer message is shortened, never split into five (docs/messages.md). */
export const MAX_SMS_SEGMENTS = 2;

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export const isGsm7 = (text: string) => [...text].every((character) => basic.has(character) || extension.has(character));

/** Septets (GSM-7) or UTF-16 code units (UCS-2) the text takes. */
function units(text: string, encoding: SmsEncoding): number {
  if (encoding === 'UCS-2') return text.length;
  let septets = 0;
  for (const character of text) septets += extension.has(character) ? 2 : 1;
  return septets;
}

const LIMITS: Record<SmsEncoding, { single: number; part: number }> = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
};

export interface SmsSize {
  encoding: SmsEncoding;
  units: number;
  segments: number;
}

export function smsSize(text: string): SmsSize {
  const encoding: SmsEncoding = isGsm7(text) ? 'GSM-7' : 'UCS-2';
  const count = units(text, encoding);
  const { single, part } = LIMITS[encoding];
  return { encoding, units: count, segments: count <= single ? 1 : Math.ceil(count / part) };
}

export const fitsSms = (text: string, maxSegments = MAX_SMS_SEGMENTS) => smsSize(text).segments <= maxSegments;

/**
 * Letters of other alphabets' accents written without them (Zoë → Zoe, Łukasz → Lukasz), so that a
 * name does not turn a whole message into UCS-2 and halve the room. Characters with no such form stay.
 */
export function toGsm7Letters(text: string): string {
  return [...text]
    .map((character) => {
      if (basic.has(character) || extension.has(character)) return character;
      const stripped = character.normalize('NFD').replace(/\p{M}/gu, '');
      if (stripped && isGsm7(stripped)) return stripped;
      return SUBSTITUTES[character] ?? character;
    })
    .join('');
}

const SUBSTITUTES: Record<string, string> = { 'Ł': 'L', 'ł': 'l', 'Đ': 'D', 'đ': 'd', 'ı': 'i', 'œ': 'oe', 'Œ': 'OE', '’': "'", '‘': "'", '“': '"', '”': '"', '–': '-', '—': '-', '…': '...' };

/** The text cut to whole characters (never half of a surrogate pair) so that it ends in "..." within maxSegments. */
export function cutToFit(text: string, maxSegments = MAX_SMS_SEGMENTS): string {
  if (fitsSms(text, maxSegments)) return text;
  const characters = [...text];
  let low = 0;
  let high = characters.length;
  // The longest prefix that still fits with its ellipsis: fitting only grows worse as the prefix grows.
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fitsSms(`${characters.slice(0, middle).join('').trimEnd()}...`, maxSegments)) low = middle;
    else high = middle - 1;
  }
  return `${characters.slice(0, low).join('').trimEnd()}...`;
}

/**
 * An SMS of at most two parts from a template and its names (the merchant's, the customer's): the
 * text as written when it fits; else its names in GSM-7 letters; else the names cut, longest first,
 * down to 12 characters; and as a last resort the text cut at its end.
 */
export function shortenedSms(render: (names: Record<string, string>) => string, names: Record<string, string>, maxSegments = MAX_SMS_SEGMENTS): string {
  let current = { ...names };
  let text = render(current);
  if (fitsSms(text, maxSegments)) return text;
  current = Object.fromEntries(Object.entries(current).map(([key, value]) => [key, toGsm7Letters(value)]));
  text = render(current);
  for (let guard = 0; !fitsSms(text, maxSegments) && guard < 500; guard++) {
    const [longest] = Object.entries(current).sort(([, a], [, b]) => [...b].length - [...a].length);
    if (!longest || [...longest[1]].length <= 12) break;
    const characters = [...longest[1]];
    current[longest[0]] = `${characters.slice(0, Math.max(12, characters.length - 4) - 1).join('').trimEnd()}.`;
    text = render(current);
  }
  return cutToFit(text, maxSegments);
}
