import Link from '@/components/ui/link';
import type { ReactNode } from 'react';
import { DocsNav } from '@/components/docs/docs-nav';
import { DocsSearchForm } from '@/components/docs/search-form';
import { guides } from '@/lib/portal/api-reference/guides';
import { ERRORS_SLUG, EVENTS_SLUG, tagSlug } from '@/lib/portal/api-reference/reference';
import { loadApiReference } from './reference';

/**
 * The frame of the API reference: a way back to the portal, a search box, and every tag (one page
 * each, so no page carries the whole document). Public, like the pages in it.
 */
export default async function DocsLayout({ children }: { children: ReactNode }) {
  const reference = await loadApiReference();
  const items = [
    ...reference.tags.map((tag) => ({ href: `/docs/${tagSlug(tag)}`, label: tag.name, count: tag.operations.length })),
    ...(reference.errorShapes.length > 0 ? [{ href: `/docs/${ERRORS_SLUG}`, label: 'Errors', count: null }] : []),
    ...(reference.webhooks.length > 0 ? [{ href: `/docs/${EVENTS_SLUG}`, label: 'Event types', count: reference.webhooks.length }] : []),
  ];
  const guideItems = [{ href: '/docs', label: 'Overview', count: null }, ...guides.map((guide) => ({ href: `/docs/guides/${guide.slug}`, label: guide.title, count: null }))];
  return (
    <div className="min-h-dvh">
      <header data-print="hide" className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 md:px-6">
          <p className="text-lg font-semibold tracking-tight text-brand-800">
            <Link href="/docs">Collect API</Link>
          </p>
          <Link href="/" className="text-sm font-medium text-brand-800 underline underline-offset-2">
            Back to the portal
          </Link>
        </div>
      </header>
      <div className="mx-auto max-w-6xl px-4 py-6 md:grid md:grid-cols-[14rem_minmax(0,1fr)] md:gap-8 md:px-6">
        <aside className="mb-6 md:mb-0">
          <DocsSearchForm />
          <DocsNav label="Guides" heading="Guides" items={guideItems} />
          <DocsNav label="API reference sections" heading="Reference" items={items} />
        </aside>
        <main id="main" className="min-w-0">
          {children}
        </main>
      </div>
    </div>
  );
}
