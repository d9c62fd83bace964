import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { TagReference } from '@/components/docs/api-reference';
import { tagSlug } from '@/lib/portal/api-reference/reference';
import { loadApiReference } from '../../reference';

type Params = Promise<{ tag: string; part: string }>;

/** Page 2, 3… of a tag too heavy for one page (lib/portal/api-reference/reference.ts, PART_BUDGET). */
async function partOf(params: Params) {
  const { tag: slug, part: text } = await params;
  const reference = await loadApiReference();
  const tag = reference.tags.find((candidate) => tagSlug(candidate) === slug);
  const part = /^[2-9][0-9]?$/.test(text) ? Number(text) : NaN;
  if (!tag || !(part <= tag.parts)) notFound();
  return { tag, part };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { tag, part } = await partOf(params);
  return { title: `${tag.name} (page ${part}) · API reference` };
}

export default async function DocsTagPartPage({ params }: { params: Params }) {
  const { tag, part } = await partOf(params);
  return <TagReference tag={tag} part={part} />;
}
