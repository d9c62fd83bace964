import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import type { Section } from './sections';

/** A section whose content is still to come: its heading and an honest empty state. */
export function SectionPlaceholder({ section, emptyTitle }: { section: Section; emptyTitle: string }) {
  return (
    <>
      <PageHeader title={section.label} description={section.view} />
      <EmptyState title={emptyTitle}>
        <p>This part of the portal is coming soon.</p>
      </EmptyState>
    </>
  );
}
