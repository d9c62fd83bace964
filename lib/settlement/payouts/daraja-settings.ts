import { config } from '@/lib/platform/config';
import type { DarajaSettings } from '@/lib/stk/daraja-client';

/** Where Daraja posts a payout's outcome; no "mpesa" in the paths, which Safaricom refuses in callback URLs. */
export const B2C_RESULT_PATH = '/rails/daraja/b2c/result';
export const B2C_TIMEOUT_PATH = '/rails/daraja/b2c/timeout';
export const B2B_RESULT_PATH = '/rails/daraja/b2b/result';
export const B2B_TIMEOUT_PATH = '/rails/daraja/b2b/timeout';
/** Where Daraja posts the answer to a payout's Transaction Status query (result never came). */
export const PAYOUT_STATUS_RESULT_PATH = '/rails/daraja/payout-status/result';
export const PAYOUT_STATUS_TIMEOUT_PATH = '/rails/daraja/payout-status/timeout';

export const B2C_PATH = '/mpesa/b2c/v3/paymentrequest';
export const B2B_PATH = '/mpesa/b2b/v1/paymentrequest';
export const TRANSACTION_STATUS_PATH = '/mpesa/transactionstatus/v1/query';

export interface PayoutSettings {
  client: DarajaSettings;
  initiator: string;
  /** The initiator's password RSA-encrypted with Safaricom's certificate, base64 (docs/rails.md, "Payouts"). */
  securityCredential: string;
  /** The shortcode the money leaves from: the paybill payers pay into (a "one account" paybill that also disburses). */
  shortcode: string;
  /** `https://…/api/v1`: the base of the ResultURL and QueueTimeOutURL. */
  callbackBase: string;
}

export class PayoutNotConfigured extends Error {}

/**
 * What sending M-Pesa payouts needs. Missing any of it, nothing is sent: the settlement fails at
 * once with this sentence (nothing left the service, so the money is back in `available`).
 */
export function payoutSettings(): PayoutSettings {
  const settings = config();
  const { DARAJA_CONSUMER_KEY: consumerKey, DARAJA_CONSUMER_SECRET: consumerSecret, DARAJA_INITIATOR_NAME: initiator, DARAJA_SECURITY_CREDENTIAL: securityCredential, PUBLIC_URL: publicUrl } = settings;
  if (!consumerKey || !consumerSecret || !initiator || !securityCredential || !publicUrl) {
    throw new PayoutNotConfigured(
      'M-Pesa payouts are not set up on this service: DARAJA_CONSUMER_KEY, DARAJA_CONSUMER_SECRET, DARAJA_INITIATOR_NAME, DARAJA_SECURITY_CREDENTIAL and PUBLIC_URL must be set.',
    );
  }
  const shortcode = settings.PAYBILL_NUMBER;
  return {
    // The passkey signs STK pushes only: B2C, B2B and Transaction Status authenticate with the initiator's credential.
    client: { baseUrl: settings.DARAJA_BASE_URL.replace(/\/+$/, ''), consumerKey, consumerSecret, shortcode, passkey: '' },
    initiator,
    securityCredential,
    shortcode,
    callbackBase: `${publicUrl.replace(/\/+$/, '')}/api/v1`,
  };
}
