import { channelNames, channels, listOfCodes } from '@/lib/money/channels';
import type { PaymentOptionData } from './types';

const both = (names: string[]) => listOfCodes(names).replace(/ or ([^,]*)$/, ' and $1');

/**
 * Says why some ways of paying are missing (M-Pesa and instant transfers move only KES, so a USD
 * bill shows RTGS alone), so that a payer does not go looking for them. Silent when all apply.
 */
export function OnlySomeWays({ options, currency }: { options: PaymentOptionData[]; currency: string }) {
  const offered = options.map((option) => option.channel);
  const missing = channels.filter((channel) => !offered.includes(channel)).map((channel) => channelNames[channel]);
  if (missing.length === 0) return null;
  return (
    <p className="mt-4 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-950 print:border-black">
      {both(missing)} cannot carry payments in <strong>{currency}</strong>:{' '}
      {offered.length > 0 ? `pay by ${listOfCodes(offered.map((channel) => channelNames[channel]))}.` : 'ask who you are paying how to pay.'}
    </p>
  );
}
