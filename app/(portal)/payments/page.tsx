import type { Metadata } from 'next';
import { SectionPlaceholder } from '@/components/shell/section-placeholder';
import { sectionFor } from '@/components/shell/sections';
import { requireSession } from '@/lib/portal/session';

export const metadata: Metadata = { title: 'Payments' };

export default async function PaymentsPage() {
  await requireSession();
  return <SectionPlaceholder section={sectionFor('/payments')} emptyTitle="No payments yet" />;
}
