import { z } from '@hono/zod-openapi';
import { DarajaAccountResult, DarajaNotice } from '@/lib/rails/daraja-result';

/**
 * Daraja's Result of a B2C or B2B payout, and of a payout's Transaction Status query, as POSTed to
 * our ResultURL: read in every documented variant (lib/rails/daraja-result.ts). Only Result and
 * its ResultCode are required.
 */
export const DarajaPayoutResult = z.looseObject({ Result: DarajaAccountResult }).openapi('DarajaPayoutResult');
export type DarajaPayoutResultInput = z.infer<typeof DarajaPayoutResult>;

export { DarajaNotice };
