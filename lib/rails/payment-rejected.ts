import { ApiError } from '@/lib/api/errors';
import { rejectionReasons, type RejectionReason } from '@/lib/payments/inbound';

/** The rail would refuse this payment: 422 with the reason's sentence and its key. */
export const paymentRejected = (reason: RejectionReason) =>
  new ApiError(422, 'payment_rejected', 'Payment rejected', rejectionReasons[reason], { reason });
