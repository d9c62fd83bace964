import { DateTime } from '@/components/ui/date-time';
import { numeric, Table, Td, Th } from '@/components/ui/table';
import { MatchStatusBadge } from '@/components/payments/match-status-badge';
import { channelLabel } from '@/components/payments/payment-words';
import { formatMoney } from '@/lib/portal/money';
import { displayPhone } from '@/lib/platform/phone';
import type { FoundPayment } from './types';

/** Payments found across merchants, newest first: whose each is comes first, the receipt opens its whole story. */
export function PaymentResults({ payments }: { payments: FoundPayment[] }) {
  return (
    <Table caption="Payments found, newest first">
      <thead>
        <tr>
          <Th>Merchant</Th>
          <Th>Receipt or reference</Th>
          <Th>Received</Th>
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
            <Td label="Merchant" className="font-medium text-slate-900">{payment.merchant.name}</Td>
            <Td label="Receipt or reference">
              <a href={`/operator/payments/${payment.id}`} className="font-mono font-medium text-brand-800 underline-offset-2 hover:underline">
                {payment.providerReference}
              </a>
            </Td>
            <Td label="Received" className="whitespace-nowrap">
              <DateTime value={payment.receivedAt} />
            </Td>
            <Td label="Payer">
              {payment.payerName ?? <span className="text-slate-500">Name not given</span>}
              {payment.payerPhone && <p className="font-mono whitespace-nowrap text-slate-600">{displayPhone(payment.payerPhone)}</p>}
            </Td>
            <Td label="How" className="whitespace-nowrap">{channelLabel[payment.channel]}</Td>
            <Td label="Account" className="font-mono">{payment.accountNumber}</Td>
            <Td label="Amount" className={numeric}>{formatMoney(payment.amount, payment.currency)}</Td>
            <Td label="What it paid">
              <MatchStatusBadge status={payment.matchStatus} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
