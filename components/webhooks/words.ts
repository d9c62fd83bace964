import type { AnyEventType, DeactivationReason, SubscribableEventType } from './types';

/** What each event type means, in the words the portal uses; typed so that a new type must be described here. */
export const eventTypeText: Record<AnyEventType, string> = {
  'payment.received': 'A payment was received',
  'payment.reversed': 'A payment went back to the payer',
  'expected_payment.paid': 'A bill was paid in full',
  'expected_payment.partially_paid': 'A bill was partly paid',
  'expected_payment.expired': 'A bill expired unpaid',
  'expected_payment.cancelled': 'A bill was cancelled',
  'expected_payment.reopened': 'A paid bill reopened after a reversal',
  'virtual_account.created': 'An account was opened',
  'customer.created': 'A customer was registered',
  'stk.completed': 'A phone prompt was paid',
  'stk.failed': 'A phone prompt failed',
  'settlement.created': 'A payout was created',
  'settlement.paid': 'A payout was paid',
  'settlement.failed': 'A payout failed',
  'settlement.returned': 'A paid payout came back',
  'webhook.test': 'A test you sent',
};

/** The types an endpoint can subscribe to (a test event is sent on request only), in the order the form lists them. */
export const subscribableEventTypes = Object.keys(eventTypeText).filter((type) => type !== 'webhook.test') as SubscribableEventType[];

/** Why an endpoint stopped, completing "Deactivated: …". */
export const deactivationText: Record<DeactivationReason, string> = {
  MERCHANT: 'deactivated by your team',
  GONE: 'the receiver answered 410 Gone',
  FAILING: 'deactivated after failing for 5 days',
};
