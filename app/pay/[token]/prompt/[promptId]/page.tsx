import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { PayerSheet } from '@/components/payer/payer-sheet';
import { PromptStatus } from '@/components/payer/prompt-status';
import { serviceClient } from '@/lib/client';
import { payerPromptRoutes } from '@/lib/payer-links/prompts/routes';
import { isServiceError } from '@/lib/portal/errors';

// The token is the only credential: not indexed, not leaked through a Referer to another site.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('payer.prompt.status');
  return { title: t('metaTitle'), robots: { index: false, follow: false }, referrer: 'same-origin' };
}

const TOKEN = /^[A-Za-z0-9_-]{22}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The prompt a payer asked for from their payer page: public, found only through its own link. */
export default async function PayerPromptPage({ params }: { params: Promise<{ token: string; promptId: string }> }) {
  const { token, promptId } = await params;
  if (!TOKEN.test(token) || !UUID.test(promptId)) notFound();
  const [prompt, locale] = await Promise.all([
    serviceClient()
      .call(payerPromptRoutes.status, { params: { token, initiationId: promptId } })
      .catch((error: unknown) => {
        if (isServiceError(error) && error.status === 404) notFound();
        throw error;
      }),
    getLocale(),
  ]);
  return (
    <PayerSheet>
      <PromptStatus prompt={prompt} backHref={`/pay/${token}${locale === 'en' ? '' : `?lang=${locale}`}`} />
    </PayerSheet>
  );
}
