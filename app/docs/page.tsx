import type { Metadata } from 'next';
import { ApiIntro, SearchResults, TagIndex } from '@/components/docs/api-reference';
import { GuideList } from '@/components/docs/guide-list';
import { searchOperations } from '@/lib/portal/api-reference/reference';
import { firstParam, type SearchParams } from '@/lib/portal/pagination';
import { loadApiReference } from './reference';

export const metadata: Metadata = { title: 'API reference' };

/**
 * Public: integrators read it before they have an account. Rendered from the service's own
 * document: this page lists every operation by tag (or those matching ?q=), each tag has its page.
 */
export default async function DocsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [reference, query] = await Promise.all([loadApiReference(), searchParams]);
  const q = (firstParam(query.q) ?? '').trim().slice(0, 100);
  return (
    <>
      <ApiIntro reference={reference} />
      {q ? (
        <SearchResults query={q} hits={searchOperations(reference, q)} />
      ) : (
        <>
          <GuideList />
          <TagIndex reference={reference} />
        </>
      )}
    </>
  );
}
