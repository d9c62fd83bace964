import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { PaymentStory } from '@/components/operator/desk/payment-story';
import { PageHeader } from '@/components/ui/page-header';
import { servicePage } from '@/components/ui/service-page';
import { operatorPaymentRoutes } from '@/lib/operator/payments/routes';
import { formatMoney } from '@/lib/portal/money';
import { operatorClient, requireOperatorSession } from '@/lib/portal/operator-session';
import { recordId } from '@/lib/portal/refusals';

export const metadata: Metadata = { title: 'Payment' };

async function OperatorPaymentPage({ params }: { params: Promise<{ paymentId: string }> }) {
  const session = await requireOperatorSession();
  const { paymentId } = await params;
  recordId(paymentId);
  const story = await operatorClient(session).call(operatorPaymentRoutes.get, { params: { paymentId } });
  if (!story) notFound();
  return (
    <>
      <p className="mb-2 text-sm" data-print="hide">
        <Link href="/operator/payments" className="text-brand-800 underline underline-offset-2">
          ← Find a payment
        </Link>
      </p>
      <PageHeader
        title={`Payment ${story.payment.providerReference}`}
        description={`${formatMoney(story.payment.amount, story.payment.currency)} to ${story.merchant.name}. Your view is recorded in the merchant's audit log.`}
      />
      <PaymentStory story={story} />
    </>
  );
}

export default servicePage({ title: 'Payment', back: { href: '/operator/payments', label: 'Find a payment' } }, OperatorPaymentPage);
