import { balanceAmount, checkBalances, entryAmount } from './amounts';
import { channelFor, freeText, nairobiInstant, StatementFileError, type BankStatement, type StatementEntry } from './statement';

/**
 * SWIFT MT940 (customer statement), as banks send it: with or without the SWIFT envelope
 * (`{1:…}{2:…}{4:` … `-}`), several statements one after another, CRLF or LF. A careful line reader
 * rather than a package: the npm MT940 parsers are little used, and none reads the `:86:` convention
 * the virtual account number travels in (docs/reconciliation.md, "Statements"):
 *   :86:/CACT/1000000018/ORDP/Kamau Holdings Ltd/OACT/0123456789012/REMI/INV-42
 * CACT the creditor (virtual) account, ORDP the ordering party, OACT its account, REMI the remittance
 * text. An :86: without /CACT/ is all narration, and its credit has no account number.
 */
interface Field {
  tag: string;
  value: string;
  line: number;
}

const FIELD_START = /^:(\d{2}[A-Z]?):(.*)$/;
const BALANCE = /^([CD])(\d{6})([A-Z]{3})(\d{1,15},\d*)$/;
// value date, entry date, mark (RC/RD reverse a debit/credit), funds code, amount, type, references
const STATEMENT_LINE = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d{1,15},\d*)([SNF][A-Z0-9]{3})(.*)$/;
const INFORMATION_KEYS = /\/(CACT|ORDP|OACT|REMI)\//g;

export function parseMt940(content: string): BankStatement[] {
  const lines = content.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const messages = splitMessages(lines);
  if (messages.length === 0) throw new StatementFileError('The file is neither camt.053 XML nor MT940: no :20: field found.');
  return messages.map((fields, index) => readStatement(fields, index + 1));
}

/** Fields of each message; a line that starts no field continues the previous one. */
function splitMessages(lines: string[]): Field[][] {
  const messages: Field[][] = [];
  let current: Field[] | undefined;
  lines.forEach((raw, index) => {
    // The envelope's blocks and the end-of-text mark carry no statement data.
    const line = raw.replace(/^\{1:[^}]*\}(\{2:[^}]*\})?(\{3:(\{[^}]*\})*\})?\{4:/, '').replace(/^-\}.*$/, '').replace(/^\{5:.*$/, '');
    if (line.trim() === '' || line.trim() === '-') return;
    const start = FIELD_START.exec(line);
    if (start) {
      if (start[1] === '20') messages.push((current = []));
      if (!current) throw new StatementFileError(`Line ${index + 1}: field :${start[1]}: comes before the statement's :20: field.`);
      current.push({ tag: start[1]!, value: start[2]!, line: index + 1 });
    } else {
      const last = current?.at(-1);
      if (!last) throw new StatementFileError(`Line ${index + 1}: "${line.slice(0, 40)}" is not an MT940 field.`);
      last.value += `\n${line}`;
    }
  });
  return messages;
}

