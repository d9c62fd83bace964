import type { Metadata } from 'next';
import { SectionPlaceholder } from '@/components/shell/section-placeholder';
import { sectionFor } from '@/components/shell/sections';
import { requireSession } from '@/lib/portal/session';

export const metadata: Metadata = { title: 'Bills' };

export default async function BillsPage() {
  await requireSession();
  return <SectionPlaceholder section={sectionFor('/bills')} emptyTitle="No bills yet" />;
}
