import type { ReactNode } from 'react';
import type { InstantBankOptionData, RtgsOptionData } from './types';

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {items.map(([term, detail]) => (
        <div key={term} className="contents">
          <dt className="text-slate-600">{term}</dt>
          <dd className="font-medium break-words text-slate-900">{detail}</dd>
        </div>
      ))}
    </dl>
  );
}

const mono = (text: string) => <span className="font-mono tracking-wide">{text}</span>;

/** The first line of the service's copy for a channel: how the payer starts, in its words. */
const introOf = (copy: string) => copy.split('\n')[0]?.replace(/:$/, '.') ?? '';

export function InstantBankTransfer({
  option,
  copy,
  amount,
  reference,
}: {
  option: InstantBankOptionData;
  copy: string;
  amount: string | null;
  reference: string | null;
}) {
  const items: [string, ReactNode][] = [
    ['Bank', option.bankName],
    ['Account number', mono(option.accountNumber)],
  ];
  if (amount) items.push(['Amount', amount]);
  if (reference) items.push(['Reference', mono(reference)]);
  return (
    <section aria-labelledby="pay-instant-bank" className="keep-together">
      <h2 id="pay-instant-bank" className="text-lg font-semibold text-slate-900 print:text-[11pt]">
        Pay by instant bank transfer
      </h2>
      <p className="mt-1 text-sm text-slate-700">{introOf(copy)}</p>
      <Facts items={items} />
      <p className="mt-2 text-sm text-slate-600">The money usually arrives within minutes.</p>
    </section>
  );
}

export function RtgsTransfer({ option, narration, amount }: { option: RtgsOptionData; narration: string; amount: string | null }) {
  const items: [string, ReactNode][] = [
    ['Bank', option.bankName],
    ['Branch', option.branchName],
    ['SWIFT code', mono(option.swiftCode)],
    ['Account name', option.accountName],
    ['Account number', mono(option.accountNumber)],
  ];
  if (amount) items.push(['Amount', amount]);
  items.push(['Narration', mono(narration)]);
  return (
    <section aria-labelledby="pay-rtgs" className="keep-together">
      <h2 id="pay-rtgs" className="text-lg font-semibold text-slate-900 print:text-[11pt]">
        Pay by RTGS
      </h2>
      <p className="mt-1 text-sm text-slate-700">Ask your bank to send an RTGS transfer to:</p>
      <Facts items={items} />
      <p className="mt-2 text-sm text-slate-600">
        Write the narration exactly as shown, <span className="font-mono">{narration}</span>, so that the payment is matched to you.
        RTGS transfers arrive the same business day.
      </p>
    </section>
  );
}
