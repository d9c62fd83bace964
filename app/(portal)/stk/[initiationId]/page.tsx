import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { QueryProvider } from '@/components/providers/query-provider';
import { PromptStatusPanel } from '@/components/stk/prompt-status-panel';
import { canSendAgain } from '@/components/stk/prompt-words';
import { SendAgainForm } from '@/components/stk/send-again-form';
import { isSettled } from '@/components/stk/types';
import { PageHeader } from '@/components/ui/page-header';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { promptView } from '../prompt-view';
import { promptPurpose } from '../prompt-purpose';
import { stkRoutes } from '@/lib/stk/routes';
import { isServiceError } from '@/lib/portal/errors';
import { servicePage } from '@/components/ui/service-page';
import { recordId } from '@/lib/portal/refusals';

export const metadata: Metadata = { title: 'Payment prompt' };

/** Without JavaScript, a waiting prompt's page reloads itself this often. */
const REFRESH_SECONDS = 3;

/**
 * One phone prompt, followed live. With JavaScript the panel polls; without it, the page
 * refreshes itself while the payer has not answered.
 */
async function PromptPage({ params }: { params: Promise<{ initiationId: string }> }) {
  const session = await requireSession();
  const { initiationId } = await params;
  recordId(initiationId);
  // A path id that is not a UUID is a 404 at the service, like an unknown one.
  const client = portalClient(session);
  const prompt = await client.call(stkRoutes.get, { params: { initiationId } }).catch((error: unknown) => {
    if (isServiceError(error) && error.status === 404) notFound();
    throw error;
  });
  const [view, purpose] = await Promise.all([promptView(client, prompt), promptPurpose(client, prompt)]);
  const waiting = !isSettled(view.status);
  return (
    <>
      {waiting && (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      )}
      <p className="mb-2 text-sm">
        <Link href="/stk" className="text-brand-800 underline underline-offset-2">
          ← Phone prompts
        </Link>
      </p>
      <PageHeader title="Payment prompt" description="An M-Pesa prompt on the payer's phone, asking them to pay." />
      <div className="max-w-2xl">
        <p className="mb-4 text-sm text-slate-700">
          For:{' '}
          {purpose.href ? (
            <Link href={purpose.href} className="font-medium text-brand-800 underline">
              {purpose.label}
            </Link>
          ) : (
            purpose.label
          )}
          {prompt.description && <span className="text-slate-600"> — {prompt.description}</span>}
        </p>
        <QueryProvider>
          <PromptStatusPanel initial={view} followLink={false} />
        </QueryProvider>
        {canWrite(session.user) && canSendAgain(view.status) && (
          <div className="mt-4">
            <p className="mb-2 text-sm text-slate-700">It ended without payment. A new prompt goes to the same phone, for the same amount and the same bill, customer or account.</p>
            <SendAgainForm initiationId={view.id} idempotencyKey={crypto.randomUUID()} />
          </div>
        )}
        {waiting && (
          <noscript>
            <p className="mt-3 text-sm text-slate-700">
              This page refreshes itself every few seconds.{' '}
              <Link href={`/stk/${view.id}`} className="font-medium text-brand-800 underline">
                Check again now
              </Link>
            </p>
          </noscript>
        )}
      </div>
    </>
  );
}

export default servicePage({ title: 'Payment prompt', back: { href: '/stk', label: 'All phone prompts' } }, PromptPage);
