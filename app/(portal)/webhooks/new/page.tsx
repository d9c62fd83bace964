import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { CreateEndpointForm } from '@/components/webhooks/create-endpoint-form';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { canWrite } from '@/lib/portal/roles';
import { requireSession } from '@/lib/portal/session';
import { servicePage } from '@/components/ui/service-page';

export const metadata: Metadata = { title: 'Add a webhook endpoint' };

async function NewEndpointPage() {
  const session = await requireSession();
  const header = <PageHeader title="Add a webhook endpoint" description="Collect will POST a signed event to this address each time something happens." />;
  if (!canWrite(session.user)) {
    return (
      <>
        {header}
        <EmptyState title="You cannot add webhook endpoints">
          <p>
            Your access is read-only. <Link href="/webhooks" className="font-medium text-brand-800 underline">See the endpoints</Link>
          </p>
        </EmptyState>
      </>
    );
  }
  return (
    <>
      {header}
      <CreateEndpointForm idempotencyKey={crypto.randomUUID()} />
    </>
  );
}

export default servicePage({ title: 'Add a webhook endpoint', back: { href: '/webhooks', label: 'All webhook endpoints' } }, NewEndpointPage);