/** YYMMDD as an ISO date, refusing dates that do not exist. */
function isoDate(yymmdd: string, where: string): string {
  const iso = `20${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso) throw new StatementFileError(`${where}: ${yymmdd} is not a date.`);
  return iso;
}

const decimal = (swift: string) => swift.replace(',', '.').replace(/\.$/, '');

function readBalance(field: Field | undefined, where: string): { amount: string; currency: string } | null {
  if (!field) return null;
  const match = BALANCE.exec(field.value.trim());
  if (!match) throw new StatementFileError(`${where}, line ${field.line}: :${field.tag}: "${field.value}" is not a balance (C or D, YYMMDD, currency, amount).`);
  isoDate(match[2]!, `${where}, line ${field.line}`);
  const amount = balanceAmount(decimal(match[4]!), `${where}, line ${field.line}`);
  return { amount: match[1] === 'D' && amount !== '0' ? `-${amount}` : amount, currency: match[3]! };
}

function readStatement(fields: Field[], number: number): BankStatement {
  const one = (...tags: string[]) => fields.find((field) => tags.includes(field.tag));
  const reference = one('20')?.value.trim();
  const where = `Statement ${number}${reference ? ` (${reference})` : ''}`;
  const account = one('25')?.value.trim();
  const sequence = one('28C', '28')?.value.trim();
  if (!reference) throw new StatementFileError(`${where}: :20: is empty.`);
  if (!account) throw new StatementFileError(`${where}: :25: (the account) is missing.`);
  if (!sequence) throw new StatementFileError(`${where}: :28C: (the statement number) is missing.`);
  const opening = readBalance(one('60F', '60M'), where);
  const closing = readBalance(one('62F', '62M'), where);
  if (!opening) throw new StatementFileError(`${where}: :60F: (the opening balance) is missing.`);
  if (!closing) throw new StatementFileError(`${where}: :62F: (the closing balance) is missing.`);

  const entries: StatementEntry[] = [];
  fields.forEach((field, index) => {
    if (field.tag !== '61') return;
    const next = fields[index + 1];
    entries.push(readLine(field, next?.tag === '86' ? next : undefined, entries.length + 1, opening.currency, where));
  });
  const statement: BankStatement = {
    format: 'MT940',
    // The reference and the statement number together: a bank numbers its statements per account.
    statementId: `${reference}/${sequence}`,
    // "BIC/number" or the number alone.
    bankAccount: account.includes('/') ? account.slice(account.lastIndexOf('/') + 1) : account,
    currency: opening.currency,
    openingBalance: opening.amount,
    closingBalance: closing.amount,
    entries,
  };
  checkBalances(statement, where);
  return statement;
}

function readLine(field: Field, information: Field | undefined, position: number, currency: string, statement: string): StatementEntry {
  const where = `${statement}, line ${field.line} (:61: entry ${position})`;
  const [first = '', supplementary] = field.value.split('\n');
  const match = STATEMENT_LINE.exec(first.trim());
  if (!match) throw new StatementFileError(`${where}: "${first.trim()}" is not a statement line (value date, D/C mark, amount with a comma, type, references).`);
  const [, valueDate, entryDate, mark, , amountText, , references = ''] = match;
  const value = isoDate(valueDate!, where);
  const booked = entryDate ? bookingDate(value, entryDate, where) : value;
  const split = references.indexOf('//');
  const bankReference = split === -1 ? '' : references.slice(split + 2).trim();
  if (!bankReference) throw new StatementFileError(`${where}: no bank reference after "//", so the credit cannot be matched.`);

  const details = readInformation(information?.value);
  return {
    position,
    bankReference,
    direction: mark!.endsWith('C') ? 'CREDIT' : 'DEBIT',
    amount: entryAmount(decimal(amountText!), currency, where),
    currency,
    booked: true,
    reversal: mark!.startsWith('R'),
    bookedOn: booked,
    bookedAt: nairobiInstant(booked),
    accountNumber: freeText.account(details.CACT),
    payerName: freeText.name(details.ORDP),
    payerAccount: freeText.account(details.OACT),
    narration: freeText.narration(details.REMI ?? details.text ?? supplementary),
    channel: channelFor(currency, false),
  };
}

/** The entry date (MMDD) in the year that puts it nearest the value date (a statement can span New Year). */
function bookingDate(valueDate: string, mmdd: string, where: string): string {
  const year = Number(valueDate.slice(0, 4));
  const valueMonth = Number(valueDate.slice(5, 7));
  const month = Number(mmdd.slice(0, 2));
  const shift = valueMonth === 12 && month === 1 ? 1 : valueMonth === 1 && month === 12 ? -1 : 0;
  return isoDate(`${String(year + shift).slice(2)}${mmdd}`, where);
}

/** The :86: keys of our convention; text without them is returned whole as `text`. */
function readInformation(value: string | undefined): Partial<Record<'CACT' | 'ORDP' | 'OACT' | 'REMI' | 'text', string>> {
  // SWIFT wraps :86: at 65 characters, anywhere: the lines are one text.
  const joined = (value ?? '').split('\n').join('').trim();
  const markers = [...joined.matchAll(INFORMATION_KEYS)];
  if (markers.length === 0) return joined ? { text: joined } : {};
  const found: Partial<Record<'CACT' | 'ORDP' | 'OACT' | 'REMI', string>> = {};
  markers.forEach((marker, index) => {
    const start = marker.index + marker[0].length;
    const end = markers[index + 1]?.index ?? joined.length;
    found[marker[1] as 'CACT'] = joined.slice(start, end).replace(/\/$/, '').trim();
  });
  return found;
}
