import type { AppConfig } from '@/lib/platform/config';
import type { SendOutcome } from './outcome';

/**
 * Africa's Talking's bulk SMS API as its documentation describes it: POST {base}/version1/messaging,
 * form-encoded `username`, `to` (E.164 with "+", comma-separated), `message` and optional `from`
 * (sender id or short code), the key in the `apiKey` header, `Accept: application/json`. It answers
 * 201 with `SMSMessageData: {Message, Recipients: [{statusCode, number, status, cost, messageId}]}`,
 * one recipient per number; a wrong key answers 401 with a plain-text sentence.
 */
export const AT_LIVE_URL = 'https://api.africastalking.com';
export const AT_SANDBOX_URL = 'https://api.sandbox.africastalking.com';

interface Recipient {
  statusCode?: number;
  number?: string;
  status?: string;
  cost?: string;
  messageId?: string;
}

/** Accepted by Africa's Talking: 100 Processed, 101 Success, 102 Queued. */
const ACCEPTED = new Set([100, 101, 102]);
/**
 * Refusals that the same message to the same number would meet again: 402 InvalidSenderId, 403
 * InvalidPhoneNumber, 404 UnsupportedNumberType, 406 UserInBlacklist, 409 DoNotDisturbRejection.
 * The others (401 RiskHold, 405 InsufficientBalance, 407 CouldNotRoute, 500 InternalServerError,
 * 501 GatewayError, 502 RejectedByGateway) may pass later: the job queue tries again.
 */
const FINAL = new Set([402, 403, 404, 406, 409]);

export const atBaseUrl = (settings: AppConfig) => settings.AT_BASE_URL ?? (settings.AT_USERNAME === 'sandbox' ? AT_SANDBOX_URL : AT_LIVE_URL);

export async function sendAfricasTalkingSms(settings: AppConfig, phone: string, text: string): Promise<SendOutcome> {
  const form = new URLSearchParams({ username: settings.AT_USERNAME ?? '', to: `+${phone}`, message: text });
  if (settings.AT_SENDER_ID) form.set('from', settings.AT_SENDER_ID);
  let response: Response;
  try {
    response = await fetch(new URL('/version1/messaging', atBaseUrl(settings)), {
      method: 'POST',
      headers: { apiKey: settings.AT_API_KEY ?? '', accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(settings.MESSAGE_TIMEOUT_SECONDS * 1000),
    });
  } catch (error) {
    const timedOut = (error as { name?: string }).name === 'TimeoutError';
    return { kind: 'retry', error: timedOut ? `Africa's Talking did not answer within ${settings.MESSAGE_TIMEOUT_SECONDS} s.` : 'Africa\'s Talking could not be reached.' };
  }
  const body = await response.text().catch(() => '');
  // Their sentences are safe to keep (never our key), but only a line of them.
  const said = body.replace(/\s+/g, ' ').trim().slice(0, 160);
  if (response.status === 401) return { kind: 'retry', error: `Africa's Talking refused the credentials (401): check AT_USERNAME and AT_API_KEY. ${said}`.trim() };
  if (response.status >= 500 || response.status === 429) return { kind: 'retry', error: `Africa's Talking answered ${response.status}.` };
  if (response.status >= 400) return { kind: 'final', error: `Africa's Talking refused the message (${response.status}): ${said}` };

  let recipient: Recipient | undefined;
  let summary = '';
  try {
    const parsed = JSON.parse(body) as { SMSMessageData?: { Message?: string; Recipients?: Recipient[] } };
    summary = String(parsed.SMSMessageData?.Message ?? '').slice(0, 160);
    recipient = parsed.SMSMessageData?.Recipients?.[0];
  } catch {
    return { kind: 'retry', error: `Africa's Talking answered ${response.status} with a body that is not JSON.` };
  }
  // No recipient at all: the whole request was refused (an unknown sender id, say), its reason in Message.
  if (!recipient) return { kind: 'final', error: `Africa's Talking sent nothing: ${summary || 'no recipient in its answer'}.` };
  const code = Number(recipient.statusCode);
  if (ACCEPTED.has(code)) return { kind: 'sent', providerMessageId: recipient.messageId ?? null, cost: recipient.cost ?? null };
  const reason = `Africa's Talking: ${recipient.status ?? 'refused'} (${code}).`;
  return FINAL.has(code) ? { kind: 'final', error: reason } : { kind: 'retry', error: reason };
}
