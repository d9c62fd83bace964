import type { Metadata } from 'next';
import { SectionPlaceholder } from '@/components/shell/section-placeholder';
import { sectionFor } from '@/components/shell/sections';
import { requireSession } from '@/lib/portal/session';

export const metadata: Metadata = { title: 'Accounts' };

export default async function AccountsPage() {
  await requireSession();
  return <SectionPlaceholder section={sectionFor('/accounts')} emptyTitle="No accounts yet" />;
}
