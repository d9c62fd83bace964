import { currencyText, toUnits } from '@/lib/money/decimal';
import { crc16CcittFalse } from './crc';
import { standardText } from './text';
import { dataObject, template } from './tlv';

/**
 * The data objects of a KE-QR code (Central Bank of Kenya, KE-QR Code Standard 2023, on EMVCo QR
 * Code Specification for Payment Systems, Merchant-Presented Mode). docs/payers.md says where each
 * choice comes from.
 */
export const KE_QR = {
  payloadFormat: '00',
  initiation: '01',
  /** Merchant account information, payment service providers (mobile money): M-Pesa's paybill. */
  pspAccount: '28',
  categoryCode: '52',
  currency: '53',
  amount: '54',
  country: '58',
  name: '59',
  city: '60',
  additionalData: '62',
  crc: '63',
} as const;

/** Inside the account template: the GUID, then the paybill (Safaricom's entry) and the account typed at it. */
export const ACCOUNT_TEMPLATE = { guid: '00', paybill: '01', account: '02' } as const;
/** Inside the additional data template (EMVCo: 01 bill number). */
export const ADDITIONAL_DATA = { billNumber: '01' } as const;

export const KE_QR_GUID = 'ke.go.qr';
export const STATIC = '11';
export const DYNAMIC = '12';
export const KES_NUMERIC = '404';
export const MAX_NAME = 25;
export const MAX_BILL_NUMBER = 25;

export type KeQrKind = 'STATIC' | 'DYNAMIC';

export interface KeQrInput {
  paybillNumber: string;
  /** What the payer types as the Pay Bill account number (the account, then #reference for a bill paid into it). */
  accountEntry: string;
  merchantName: string;
  /** Said when the merchant's name has nothing the standard can write (a name in a script with no Latin form). */
  fallbackName: string;
  merchantCategoryCode: string;
  city: string;
  /** An open bill: what is still due (exact decimal text) and its reference. Absent: a static code. */
  bill?: { amountDue: string; reference: string } | null;
}

/** Shillings as EMVCo writes an amount: digits, a point and the cents only when there are cents. */
export function keQrAmount(amount: string): string {
  const units = toUnits(amount);
  if (units <= 0n) throw new Error('KE-QR: a bill code needs an amount above zero');
  const text = currencyText(units, 'KES');
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

export function keQrPayload(input: KeQrInput): { payload: string; kind: KeQrKind } {
  const { bill } = input;
  const body = [
    dataObject(KE_QR.payloadFormat, '01'),
    dataObject(KE_QR.initiation, bill ? DYNAMIC : STATIC),
    template(KE_QR.pspAccount, [
      [ACCOUNT_TEMPLATE.guid, KE_QR_GUID],
      [ACCOUNT_TEMPLATE.paybill, input.paybillNumber],
      [ACCOUNT_TEMPLATE.account, input.accountEntry],
    ]),
    dataObject(KE_QR.categoryCode, input.merchantCategoryCode),
    dataObject(KE_QR.currency, KES_NUMERIC),
    bill ? dataObject(KE_QR.amount, keQrAmount(bill.amountDue)) : '',
    dataObject(KE_QR.country, 'KE'),
    dataObject(KE_QR.name, standardText(input.merchantName, MAX_NAME) || standardText(input.fallbackName, MAX_NAME)),
    dataObject(KE_QR.city, standardText(input.city, 15)),
    // EMVCo's bill number holds 25 characters; a longer reference is never cut (a cut one would not
    // match): it still travels whole in the account typed at the paybill.
    bill && bill.reference.length <= MAX_BILL_NUMBER ? template(KE_QR.additionalData, [[ADDITIONAL_DATA.billNumber, bill.reference]]) : '',
  ].join('');
  // The CRC covers everything before its value, its own ID and length included.
  const withCrcHeader = `${body}${KE_QR.crc}04`;
  return { payload: `${withCrcHeader}${crc16CcittFalse(withCrcHeader)}`, kind: bill ? 'DYNAMIC' : 'STATIC' };
}
