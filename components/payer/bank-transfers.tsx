import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { InstantBankOptionData, RtgsOptionData } from './types';

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {items.map(([term, detail]) => (
        <div key={term} className="contents">
          <dt className="text-slate-600">{term}</dt>
          <dd className="min-w-0 font-medium break-words text-slate-900">{detail}</dd>
        </div>
      ))}
    </dl>
  );
}

const mono = (text: string) => <span className="font-mono tracking-wide">{text}</span>;

export async function InstantBankTransfer({
  option,
  amount,
  reference,
}: {
  option: InstantBankOptionData;
  amount: string | null;
  reference: string | null;
}) {
  const t = await getTranslations('payer');
  const items: [string, ReactNode][] = [
    [t('facts.bank'), option.bankName],
    [t('facts.accountNumber'), mono(option.accountNumber)],
  ];
  if (amount) items.push([t('facts.amount'), amount]);
  if (reference) items.push([t('facts.reference'), mono(reference)]);
  return (
    <section aria-labelledby="pay-instant-bank" className="keep-together">
      <h2 id="pay-instant-bank" className="text-lg font-semibold text-slate-900 print:text-[11pt]">
        {t('instant.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('instant.intro')}</p>
      <Facts items={items} />
      <p className="mt-2 text-sm text-slate-600">{t('instant.arrives')}</p>
    </section>
  );
}

export async function RtgsTransfer({ option, narration, amount }: { option: RtgsOptionData; narration: string; amount: string | null }) {
  const t = await getTranslations('payer');
  const items: [string, ReactNode][] = [
    [t('facts.bank'), option.bankName],
    [t('facts.branch'), option.branchName],
    [t('facts.swift'), mono(option.swiftCode)],
    [t('facts.accountName'), option.accountName],
    [t('facts.accountNumber'), mono(option.accountNumber)],
  ];
  if (amount) items.push([t('facts.amount'), amount]);
  items.push([t('facts.narration'), mono(narration)]);
  return (
    <section aria-labelledby="pay-rtgs" className="keep-together">
      <h2 id="pay-rtgs" className="text-lg font-semibold text-slate-900 print:text-[11pt]">
        {t('rtgs.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('rtgs.intro')}</p>
      <Facts items={items} />
      <p className="mt-2 text-sm text-slate-600">
        {t.rich('rtgs.narration', { narration, mono: (chunks) => <span className="font-mono">{chunks}</span> })}
      </p>
    </section>
  );
}
