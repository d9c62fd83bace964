import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PayerClosed } from '@/components/payer/payer-closed';
import { PayerInstructions } from '@/components/payer/payer-instructions';
import { PayerSheet } from '@/components/payer/payer-sheet';
import { PrintButton } from '@/components/payer/print-button';
import { PrintToolbar } from '@/components/payer/print-toolbar';
import { serviceClient } from '@/lib/client';
import { payerLinkRoutes } from '@/lib/payer-links/routes';
import { isServiceError } from '@/lib/portal/errors';
import { firstParam, type SearchParams } from '@/lib/portal/pagination';
import { siteOrigin } from '../links';

// The token is the only credential: the page must not be indexed or leak through a Referer.
export const metadata: Metadata = { title: 'Payment instructions', robots: { index: false, follow: false }, referrer: 'no-referrer' };

const TOKEN = /^[A-Za-z0-9_-]{22}$/;

async function payerPage(token: string) {
  if (!TOKEN.test(token)) notFound();
  try {
    return { page: await serviceClient().call(payerLinkRoutes.open, { params: { token } }) };
  } catch (error) {
    if (isServiceError(error) && error.status === 404) notFound();
    if (isServiceError(error) && error.status === 410) return { closedBecause: error.detail ?? 'This can no longer be paid.' };
    throw error;
  }
}

/** Public: a payer opens it from a link or QR code, with no account and perhaps no JavaScript. */
export default async function PayerPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<SearchParams> }) {
  const [{ token }, query] = await Promise.all([params, searchParams]);
  const [result, origin] = await Promise.all([payerPage(token), siteOrigin()]);
  const printing = firstParam(query.print) === '1';

  if (!result.page) {
    return (
      <PayerSheet>
        <PayerClosed reason={result.closedBecause} />
      </PayerSheet>
    );
  }
  return (
    <PayerSheet toolbar={printing ? <PrintToolbar /> : undefined}>
      <PayerInstructions page={result.page} pageUrl={`${origin}/pay/${token}`} />
      {!printing && (
        <div className="mt-6 flex justify-end" data-print="hide">
          <PrintButton variant="secondary" />
        </div>
      )}
    </PayerSheet>
  );
}
