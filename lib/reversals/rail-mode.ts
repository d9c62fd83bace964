import { ApiError } from '@/lib/api/errors';
import type { PaymentRail } from '@/lib/payments/schema';
import { config, sandboxEnabled } from '@/lib/platform/config';
import type { DarajaSettings } from '@/lib/stk/daraja-client';

/**
 * Who answers a reversal: the sandbox's simulator (a job, within seconds), Daraja's Reversal API
 * for M-Pesa in live mode. A bank transfer in live mode has no API to call: the bank returns it
 * when asked by its customer, and its signed return notification reverses the payment here
 * (docs/reconciliation.md, "Reversals and returns").
 */
export type ReversalMode = 'SIMULATOR' | 'DARAJA';

export const reversalUnsupported = (detail: string) => new ApiError(422, 'reversal_unsupported', 'Reversal not possible here', detail);

export function reversalModeFor(rail: PaymentRail): ReversalMode {
  if (sandboxEnabled()) return 'SIMULATOR';
  if (rail === 'BANK') {
    throw reversalUnsupported(
      'A bank transfer cannot be reversed from here: ask the bank to return it to the payer. Its return notification then marks this payment REVERSED.',
    );
  }
  darajaReversalSettings();
  return 'DARAJA';
}

export interface DarajaReversalSettings {
  client: DarajaSettings;
  initiator: string;
  securityCredential: string;
  /** The paybill the payments were made to: the receiving party whose transaction is reversed. */
  shortcode: string;
  publicUrl: string;
}

export function darajaReversalSettings(): DarajaReversalSettings {
  const settings = config();
  const { DARAJA_CONSUMER_KEY: consumerKey, DARAJA_CONSUMER_SECRET: consumerSecret, DARAJA_INITIATOR_NAME: initiator, DARAJA_SECURITY_CREDENTIAL: securityCredential, PUBLIC_URL: publicUrl } = settings;
  if (!consumerKey || !consumerSecret || !initiator || !securityCredential || !publicUrl) {
    throw reversalUnsupported(
      'M-Pesa reversals are not set up on this service: DARAJA_CONSUMER_KEY, DARAJA_CONSUMER_SECRET, DARAJA_INITIATOR_NAME, DARAJA_SECURITY_CREDENTIAL and PUBLIC_URL must be set.',
    );
  }
  const baseUrl = settings.DARAJA_BASE_URL.replace(/\/+$/, '');
  // The passkey signs STK pushes only; the Reversal API authenticates with the initiator's credential.
  return {
    client: { baseUrl, consumerKey, consumerSecret, shortcode: settings.PAYBILL_NUMBER, passkey: '' },
    initiator,
    securityCredential,
    shortcode: settings.PAYBILL_NUMBER,
    publicUrl: publicUrl.replace(/\/+$/, ''),
  };
}
