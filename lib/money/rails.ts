import { channelNames, type Channel } from './channels';

/**
 * Every rail and channel code the service stores, named as merchants know them. Pages, audit
 * summaries and exports call railName and never print a code ("MPESA", "MOBILE_MONEY") to a person.
 */
const railNames: Record<string, string> = {
  ...(channelNames satisfies Record<Channel, string>),
  MPESA: 'M-Pesa',
  BANK: 'Bank transfer',
  MPESA_B2C: 'M-Pesa to a phone (B2C)',
  MPESA_B2B: 'M-Pesa to a paybill (B2B)',
  SIMULATOR: 'Sandbox simulator',
};

/** "M-Pesa" for MPESA or MOBILE_MONEY; an unknown code in words rather than in capitals. */
export function railName(code: string): string {
  const known = railNames[code];
  if (known) return known;
  const words = code.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
