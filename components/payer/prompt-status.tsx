import { getTranslations } from 'next-intl/server';
import { formatMoney } from '@/lib/portal/money';
import { PromptPoller } from './prompt-poller';

export interface PayerPromptData {
  status: 'PENDING' | 'COMPLETED' | 'FAILED' | 'TIMED_OUT';
  amount: number;
  phone: string;
  failureReason: string | null;
  statusUrl: string;
}

/** Seconds between reloads of the status page without JavaScript. */
const REFRESH_SECONDS = 3;

/**
 * How the prompt the payer asked for is going, in their language. While it waits, the page keeps
 * itself current: with JavaScript by polling the status link, without by a meta refresh.
 */
export async function PromptStatus({ prompt, backHref }: { prompt: PayerPromptData; backHref: string }) {
  const t = await getTranslations('payer.prompt.status');
  const values = { amount: formatMoney(prompt.amount, 'KES'), phone: prompt.phone };
  const [heading, sentence] = {
    PENDING: [t('pendingHeading'), t('pending', values)],
    COMPLETED: [t('completedHeading'), t('completed', values)],
    FAILED: [t('failedHeading'), t('failed', values)],
    TIMED_OUT: [t('timedOutHeading'), t('timedOut', values)],
  }[prompt.status];
  return (
    <section aria-labelledby="prompt-status" data-status={prompt.status}>
      {prompt.status === 'PENDING' && (
        <>
          {/* Browsers honour a refresh pragma anywhere in the document; noscript keeps it from pages that poll. */}
          <noscript>
            <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
          </noscript>
          <PromptPoller statusUrl={prompt.statusUrl} />
        </>
      )}
      <h1 id="prompt-status" className="text-2xl font-semibold tracking-tight text-slate-900">
        {heading}
      </h1>
      <p className="mt-2 text-slate-800" role="status">
        {sentence}
      </p>
      {prompt.status === 'FAILED' && prompt.failureReason && <p className="mt-1 text-sm text-slate-700">{prompt.failureReason}</p>}
      {prompt.status === 'PENDING' && <p className="mt-2 text-sm text-slate-600">{t('pendingRefresh')}</p>}
      <p className="mt-6">
        <a href={backHref} className="font-medium text-brand-800 underline underline-offset-2">
          {prompt.status === 'COMPLETED' ? t('back') : t('tryAgain')}
        </a>
      </p>
    </section>
  );
}
