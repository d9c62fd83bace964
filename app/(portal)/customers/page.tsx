import type { Metadata } from 'next';
import { SectionPlaceholder } from '@/components/shell/section-placeholder';
import { sectionFor } from '@/components/shell/sections';
import { requireSession } from '@/lib/portal/session';

export const metadata: Metadata = { title: 'Customers' };

export default async function CustomersPage() {
  await requireSession();
  return <SectionPlaceholder section={sectionFor('/customers')} emptyTitle="No customers yet" />;
}
