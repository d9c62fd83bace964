import Link from 'next/link';
import { DateTime } from '@/components/ui/date-time';
import { numeric, Table, Td, Th } from '@/components/ui/table';
import { formatMoney } from '@/lib/portal/money';
import { MatchStatusBadge } from './match-status-badge';
import { channelLabel } from './payment-words';
import type { Payment } from './types';

/** Payments, newest first; the receipt or bank reference opens the payment. */
export function PaymentTable({ payments, caption }: { payments: Payment[]; caption: string }) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <Th>Received</Th>
          <Th>Receipt or reference</Th>
          <Th>Payer</Th>
          <Th>How</Th>
          <Th>Account</Th>
          <Th className="text-right">Amount</Th>
          <Th>What it paid</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {payments.map((payment) => (
          <tr key={payment.id}>
            <Td className="whitespace-nowrap">
              <DateTime value={payment.receivedAt} />
            </Td>
            <Td>
              <Link href={`/payments/${payment.id}`} className="font-mono font-medium text-brand-800 underline-offset-2 hover:underline">
                {payment.providerReference}
              </Link>
            </Td>
            <Td>
              {payment.payerName ?? <span className="text-slate-500">Name not given</span>}
              {payment.payerPhone && <p className="font-mono text-slate-600">{payment.payerPhone}</p>}
            </Td>
            <Td className="whitespace-nowrap">{channelLabel[payment.channel]}</Td>
            <Td className="font-mono">{payment.accountNumber}</Td>
            <Td className={numeric}>{formatMoney(payment.amount, payment.currency)}</Td>
            <Td>
              <MatchStatusBadge status={payment.matchStatus} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
