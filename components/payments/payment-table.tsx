import { DateTime } from '@/components/ui/date-time';
import { numeric, Table, Td, Th } from '@/components/ui/table';
import { formatMoney } from '@/lib/portal/money';
import { PaymentStatusBadge } from '@/components/reversals/payment-status-badge';
import { MatchStatusBadge } from './match-status-badge';
import { channelLabel } from './payment-words';
import type { Payment } from './types';
import { displayPhone } from '@/lib/platform/phone';

export interface PaymentTableProps {
  /** Each with its merchant when the list spans merchants (the operator console's search). */
  payments: (Payment & { merchant?: { name: string } })[];
  caption: string;
  /** Where a payment opens: `/payments` in the portal, `/operator/payments` in the console. */
  linkBase?: string;
  /** A "Merchant" column after the time, for a list across merchants. */
  merchantColumn?: boolean;
}

/** A rail's own time further than this from when Collect recorded the payment is shown beside it. */
const SHOWN_APART_MS = 60_000;

/**
 * Payments, newest recorded first (the order of the API, the ledger and webhooks: docs/payments.md,
 * "Lists"). The first column shows that time, so the list reads in its own order; the rail's own
 * time of payment follows when it is more than a minute apart (a late confirmation). The receipt or bank reference opens the payment. Plain links, not
 * next/link: each Link is a client component the server renders and serialises once per row,
 * about a tenth of the payments page's time (docs/benchmarks.md); a payment opens as a full page.
 */
export function PaymentTable({ payments, caption, linkBase = '/payments', merchantColumn = false }: PaymentTableProps) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <Th>Recorded</Th>
          {merchantColumn && <Th>Merchant</Th>}
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
            <Td label="Recorded" className="whitespace-nowrap">
              <DateTime value={payment.createdAt} />
              {Math.abs(Date.parse(payment.createdAt) - Date.parse(payment.receivedAt)) > SHOWN_APART_MS && (
                <p className="text-xs text-slate-600">
                  Paid <DateTime value={payment.receivedAt} />
                </p>
              )}
            </Td>
            {merchantColumn && (
              <Td label="Merchant" className="font-medium text-slate-900">
                {payment.merchant?.name}
              </Td>
            )}
            <Td label="Receipt or reference">
              <a href={`${linkBase}/${payment.id}`} className="font-mono font-medium text-brand-800 underline-offset-2 hover:underline">
                {payment.providerReference}
              </a>
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
              {payment.status !== 'RECEIVED' && (
                <p className="mt-1">
                  <PaymentStatusBadge status={payment.status} />
                </p>
              )}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
