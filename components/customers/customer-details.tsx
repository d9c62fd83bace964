import { Badge } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import { DetailList } from '@/components/ui/detail-list';
import type { Customer } from './types';
import { displayPhone } from '@/lib/platform/phone';

const statuses: Record<Customer['status'], { label: string; tone: 'success' | 'neutral' }> = {
  ACTIVE: { label: 'Active', tone: 'success' },
  INACTIVE: { label: 'Inactive', tone: 'neutral' },
};

export function CustomerDetails({ customer, subMerchantName }: { customer: Customer; subMerchantName?: string }) {
  return (
    <DetailList
      items={[
        { term: 'Your reference', detail: <span className="font-mono">{customer.externalRef}</span> },
        { term: 'Email', detail: <span className="break-all">{customer.email ?? 'None (SMS only)'}</span> },
        { term: 'Phone', detail: <span className="font-mono">{displayPhone(customer.phone)}</span> },
        { term: 'Sub-merchant', detail: subMerchantName ?? (customer.subMerchantId ? 'One of your sub-merchants' : 'None: your business as a whole') },
        {
          term: 'Status',
          detail: <Badge tone={statuses[customer.status].tone}>{statuses[customer.status].label}</Badge>,
        },
        { term: 'Registered', detail: <DateTime value={customer.createdAt} /> },
      ]}
    />
  );
}
