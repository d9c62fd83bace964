import { z } from '@hono/zod-openapi';
// The "mobile" metadata knows which numbers are mobile numbers: every number here must be able to
// take an M-Pesa prompt or an SMS. It is the maintained copy of Google's libphonenumber rules.
import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/mobile';
import { kenyanPhoneDisplay } from './phone-display';

export { kenyanPhoneDisplay };

/**
 * Phone numbers as people type them, stored in one form: digits with the country prefix and no
 * plus sign (E.164 less its "+"), e.g. 254712345678. See docs/payments.md, "Phone numbers".
 */

/** The forms a person may type, for messages that say what is accepted. */
export const PHONE_FORMS = '0712345678, 0112345678, +254712345678 or 254712345678 (spaces and dashes are fine)';
export const PHONE_EXAMPLE = '254712345678';

const KENYA = 'KE';
/** What people put between digits: spaces, dashes, dots, brackets. */
const SEPARATORS = /[\s\-.()]/g;
const TYPED = /^\+?[0-9]{6,20}$/;
const MAX_TYPED = 32;

function parse(typed: string): PhoneNumber | undefined {
  if (typed.length > MAX_TYPED) return undefined;
  const compact = typed.replace(SEPARATORS, '');
  if (!TYPED.test(compact)) return undefined;
  // A leading 0 is the Kenyan trunk prefix (07…, 01…); anything else already starts with a country code.
  const number = compact.startsWith('0') ? parsePhoneNumberFromString(compact, KENYA) : parsePhoneNumberFromString(`+${compact.replace(/^\+/, '')}`);
  return number?.isValid() && number.getType() === 'MOBILE' ? number : undefined;
}

/** The stored form (254712345678) of a mobile number typed in any accepted form; undefined when it is not one. */
export function storedPhone(typed: string): string | undefined {
  return parse(typed)?.number.slice(1);
}

/** The stored form of a Kenyan mobile number (2547… or 2541…, 12 digits); undefined for any other. */
export function kenyanMobile(typed: string): string | undefined {
  const number = parse(typed);
  return number?.countryCallingCode === '254' ? number.number.slice(1) : undefined;
}

/**
 * What a phone search matches at the end of stored numbers: for a whole number in any accepted
 * form, its national digits (712345678), which end both 254712345678 and a rail's 0712345678; for
 * anything else made of digits (the last few digits of a number), those digits.
 */
export function phoneSearchDigits(q: string): string | undefined {
  const number = parse(q);
  if (number) return number.nationalNumber;
  const digits = q.replace(SEPARATORS, '').replace(/^\+/, '');
  if (!/^[0-9]{3,15}$/.test(digits)) return undefined;
  // A partly typed local number's trunk 0 is not part of the stored international form.
  return digits.length > 1 ? digits.replace(/^0/, '') : digits;
}

const phoneField = (normalise: (typed: string) => string | undefined, what: string, message: string) =>
  z
    .string()
    .transform((typed, context) => {
      const stored = normalise(typed);
      if (stored === undefined) context.addIssue({ code: 'custom', message });
      return stored ?? typed;
    })
    .openapi({ type: 'string', example: PHONE_EXAMPLE, description: `${what} as people type it: ${PHONE_FORMS}. Stored and returned as digits with the country prefix, no plus sign.` });

/** A mobile number of any country; local 07…/01… numbers are Kenyan. Parses to the stored form. */
export const PhoneNumberInput = () =>
  phoneField(
    storedPhone,
    'A mobile number (outside Kenya, with its country code)',
    `Must be a mobile number: type it as ${PHONE_FORMS}; a number outside Kenya with its country code, such as +447911123456.`,
  );

/** A Kenyan mobile number (M-Pesa's). Parses to the stored form, 2547… or 2541…. */
export const KenyanMobileInput = () => phoneField(kenyanMobile, 'A Kenyan mobile number', `Must be a Kenyan mobile number: type it as ${PHONE_FORMS}.`);

/**
 * A phone number as people read it: a Kenyan one as Kenyans write it, "0712 345 678" (a masked
 * one too, "07•• ••5 678"); another country's with its code, "+44 7911 123456". Anything that is
 * not a phone number (a rail's hashed MSISDN) is shown as it came. See docs/payments.md.
 */
export function displayPhone(stored: string): string {
  return kenyanPhoneDisplay(stored) ?? parse(stored.replace(SEPARATORS, ''))?.formatInternational() ?? stored;
}
