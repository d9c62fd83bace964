import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ErrorShapes, TagReference } from '@/components/docs/api-reference';
import { ERRORS_SLUG, tagSlug } from '@/lib/portal/api-reference/reference';
import { loadApiReference } from '../reference';

type Params = Promise<{ tag: string }>;

async function pageOf(slug: string) {
  const reference = await loadApiReference();
  if (slug === ERRORS_SLUG) return { reference, tag: null };
  const tag = reference.tags.find((candidate) => tagSlug(candidate) === slug);
  if (!tag) notFound();
  return { reference, tag };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { tag } = await pageOf((await params).tag);
  return { title: `${tag?.name ?? 'Errors'} · API reference` };
}

/** One tag of the API reference (or the shared error bodies): a page of its own, light enough for a phone. */
export default async function DocsTagPage({ params }: { params: Params }) {
  const { reference, tag } = await pageOf((await params).tag);
  return tag ? <TagReference tag={tag} /> : <ErrorShapes reference={reference} />;
}
