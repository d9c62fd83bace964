import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { db } from '@/lib/platform/db';
import type { PaymentRail } from '@/lib/payments/schema';
import { redactRailBody } from './redact';
import { railNotifications, type RailNotificationKind } from './schema';

export interface RailNotificationInput {
  rail: PaymentRail;
  kind: RailNotificationKind;
  providerReference?: string | null;
  checkoutRequestId?: string | null;
  rawBody: string;
}

/**
 * Keeps a notification as received, whatever becomes of it, in a commit of its own. A rail payment
 * carries its notification instead (`InboundPayment.notification`): the payment batch writes it in
 * its own statement, so one commit holds both (issue 24: a second commit per confirmation cost 1–3.5
 * ms here); a payment written one by one (a bill's, suspense, a duplicate found before any write)
 * keeps it through here, beside its recording. Either way it has committed before the rail is
 * answered, so a notification the rail was told we took is always kept (docs/operator.md, "Raw
 * notifications"). Used alone where no payment carries it (the phone prompt's callback).
 */
export async function keepRailNotification(notification: RailNotificationInput): Promise<void> {
  await db()
    .insert(railNotifications)
    .values({
      rail: notification.rail,
      kind: notification.kind,
      providerReference: notification.providerReference || null,
      checkoutRequestId: notification.checkoutRequestId || null,
      rawBody: storableBody(notification.rawBody),
    });
}

/**
 * A body as PostgreSQL keeps it: NUL, which it refuses in text, as U+FFFD rather than fail the
 * confirmation, and so is a lone surrogate (JSON would carry it as an escape jsonb refuses).
 */
export const storableBody = (rawBody: string) => rawBody.replaceAll('\u0000', '\uFFFD').toWellFormed();

export interface RailNotificationView {
  id: string;
  rail: PaymentRail;
  kind: RailNotificationKind;
  providerReference: string | null;
  checkoutRequestId: string | null;
  receivedAt: Date;
  /** The body as received, secrets redacted. */
  body: string;
}

/**
 * What the rails sent about one payment, oldest first: by its rail reference (the receipt, the bank
 * reference) and, for a phone prompt, its CheckoutRequestID. Not merchant data until matched to a
 * payment: the caller reads it for a payment it may see.
 */
export async function notificationsFor(keys: { rail: PaymentRail; providerReference: string; checkoutRequestIds?: string[] }): Promise<RailNotificationView[]> {
  const byReference: SQL = and(eq(railNotifications.rail, keys.rail), eq(railNotifications.providerReference, keys.providerReference))!;
  const checkouts = (keys.checkoutRequestIds ?? []).filter(Boolean);
  const rows = await db()
    .select()
    .from(railNotifications)
    .where(checkouts.length ? or(byReference, inArray(railNotifications.checkoutRequestId, checkouts)) : byReference)
    .orderBy(asc(railNotifications.receivedAt), asc(railNotifications.id))
    .limit(100);
  return rows.map(({ rawBody, ...row }) => ({ ...row, body: redactRailBody(rawBody) }));
}
