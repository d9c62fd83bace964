import Link from '@/components/ui/link';
import { DateTime } from '@/components/ui/date-time';
import { Table, Td, Th } from '@/components/ui/table';
import type { Customer } from './types';
import { displayPhone } from '@/lib/platform/phone';

export function CustomerTable({ customers, caption }: { customers: Customer[]; caption: string }) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <Th>Customer</Th>
          <Th>Your reference</Th>
          <Th>Phone</Th>
          <Th>Email</Th>
          <Th>Added</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {customers.map((customer) => (
          <tr key={customer.id}>
            <Td label="Customer">
              <Link href={`/customers/${customer.id}`} className="font-medium text-brand-800 underline-offset-2 hover:underline">
                {customer.displayName}
              </Link>
            </Td>
            <Td label="Your reference" className="font-mono">{customer.externalRef}</Td>
            <Td label="Phone" className="font-mono whitespace-nowrap">{displayPhone(customer.phone)}</Td>
            <Td label="Email" className="break-all">{customer.email ?? '—'}</Td>
            <Td label="Added" className="whitespace-nowrap">
              <DateTime value={customer.createdAt} style="date" />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
