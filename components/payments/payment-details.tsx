import Link from '@/components/ui/link';
import type { Account } from '@/components/accounts/types';
import { CopyableCode } from '@/components/ui/copyable-code';
import { DateTime } from '@/components/ui/date-time';
import { DetailList, type Detail } from '@/components/ui/detail-list';
import { formatMoney } from '@/lib/portal/money';
import { MatchStatusBadge } from './match-status-badge';
import { channelLabel, matchStatusText, referenceLabel } from './payment-words';
import type { Payment } from './types';
import { displayPhone } from '@/lib/platform/phone';

const linkClass = 'font-medium text-brand-800 underline underline-offset-2';
const notGiven = <span className="text-slate-500">Not given</span>;

export interface PaymentRelations {
  /** Absent when the account is out of the viewer's sight. */
  account?: Account;
  customerName?: string;
  bill?: { id: string; paymentReference: string };
  subMerchantName?: string;
}

/** Every field of a payment, each in words a merchant uses, with what it means where that is not obvious. */
export function PaymentDetails({ payment, related }: { payment: Payment; related: PaymentRelations }) {
  const money = (amount: number) => <span className="tabular-nums">{formatMoney(amount, payment.currency)}</span>;
  const items: Detail[] = [
    { term: 'Amount', detail: money(payment.amount) },
    { term: 'Fee', detail: money(payment.feeAmount), note: `Our collection fee on ${channelLabel[payment.channel]} payments.` },
    { term: 'You keep', detail: money(payment.netAmount), note: 'The amount less the fee.' },
    { term: 'What it paid', detail: <MatchStatusBadge status={payment.matchStatus} />, note: matchStatusText[payment.matchStatus].meaning },
    ...(payment.overpaidAmount > 0
      ? [{ term: 'Paid beyond the bill', detail: money(payment.overpaidAmount), note: 'More than the bill still asked for; it stays in the account.' }]
      : []),
    { term: 'How it came', detail: channelLabel[payment.channel] },
    {
      term: referenceLabel(payment.channel),
      detail: <CopyableCode value={payment.providerReference} what={referenceLabel(payment.channel).toLowerCase()} />,
      note: payment.channel === 'MOBILE_MONEY' ? "The code on the payer's M-Pesa message." : "The reference on the bank's statement.",
    },
    { term: 'Payer', detail: payment.payerName ?? notGiven },
    { term: "Payer's phone", detail: payment.payerPhone ? <span className="font-mono">{displayPhone(payment.payerPhone)}</span> : notGiven },
    ...(payment.payerAccount ? [{ term: "Payer's bank account", detail: <span className="font-mono">{payment.payerAccount}</span> }] : []),
    {
      term: 'What the payer entered',
      detail: payment.billReference ? <span className="font-mono">{payment.billReference}</span> : notGiven,
      note: 'The account number or reference the payer typed.',
    },
    ...(payment.narration ? [{ term: 'Narration', detail: payment.narration, note: 'The description the bank or M-Pesa sent with it.' }] : []),
    {
      term: 'Account',
      detail: (
        <Link href={`/accounts/${payment.virtualAccountId}`} className={linkClass}>
          <span className="font-mono">{payment.accountNumber}</span>
          {related.account && ` · ${related.account.purposeLabel}`}
        </Link>
      ),
      note: 'The account the money was credited to.',
    },
    {
      term: 'Customer',
      detail: payment.customerId ? (
        <Link href={`/customers/${payment.customerId}`} className={linkClass}>
          {related.customerName ?? 'The customer who paid'}
        </Link>
      ) : (
        'None'
      ),
    },
    {
      term: 'Bill',
      detail: payment.expectedPaymentId ? (
        <Link href={`/bills/${payment.expectedPaymentId}`} className={linkClass}>
          {related.bill ? `Bill ${related.bill.paymentReference}` : 'The bill it was for'}
        </Link>
      ) : (
        'None'
      ),
    },
    ...(payment.subMerchantId ? [{ term: 'Sub-merchant', detail: related.subMerchantName ?? 'One of your sub-merchants' }] : []),
    { term: 'Received', detail: <DateTime value={payment.receivedAt} />, note: 'When M-Pesa or the bank says the money arrived, in Nairobi time.' },
    { term: 'Recorded', detail: <DateTime value={payment.createdAt} /> },
    { term: 'Payment ID', detail: <CopyableCode value={payment.id} what="payment ID" />, note: 'Quote it when you contact support.' },
  ];
  return <DetailList items={items} />;
}
