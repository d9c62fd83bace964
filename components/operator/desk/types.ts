import type { RouteOutput } from '@/lib/client/types';
import type { operatorPaymentRoutes } from '@/lib/operator/payments/routes';
import type { operatorPayoutRoutes } from '@/lib/operator/payouts/routes';
import type { operatorSuspenseRoutes } from '@/lib/operator/suspense/routes';

export type PaymentSearch = RouteOutput<typeof operatorPaymentRoutes.search>;
export type FoundPayment = PaymentSearch['data'][number];
export type FoundSuspense = PaymentSearch['suspense'][number];
export type PaymentStory = RouteOutput<typeof operatorPaymentRoutes.get>;
export type RailNotification = PaymentStory['railNotifications'][number];
export type SuspenseList = RouteOutput<typeof operatorSuspenseRoutes.list>;
export type SuspenseItem = SuspenseList['data'][number];
export type PayoutBatches = RouteOutput<typeof operatorPayoutRoutes.list>;
export type PayoutBatch = PayoutBatches['data'][number];
