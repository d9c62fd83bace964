import type { Metadata } from 'next';
import { SectionPlaceholder } from '@/components/shell/section-placeholder';
import { sectionFor } from '@/components/shell/sections';
import { requireSession } from '@/lib/portal/session';

export const metadata: Metadata = { title: 'Webhooks' };

export default async function WebhooksPage() {
  await requireSession();
  return <SectionPlaceholder section={sectionFor('/webhooks')} emptyTitle="No webhook endpoints yet" />;
}
