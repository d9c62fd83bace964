import type { DarajaSettings } from '@/lib/stk/daraja-client';
import { ask, refusal } from './daraja-call';
import { pullDate, pulledEntries, type PulledTransaction } from './pulled';

export const PULL_QUERY_PATH = '/pulltransactions/v1/query';
export const PULL_REGISTER_PATH = '/pulltransactions/v1/register';

/** Daraja's Pull Transactions answer codes: 1000 transactions fetched, 1001 none in the window (or past its end). */
const FETCHED = new Set(['0', '1000']);
const NONE = '1001';
/** Daraja documents HTTP 500 both for failures and for "the short code does not have any available transactions". */
const NOTHING_AVAILABLE = /no(t have any)? (available )?transactions/i;

/**
 * One page of Pull Transactions: the paybill's C2B transactions between two instants, from row
 * `offset` on (OffSetValue is a row offset, not a page number). An empty page ends the list.
 */
export async function pullPage(settings: DarajaSettings, window: { start: Date; end: Date }, offset: number): Promise<PulledTransaction[]> {
  const answer = await ask(settings, PULL_QUERY_PATH, {
    ShortCode: settings.shortcode,
    StartDate: pullDate(window.start),
    EndDate: pullDate(window.end),
    OffSetValue: String(offset),
  });
  const code = String(answer.body.ResponseCode ?? '');
  const message = String(answer.body.ResponseMessage ?? answer.body.errorMessage ?? '');
  if (answer.status === 200 && code === NONE) return [];
  if (answer.status === 500 && NOTHING_AVAILABLE.test(message)) return [];
  if (answer.status !== 200 || !FETCHED.has(code)) {
    const refused = refusal('the Pull Transactions query', answer);
    // Daraja answers an unregistered paybill as an invalid one.
    if (answer.body.errorCode === '400.001') refused.message += ' (is the paybill registered? npm run cli -- rails:pull-register)';
    throw refused;
  }
  return pulledEntries(answer.body.Response);
}

/**
 * Registers the paybill for Pull Transactions (once per shortcode, before any query): Daraja wants
 * a Safaricom number of the business and a URL for its notices.
 */
export async function registerPull(settings: DarajaSettings, nominatedNumber: string, callbackUrl: string) {
  const answer = await ask(settings, PULL_REGISTER_PATH, {
    ShortCode: settings.shortcode,
    RequestType: 'Pull',
    NominatedNumber: nominatedNumber,
    CallBackURL: callbackUrl,
  });
  // 1000 registered now, 1001 registered before: both leave the paybill registered.
  const status = String(answer.body.ResponseStatus ?? answer.body['Response Status'] ?? '');
  if (answer.status !== 200 || (status !== '1000' && status !== '1001')) throw refusal('the Pull Transactions registration', answer);
  return {
    shortCode: settings.shortcode,
    responseRefId: String(answer.body.ResponseRefID ?? ''),
    responseStatus: status,
    responseDescription: String(answer.body.ResponseDescription ?? answer.body['Response Description'] ?? ''),
  };
}
