import type { RouteOutput } from '@/lib/client/types';
import type { stkRoutes } from '@/lib/stk/routes';

export type Prompt = RouteOutput<typeof stkRoutes.get>;
export type PromptStatus = Prompt['status'];

/** A phone prompt as the portal tells it: every sentence made on the server, ready to show. */
export interface PromptView {
  id: string;
  status: PromptStatus;
  /** One sentence: what is happening, or how it ended. */
  headline: string;
  /** Whom it went to and for how much. */
  sentTo: string;
  paymentId: string | null;
  /** When the service last changed it (ISO). */
  updatedAt: string;
}

export const isSettled = (status: PromptStatus) => status !== 'PENDING';
