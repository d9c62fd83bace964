import { toDarajaTime } from '@/lib/rails/nairobi-time';
import { darajaPost, darajaSettings, type DarajaAnswer, type DarajaSettings } from './daraja-client';
import { StkProviderError, type PromptIds, type PromptRequest, type PromptResult, type StkProvider } from './provider';

/** Daraja's "still processing" answers to an STK query: the payer has not finished yet. */
const STILL_PROCESSING = new Set(['500.001.1001', '4999']);

/** Password = base64(shortcode + passkey + timestamp), as Daraja's M-Pesa Express documents it. */
export const stkPassword = (shortcode: string, passkey: string, timestamp: string) =>
  Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');

function credentials(settings: DarajaSettings) {
  const timestamp = toDarajaTime(new Date());
  return { BusinessShortCode: settings.shortcode, Password: stkPassword(settings.shortcode, settings.passkey, timestamp), Timestamp: timestamp };
}

const failure = (answer: DarajaAnswer) =>
  new StkProviderError(
    String(answer.body.errorCode ?? answer.body.ResponseCode ?? `http_${answer.status}`),
    String(answer.body.errorMessage ?? answer.body.ResponseDescription ?? 'Daraja did not accept the request.'),
    answer.status >= 400 && answer.status < 500,
  );

export const darajaProvider: StkProvider = {
  async initiate(request: PromptRequest): Promise<PromptIds> {
    const settings = darajaSettings();
    const answer = await darajaPost(settings, '/mpesa/stkpush/v1/processrequest', {
      ...credentials(settings),
      TransactionType: 'CustomerPayBillOnline',
      Amount: request.amount,
      PartyA: request.phone,
      PartyB: settings.shortcode,
      PhoneNumber: request.phone,
      CallBackURL: request.callbackUrl,
      AccountReference: request.accountReference.slice(0, 12),
      // Daraja documents TransactionDesc as 1 to 13 characters.
      TransactionDesc: request.description.slice(0, 13),
    });
    const { CheckoutRequestID, MerchantRequestID, ResponseCode } = answer.body;
    if (answer.status === 200 && String(ResponseCode) === '0' && typeof CheckoutRequestID === 'string') {
      return { checkoutRequestId: CheckoutRequestID, merchantRequestId: String(MerchantRequestID ?? '') };
    }
    throw failure(answer);
  },

  async query(checkoutRequestId: string): Promise<PromptResult | 'pending'> {
    const settings = darajaSettings();
    const answer = await darajaPost(settings, '/mpesa/stkpushquery/v1/query', { ...credentials(settings), CheckoutRequestID: checkoutRequestId });
    const { errorCode, ResultCode, ResultDesc } = answer.body;
    if (STILL_PROCESSING.has(String(errorCode)) || STILL_PROCESSING.has(String(ResultCode))) return 'pending';
    if (answer.status === 200 && ResultCode !== undefined && ResultCode !== null) {
      return { resultCode: String(ResultCode), resultDesc: String(ResultDesc ?? '') };
    }
    throw failure(answer);
  },
};
