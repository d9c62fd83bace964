import { kenyanMobile } from '@/lib/platform/phone';
import { mpesaCallbackSecret } from '@/lib/rails/secrets';
import type { SettlementAccountRow, SettlementRow } from '../schema';
import { B2B_PATH, B2B_RESULT_PATH, B2B_TIMEOUT_PATH, B2C_PATH, B2C_RESULT_PATH, B2C_TIMEOUT_PATH, type PayoutSettings } from './daraja-settings';

/** Daraja's Remarks is 2 to 100 characters; B2B's AccountReference at most 13. */
const remarks = (settlement: SettlementRow) => `Settlement ${settlement.id}`.slice(0, 100);

/** M-Pesa moves whole shillings only: the amount as Daraja's number, or undefined when it has cents. */
export function wholeShillings(amount: string): number | undefined {
  const [whole, fraction = ''] = amount.split('.');
  if (/[1-9]/.test(fraction)) return undefined;
  return Number(whole);
}

export interface PayoutRequest {
  path: string;
  body: Record<string, unknown>;
}

/**
 * The request as Safaricom documents it (docs/rails.md, "Payouts"): B2C v3 BusinessPayment to the
 * phone, or B2B BusinessPayBill to the paybill and its account. B2C v3 takes our own
 * OriginatorConversationID: the settlement's id, so its Result and a Transaction Status query name
 * the settlement even when the acknowledgement was lost.
 */
export async function payoutRequest(settings: PayoutSettings, settlement: SettlementRow, account: SettlementAccountRow, amount: number): Promise<PayoutRequest> {
  const token = `?token=${encodeURIComponent(await mpesaCallbackSecret())}`;
  const url = (path: string) => `${settings.callbackBase}${path}${token}`;
  if (settlement.rail === 'MPESA_B2C') {
    return {
      path: B2C_PATH,
      body: {
        OriginatorConversationID: settlement.id,
        InitiatorName: settings.initiator,
        SecurityCredential: settings.securityCredential,
        CommandID: 'BusinessPayment',
        Amount: amount,
        PartyA: settings.shortcode,
        PartyB: kenyanMobile(account.phone ?? '') ?? account.phone ?? '',
        Remarks: remarks(settlement),
        QueueTimeOutURL: url(B2C_TIMEOUT_PATH),
        ResultURL: url(B2C_RESULT_PATH),
        Occassion: settlement.id,
      },
    };
  }
  return {
    path: B2B_PATH,
    body: {
      Initiator: settings.initiator,
      SecurityCredential: settings.securityCredential,
      CommandID: 'BusinessPayBill',
      // "4": both sides are organisation shortcodes (Daraja spells the receiver's field this way).
      SenderIdentifierType: '4',
      RecieverIdentifierType: '4',
      Amount: amount,
      PartyA: settings.shortcode,
      PartyB: account.paybill ?? '',
      AccountReference: (account.accountReference ?? '').slice(0, 13),
      Remarks: remarks(settlement),
      QueueTimeOutURL: url(B2B_TIMEOUT_PATH),
      ResultURL: url(B2B_RESULT_PATH),
    },
  };
}
