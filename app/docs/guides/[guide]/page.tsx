import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { AuthenticationGuide } from '@/components/docs/guides/authentication';
import { CollectABillGuide } from '@/components/docs/guides/collect-a-bill';
import { ErrorsGuide } from '@/components/docs/guides/errors-and-idempotency';
import { PaginationGuide } from '@/components/docs/guides/pagination';
import { ReceiveWebhooksGuide } from '@/components/docs/guides/receive-webhooks';
import { guides, type GuideSlug } from '@/lib/portal/api-reference/guides';
import type { ApiReference } from '@/lib/portal/api-reference/reference';
import { loadApiReference } from '../../reference';

type Params = Promise<{ guide: string }>;

const bodies: Record<GuideSlug, (reference: ApiReference) => ReactNode> = {
  authentication: (reference) => <AuthenticationGuide reference={reference} />,
  'collect-a-bill': (reference) => <CollectABillGuide reference={reference} />,
  'receive-webhooks': (reference) => <ReceiveWebhooksGuide reference={reference} />,
  'errors-and-idempotency': (reference) => <ErrorsGuide reference={reference} />,
  pagination: (reference) => <PaginationGuide reference={reference} />,
};

const guideOf = (slug: string) => guides.find((guide) => guide.slug === slug) ?? notFound();

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `${guideOf((await params).guide).title} · Collect API` };
}

/** One guide: what an integrator reads before the reference, with its examples tested in tests/docs. */
export default async function GuidePage({ params }: { params: Params }) {
  const guide = guideOf((await params).guide);
  const reference = await loadApiReference();
  return (
    // Inline code may break anywhere here: a long token must not widen the page on a phone.
    <article className="[&_p_code]:[overflow-wrap:anywhere] [&_td_code]:[overflow-wrap:anywhere]">
      <header className="mb-6">
        <p className="text-sm font-medium text-slate-600">Guide</p>
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{guide.title}</h1>
        <p className="mt-2 max-w-prose text-slate-700">{guide.summary}</p>
      </header>
      {bodies[guide.slug](reference)}
    </article>
  );
}
