import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { LanguageSwitch } from '@/components/payer/language-switch';
import { PayerClosed, type Closure } from '@/components/payer/payer-closed';
import { PayerInstructions } from '@/components/payer/payer-instructions';
import { PayerPromptForm } from '@/components/payer/payer-prompt-form';
import { PayerSheet } from '@/components/payer/payer-sheet';
import { PrintButton } from '@/components/payer/print-button';
import { PrintToolbar } from '@/components/payer/print-toolbar';
import { serviceClient } from '@/lib/client';
import { payerLinkRoutes } from '@/lib/payer-links/routes';
import { PayerLinkClosure } from '@/lib/payer-links/schemas';
import { isServiceError } from '@/lib/portal/errors';
import { firstParam, type SearchParams } from '@/lib/portal/pagination';
import { siteOrigin } from '../links';

// The token is the only credential: the page must not be indexed or leak through a Referer to
// another site. Same-origin, not no-referrer: a form posted under no-referrer carries `Origin: null`,
// which Next refuses for a server action (the prompt form must work without JavaScript).
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('payer');
  return { title: t('metaTitle'), robots: { index: false, follow: false }, referrer: 'same-origin' };
}

const TOKEN = /^[A-Za-z0-9_-]{22}$/;

async function payerPage(token: string): Promise<{ page: Awaited<ReturnType<typeof openLink>>; closed?: never } | { page?: never; closed: Closure }> {
  if (!TOKEN.test(token)) notFound();
  try {
    return { page: await openLink(token) };
  } catch (error) {
    if (isServiceError(error) && error.status === 404) notFound();
    if (isServiceError(error) && error.status === 410) {
      const closed = PayerLinkClosure.safeParse(error.body?.closed);
      if (closed.success) return { closed: closed.data };
    }
    throw error;
  }
}

const openLink = (token: string) => serviceClient().call(payerLinkRoutes.open, { params: { token } });

/**
 * Public: a payer opens it from a link or QR code, with no account and perhaps no JavaScript. In
 * English or Swahili: ?lang=sw|en, else the browser's Accept-Language (chosen in proxy.ts).
 */
export default async function PayerPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<SearchParams> }) {
  const [{ token }, query] = await Promise.all([params, searchParams]);
  const [result, origin, t, locale] = await Promise.all([payerPage(token), siteOrigin(), getTranslations('payer'), getLocale()]);
  const printing = firstParam(query.print) === '1';
  const path = `/pay/${token}`;
  const languages = <LanguageSwitch path={path} query={printing ? { print: '1' } : {}} />;

  if (result.closed) {
    return (
      <PayerSheet top={languages}>
        <PayerClosed closed={result.closed} />
      </PayerSheet>
    );
  }
  return (
    <PayerSheet
      top={
        <>
          {languages}
          {printing && <PrintToolbar />}
        </>
      }
    >
      {/* The QR code opens the page in the language it was printed in. */}
      <PayerInstructions
        page={result.page}
        pageUrl={`${origin}${path}${locale === 'en' ? '' : `?lang=${locale}`}`}
        prompt={!printing && <PayerPromptForm token={token} page={result.page} />}
      />
      {!printing && (
        <div className="mt-6 flex justify-end" data-print="hide">
          <PrintButton label={t('print')} variant="secondary" />
        </div>
      )}
    </PayerSheet>
  );
}
