import { EmptyState } from '@/components/ui/empty-state';

export function AdminOnly({ what }: { what: string }) {
  return (
    <EmptyState title="For administrators">
      <p>Only an administrator of your merchant can see {what}. Ask one if you need access.</p>
    </EmptyState>
  );
}
