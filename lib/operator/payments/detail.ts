import { findVisibleAccount } from '@/lib/accounts/queries';
import { toBalanceEntryJson } from '@/lib/accounts/balance-history';
import { toVirtualAccountJson } from '@/lib/accounts/serialize';
import { notFound } from '@/lib/api/errors';
import type { OperatorPrincipal } from '@/lib/api/principal';
import type { TenantScope } from '@/lib/api/scope';
import { getBill } from '@/lib/bills/queries';
import { toExpectedPaymentJson } from '@/lib/bills/serialize';
import { eventsOfPayment } from '@/lib/events/events-of-payment';
import { entriesOfPayment } from '@/lib/ledger/entries-of-payment';
import { merchantNames } from '@/lib/merchants/names';
import { merchantOfPayment } from '@/lib/payments/merchant-of-payment';
import { getPayment } from '@/lib/payments/queries';
import { toPaymentJson } from '@/lib/payments/serialize';
import { db } from '@/lib/platform/db';
import { notificationsFor } from '@/lib/rails/notifications';
import { reversalsOfPayment } from '@/lib/reversals/queries';
import { toReversalJson } from '@/lib/reversals/serialize';
import { getSettlement } from '@/lib/settlement/queries';
import { toSettlementJson } from '@/lib/settlement/serialize';
import { promptsOfPayment } from '@/lib/stk/prompts-of-payment';
import { toStkInitiationJson } from '@/lib/stk/serialize';
import { eventDeliveries } from '@/lib/webhooks/delivery-queries';
import { toDeliveryJson } from '@/lib/webhooks/serialize';
import { recordOperatorRead } from '../audit';

/**
 * One payment's whole story for support: whose it is, where it went, what the rails said (as
 * received, secrets redacted), what the merchant's systems were told, and whether it was reversed
 * or paid out. Every read goes through the owning domain's query with the payment's merchant named
 * explicitly; the view itself is recorded in the platform's and the merchant's audit logs.
 */
export async function operatorPaymentDetail(operator: OperatorPrincipal, paymentId: string) {
  const merchantId = await merchantOfPayment(paymentId);
  if (!merchantId) throw notFound('The payment');
  const scope: TenantScope = { merchantId, subMerchantId: null };
  const payment = await getPayment(scope, paymentId);

  const [names, account, bill, entries, prompts, reversals, settlement] = await Promise.all([
    merchantNames([merchantId]),
    findVisibleAccount(scope, payment.virtualAccountId),
    payment.expectedPaymentId ? getBill(scope, payment.expectedPaymentId) : null,
    entriesOfPayment(scope, paymentId),
    promptsOfPayment(scope, paymentId),
    reversalsOfPayment(scope, paymentId),
    payment.settlementId ? getSettlement(scope, payment.settlementId) : null,
  ]);
  const moments = [payment.createdAt, ...reversals.flatMap((reversal) => [reversal.createdAt, reversal.completedAt].filter((at): at is Date => at !== null))];
  const [notifications, events] = await Promise.all([
    notificationsFor({ rail: payment.rail, providerReference: payment.providerReference, checkoutRequestIds: prompts.map((prompt) => prompt.checkoutRequestId).filter((id): id is string => id !== null) }),
    eventsOfPayment(scope, paymentId, moments),
  ]);
  const deliveries = (await Promise.all(events.map((event) => eventDeliveries(scope, event.id)))).flat();

  // Recorded before the answer leaves; both rows in one commit.
  await db().transaction((tx) =>
    recordOperatorRead(tx, operator, {
      merchantIds: [merchantId],
      action: 'payment.viewed',
      targetType: 'payment',
      targetId: paymentId,
      summary: `viewed payment ${payment.providerReference}`,
      details: { providerReference: payment.providerReference, rail: payment.rail },
    }),
  );

  return {
    payment: toPaymentJson(payment),
    merchant: { id: merchantId, name: names.get(merchantId) ?? '' },
    account: toVirtualAccountJson(account),
    bill: bill ? toExpectedPaymentJson(bill) : null,
    ledgerEntries: entries.map(toBalanceEntryJson),
    railNotifications: notifications.map((notification) => ({ ...notification, receivedAt: notification.receivedAt.toISOString() })),
    prompts: prompts.map(toStkInitiationJson),
    webhookDeliveries: deliveries.map(({ delivery, attempts }) => toDeliveryJson(delivery, attempts)),
    reversals: reversals.map(toReversalJson),
    settlement: settlement ? toSettlementJson(settlement) : null,
  };
}
