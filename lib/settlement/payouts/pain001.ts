import { create } from 'xmlbuilder2';
import { fromUnits, toUnits } from '@/lib/money/decimal';
import { minorUnits } from '@/lib/money/currencies';

/**
 * ISO 20022 pain.001.001.09 (CustomerCreditTransferInitiation): the file the service's bank takes
 * to pay merchants from the collection accounts. Built with xmlbuilder2, which escapes every text
 * and attribute: no XML is ever put together from strings here.
 */
export const PAIN001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

export interface BankTransfer {
  /** The settlement's id: the EndToEndId (endToEndIdOf), quoted back by pain.002 and camt.053. */
  settlementId: string;
  /** Exact decimal text, above zero. */
  amount: string;
  currency: string;
  creditorName: string;
  creditorAccount: string;
  /** The creditor's bank: its name, its code (a national bank code, or a BIC) and branch code. */
  bankName: string | null;
  bankCode: string | null;
  branchCode: string | null;
}

export interface DebtorAccount {
  currency: string;
  /** The collection account the money leaves (collection_accounts.bank_account_number). */
  accountNumber: string;
}

export interface Pain001Batch {
  messageId: string;
  createdAt: Date;
  /** The day the bank is asked to execute the transfers (YYYY-MM-DD). */
  executionDate: string;
  initiatingParty: string;
  debtorName: string;
  /** The service's bank (the debtor agent), by its BIC. */
  debtorBic: string;
  debtors: DebtorAccount[];
  transfers: BankTransfer[];
}

/**
 * The EndToEndId of a settlement's transfer: its id without the hyphens. ISO 20022 allows 35
 * characters (Max35Text) and a UUID's text has 36; the 32 hex digits are the same id, and
 * settlementIdOf reads either form back.
 */
export const endToEndIdOf = (settlementId: string) => settlementId.replace(/-/g, '').toLowerCase();

/** The settlement id an EndToEndId names (with or without hyphens, any case), or undefined. */
export function settlementIdOf(endToEndId: string | undefined): string | undefined {
  const hex = (endToEndId ?? '').trim().replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) return undefined;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** ISO's Max…Text: printable text, cut to the length (control characters would not even be XML). */
const isoText = (text: string, length: number) =>
  text
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, length);

/** The amount as written: exact, with at least the currency's decimals (KES 990 → "990.00"), never rounded. */
export function isoAmount(amount: string, currency: string): string {
  const text = fromUnits(toUnits(amount));
  const [whole, fraction = ''] = text.split('.');
  const digits = Math.max(minorUnits[currency] ?? 2, fraction.length);
  return digits === 0 ? whole! : `${whole}.${fraction.padEnd(digits, '0')}`;
}

const sum = (transfers: BankTransfer[]) => fromUnits(transfers.reduce((total, transfer) => total + toUnits(transfer.amount), 0n));
/** CtrlSum: the plain sum of the amounts, exactly (ISO: a DecimalNumber, up to 17 digits and 18 decimals). */
const controlSum = (transfers: BankTransfer[]) => {
  const text = sum(transfers);
  return text.includes('.') ? text : `${text}.00`;
};

/** YYYY-MM-DDThh:mm:ss+03:00: the creation time in Nairobi, as the bank's cut-off times are. */
export function nairobiDateTime(at: Date): string {
  const local = new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 19);
  return `${local}+03:00`;
}

/**
 * The file: a group header (MsgId, CreDtTm, NbOfTxs, CtrlSum over every transfer), then one
 * payment information block per currency (its debtor is that currency's collection account), with
 * one credit transfer per settlement. BtchBookg false asks the bank to book each transfer on its
 * own, so that its camt.053 shows each with its EndToEndId (confirmation, docs/rails.md).
 */
export function writePain001(batch: Pain001Batch): string {
  const document = create({ version: '1.0', encoding: 'UTF-8' }).ele(PAIN001_NAMESPACE, 'Document');
  const root = document.ele('CstmrCdtTrfInitn');
  const header = root.ele('GrpHdr');
  header.ele('MsgId').txt(batch.messageId);
  header.ele('CreDtTm').txt(nairobiDateTime(batch.createdAt));
  header.ele('NbOfTxs').txt(String(batch.transfers.length));
  header.ele('CtrlSum').txt(controlSum(batch.transfers));
  header.ele('InitgPty').ele('Nm').txt(isoText(batch.initiatingParty, 140));

  const currencies = [...new Set(batch.transfers.map((transfer) => transfer.currency))].sort();
  for (const currency of currencies) {
    const debtor = batch.debtors.find((candidate) => candidate.currency === currency);
    if (!debtor) throw new Error(`No collection account holds ${currency}: its transfers cannot be paid.`);
    const transfers = batch.transfers.filter((transfer) => transfer.currency === currency);
    const block = root.ele('PmtInf');
    block.ele('PmtInfId').txt(`${batch.messageId.slice(0, 30)}-${currency}`);
    block.ele('PmtMtd').txt('TRF');
    block.ele('BtchBookg').txt('false');
    block.ele('NbOfTxs').txt(String(transfers.length));
    block.ele('CtrlSum').txt(controlSum(transfers));
    block.ele('ReqdExctnDt').ele('Dt').txt(batch.executionDate);
    block.ele('Dbtr').ele('Nm').txt(isoText(batch.debtorName, 140));
    const debtorAccount = block.ele('DbtrAcct');
    debtorAccount.ele('Id').ele('Othr').ele('Id').txt(isoText(debtor.accountNumber, 34));
    debtorAccount.ele('Ccy').txt(currency);
    block.ele('DbtrAgt').ele('FinInstnId').ele('BICFI').txt(batch.debtorBic);
    // The service bears the transfer charges: the merchant receives exactly the settlement's amount.
    block.ele('ChrgBr').txt('DEBT');
    for (const transfer of transfers) writeTransfer(block, transfer);
  }
  return document.end({ prettyPrint: true });
}

const BIC = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

type Element = ReturnType<ReturnType<typeof create>['ele']>;

function writeTransfer(block: Element, transfer: BankTransfer): void {
  const endToEndId = endToEndIdOf(transfer.settlementId);
  const item = block.ele('CdtTrfTxInf');
  const id = item.ele('PmtId');
  id.ele('InstrId').txt(endToEndId);
  id.ele('EndToEndId').txt(endToEndId);
  item.ele('Amt').ele('InstdAmt', { Ccy: transfer.currency }).txt(isoAmount(transfer.amount, transfer.currency));
  if (transfer.bankCode || transfer.bankName) {
    const agent = item.ele('CdtrAgt');
    const institution = agent.ele('FinInstnId');
    // A BIC goes where ISO keeps BICs; a national bank code (CBK's "68") is a clearing system member id.
    const code = transfer.bankCode?.trim().toUpperCase();
    if (code && BIC.test(code)) institution.ele('BICFI').txt(code);
    else if (code) institution.ele('ClrSysMmbId').ele('MmbId').txt(isoText(code, 35));
    if (transfer.bankName) institution.ele('Nm').txt(isoText(transfer.bankName, 140));
    if (transfer.branchCode) agent.ele('BrnchId').ele('Id').txt(isoText(transfer.branchCode, 35));
  }
  item.ele('Cdtr').ele('Nm').txt(isoText(transfer.creditorName, 140));
  item.ele('CdtrAcct').ele('Id').ele('Othr').ele('Id').txt(isoText(transfer.creditorAccount, 34));
  item.ele('RmtInf').ele('Ustrd').txt(isoText(`Settlement ${transfer.settlementId}`, 140));
}
