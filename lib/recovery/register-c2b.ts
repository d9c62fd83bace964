import { z } from 'zod';
import { config } from '@/lib/platform/config';
import { mpesaCallbackSecret } from '@/lib/rails/secrets';
import type { DarajaSettings } from '@/lib/stk/daraja-client';
import { ask, refusal } from './daraja-call';
import { pullSettings } from './daraja-settings';
import { RecoveryError } from './errors';

/**
 * Daraja's C2B Register URL API, in its two versions. v2 is the one Safaricom's portal issues to new
 * apps; its confirmations carry the payer's MSISDN masked or hashed, v1's in full (docs/rails.md).
 * The service reads both bodies the same way.
 */
export const C2B_REGISTER_PATHS = { v1: '/mpesa/c2b/v1/registerurl', v2: '/mpesa/c2b/v2/registerurl' } as const;
export const C2bApiVersion = z.enum(['v1', 'v2']);
/** What M-Pesa does when our validation cannot be reached: complete the payment, or cancel it. Sentence case, as Daraja insists. */
export const C2bResponseType = z.enum(['Completed', 'Cancelled']);

const C2B_PATH = '/api/v1/rails/daraja/c2b';
/** Daraja answers a second registration of a production shortcode with this error. */
const ALREADY_REGISTERED = '500.003.1001';

function registrationSettings(): DarajaSettings & { publicUrl: string } {
  const { PUBLIC_URL, DARAJA_CONSUMER_KEY, DARAJA_CONSUMER_SECRET } = config();
  if (!DARAJA_CONSUMER_KEY || !DARAJA_CONSUMER_SECRET) throw new RecoveryError('not_configured', 'Registering the C2B URLs needs DARAJA_CONSUMER_KEY and DARAJA_CONSUMER_SECRET.');
  if (!PUBLIC_URL) throw new RecoveryError('not_configured', 'Registering the C2B URLs needs PUBLIC_URL: the https origin Safaricom will call.');
  return { ...pullSettings(), publicUrl: PUBLIC_URL.replace(/\/+$/, '') };
}

/**
 * Registers the paybill's confirmation and validation URLs with Daraja (both carry the callback
 * secret as `token`). The answer printed names them with the secret left out: it is never echoed.
 */
export async function registerC2bUrls(options: { responseType: z.infer<typeof C2bResponseType>; apiVersion: z.infer<typeof C2bApiVersion> }) {
  const settings = registrationSettings();
  const token = encodeURIComponent(await mpesaCallbackSecret());
  const url = (step: 'confirmation' | 'validation', secret: string) => `${settings.publicUrl}${C2B_PATH}/${step}?token=${secret}`;
  const answer = await ask(settings, C2B_REGISTER_PATHS[options.apiVersion], {
    ShortCode: settings.shortcode,
    ResponseType: options.responseType,
    ConfirmationURL: url('confirmation', token),
    ValidationURL: url('validation', token),
  });
  if (answer.status !== 200 || String(answer.body.ResponseCode ?? '') !== '0') {
    const refused = refusal('the C2B URL registration', answer);
    if (answer.body.errorCode === ALREADY_REGISTERED) {
      refused.message += ' (a production shortcode registers its URLs once: delete them under URL Management on the Daraja portal, then register again)';
    }
    throw refused;
  }
  return {
    shortCode: settings.shortcode,
    apiVersion: options.apiVersion,
    responseType: options.responseType,
    confirmationUrl: url('confirmation', '<MPESA_CALLBACK_SECRET>'),
    validationUrl: url('validation', '<MPESA_CALLBACK_SECRET>'),
    // Daraja spells it "OriginatorCoversationID" in this answer (sic); either spelling is read.
    originatorConversationId: String(answer.body.OriginatorCoversationID ?? answer.body.OriginatorConversationID ?? ''),
    responseCode: '0',
    responseDescription: String(answer.body.ResponseDescription ?? ''),
  };
}
