import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { OperatorForm } from '@/components/operator/operator-form';
import { PageHeader } from '@/components/ui/page-header';
import { requireOperatorSession } from '@/lib/portal/operator-session';
import { isPlatformAdmin } from '@/lib/portal/roles';
import { createMerchant } from '../actions';

export const metadata: Metadata = { title: 'New merchant' };

export default async function NewMerchantPage() {
  const session = await requireOperatorSession();
  if (!isPlatformAdmin(session.user)) notFound();
  return (
    <>
      <PageHeader title="New merchant" description="Creates the merchant and its LEGACY account, and a one-time invitation for its first administrator, who sets their own password." />
      <OperatorForm
        action={createMerchant}
        label="New merchant"
        submitLabel="Create merchant"
        pendingLabel="Creating…"
        fields={[
          { name: 'name', label: 'Merchant name', required: true },
          { name: 'adminEmail', label: "Administrator's email", type: 'email', required: true },
          { name: 'adminFirstName', label: "Administrator's first name", required: true },
          { name: 'adminLastName', label: "Administrator's last name", required: true },
        ]}
      />
    </>
  );
}
