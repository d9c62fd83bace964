import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ErrorShapes, TagReference } from '@/components/docs/api-reference';
import { EventTypes } from '@/components/docs/event-types';
import { ERRORS_SLUG, EVENTS_SLUG, tagSlug } from '@/lib/portal/api-reference/reference';
import { loadApiReference } from '../reference';

type Params = Promise<{ tag: string }>;

async function pageOf(slug: string) {
  const reference = await loadApiReference();
  if (slug === ERRORS_SLUG || slug === EVENTS_SLUG) return { reference, tag: null, special: slug };
  const tag = reference.tags.find((candidate) => tagSlug(candidate) === slug);
  if (!tag) notFound();
  return { reference, tag, special: null };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { tag, special } = await pageOf((await params).tag);
  return { title: `${tag?.name ?? (special === EVENTS_SLUG ? 'Event types' : 'Errors')} · API reference` };
}

/** One tag of the API reference (or the shared error bodies): a page of its own, light enough for a phone. */
export default async function DocsTagPage({ params }: { params: Params }) {
  const { reference, tag, special } = await pageOf((await params).tag);
  if (tag) return <TagReference tag={tag} />;
  return special === EVENTS_SLUG ? <EventTypes reference={reference} /> : <ErrorShapes reference={reference} />;
}
