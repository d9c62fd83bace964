import type { RouteOutput } from '@/lib/client/types';
import type { paymentRoutes } from '@/lib/payments/routes';

export type Payment = RouteOutput<typeof paymentRoutes.get>;
export type PaymentChannel = Payment['channel'];
export type MatchStatus = Payment['matchStatus'];
export type PaymentSummary = RouteOutput<typeof paymentRoutes.summary>;

/** What was collected on one Nairobi day. */
export interface DayTotal {
  /** The Nairobi date, "2026-03-10". */
  day: string;
  paymentCount: number;
  totalAmount: number;
  feeAmount: number;
  netAmount: number;
}
