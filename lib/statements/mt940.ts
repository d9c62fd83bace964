import { balanceAmount, checkBalances, entryAmount } from './amounts';
import { derivedReference, distinctReferences, givenReference } from './references';
import { channelFor, freeText, nairobiInstant, shown, StatementFileError, type BankStatement, type StatementEntry } from './statement';

/**
 * SWIFT MT940 (customer statement), as banks send it: with or without the SWIFT envelope
 * (`{1:…}{2:…}{4:` … `-}`, on one line or several), a leading SOH or byte-order mark, a bank's
 * preamble before the first `:20:` (ABN AMRO's and bunq's `ABNANL2A` / `940` / `ABNANL2A`,
 * Rabobank's `:940:`), several statements one after another, CRLF or LF, blank lines anywhere.
 * A careful line reader rather than a package: the npm MT940 parsers are little used, and none
 * reads the `:86:` convention the virtual account number travels in (docs/reconciliation.md):
 *   :86:/CACT/1000000018/ORDP/Kamau Holdings Ltd/OACT/0123456789012/REMI/INV-42
 * CACT the creditor (virtual) account, ORDP the ordering party, OACT its account, REMI the remittance
 * text. An :86: without /CACT/ is all narration, and its credit has no account number.
 */
interface Field {
  tag: string;
  value: string;
  line: number;
}

// SWIFT tags (two digits and an option letter) and the German banks' non-SWIFT :NS: field.
const FIELD_START = /^:(\d{2}[A-Z]?|NS):(.*)$/;
// Some banks pad the amount with zeros beyond 15 digits, and a few leave the currency out of :62M:.
const BALANCE = /^([CD])(\d{6})([A-Z]{3})?(\d+(?:,\d*)?)$/;
// Subfields 1–6 of :61: (value date, entry date, mark, funds code, amount, type), then the references.
// RC is the reversal of a credit (money out), RD the reversal of a debit (money in); EC/ED are the
// expected credit/debit some banks write in the same place.
// Knab writes the amount without a comma when it has no cents; Sberbank pads the type code with spaces.
const STATEMENT_LINE = /^(\d{6})(\d{4})?(RC|RD|EC|ED|C|D)([A-Z])?(\d{1,15}(?:,\d*)?)([SNF][A-Z0-9 ]{3})(.*)$/;
const INFORMATION_KEYS = /\/(CACT|ORDP|OACT|REMI)\//g;

/** Lines that only separate messages in files that bundle several. */
const SEPARATOR = /^(-|\$|@@)?$/;
/** Fields whose value runs over several lines; after any other, a stray line is a bank's header. */
const MULTILINE = new Set(['61', '86', 'NS']);
// ABN AMRO's and bunq's preamble before each statement: BIC, message type, BIC.
const PREAMBLE = /(^|\r?\n|\r)[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?[ \t]*(\r?\n|\r)94[02][ \t]*(\r?\n|\r)[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?[ \t]*(?=\r?\n|\r|$)/g;

/**
 * The text block(s) of the file as plain lines: the SWIFT envelope's header blocks, its end mark
 * `-}` and trailer `{5:…}` removed wherever lines break, and SOH/ETX framing at line ends dropped.
 */
function textLines(content: string): string[] {
  // Each removal keeps the line breaks it spans, so line numbers in sentences are the file's.
  const breaks = (removed: string) => removed.replace(/[^\r\n]/g, '');
  const unwrapped = content
    .replace(/^\uFEFF/, '')
    .replace(/\{[123]:(?:[^{}]|\{[^{}]*\})*\}/g, breaks)
    .replace(/\{4:/g, '')
    .replace(/(^|\r?\n|\r)-\}/g, '$1')
    .replace(/\{5:(?:[^{}]|\{[^{}]*\})*\}/g, breaks)
    .replace(PREAMBLE, breaks);
  return unwrapped.split(/\r\n|\n|\r/).map((line) => line.replace(/^\x01+/, '').replace(/\x03+$/, ''));
}

export function parseMt940(content: string): BankStatement[] {
  const messages = splitMessages(textLines(content));
  if (messages.length === 0) throw new StatementFileError('The file is neither camt.053 XML nor MT940: it holds no :20: field.');
  return messages.map((fields, index) => readStatement(fields, index + 1));
}

/** Fields of each message; a line that starts no field continues the previous one. */
function splitMessages(lines: string[]): Field[][] {
  const messages: Field[][] = [];
  let current: Field[] | undefined;
  lines.forEach((line, index) => {
    // Whatever comes before the first :20: is a bank's preamble or transmission header.
    const start = FIELD_START.exec(line);
    if (start?.[1] === '20') messages.push((current = []));
    if (!current) return;
    if (start) {
      current.push({ tag: start[1]!, value: start[2]!, line: index + 1 });
      return;
    }
    if (SEPARATOR.test(line.trim())) return;
    const last = current.at(-1)!;
    if (MULTILINE.has(last.tag)) last.value += `\n${line}`;
  });
  return messages;
}

/**
 * YYMMDD as an ISO date. German banks book interest on 30 February (the 30/360 day count): a day
 * 29 to 31 past its month's end is read as the month's last day; any other impossible date is refused.
 */
function isoDate(yymmdd: string, where: string): string {
  const [year, month, day] = [Number(yymmdd.slice(0, 2)) + 2000, Number(yymmdd.slice(2, 4)), Number(yymmdd.slice(4, 6))];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (!/^\d{6}$/.test(yymmdd) || month < 1 || month > 12 || day < 1 || day > 31) throw new StatementFileError(`${where}: ${shown(yymmdd)} is not a date`);
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

/** SWIFT's `1234,5` as `1234.5`, without the zeros some banks pad it with. */
const decimal = (swift: string) => swift.replace(',', '.').replace(/\.$/, '').replace(/^0+(?=\d)/, '');

function readBalance(field: Field | undefined, where: string): { amount: string; currency: string; date: string } | null {
  if (!field) return null;
  const match = BALANCE.exec(field.value.trim());
  if (!match) throw new StatementFileError(`${where}, line ${field.line}: :${field.tag}: ${shown(field.value.trim())} is not a balance (C or D, YYMMDD, currency, amount)`);
  const date = isoDate(match[2]!, `${where}, line ${field.line}`);
  const amount = balanceAmount(decimal(match[4]!), `${where}, line ${field.line}`);
  return { amount: match[1] === 'D' && amount !== '0' ? `-${amount}` : amount, currency: match[3] ?? '', date };
}

/** `:25:` as banks write it: `BIC/number`, `bank code/number`, an IBAN, an IBAN followed by its currency. */
const accountOf = (value: string) => value.replace(/\s+/g, '');

function readStatement(fields: Field[], number: number): BankStatement {
  const one = (...tags: string[]) => fields.find((field) => tags.includes(field.tag));
  const reference = one('20')!.value.trim();
  const where = `Statement ${number}${reference ? ` (${reference})` : ''}`;
  const account = accountOf(one('25')?.value ?? '');
  if (!account) throw new StatementFileError(`${where}: :25: (the account) is missing`);
  const statement: BankStatement = {
    format: 'MT940',
    statementId: reference,
    bankAccount: account,
    where,
    currency: '',
    openingBalance: null,
    closingBalance: null,
    openingDate: null,
    closingDate: null,
    entries: [],
    problem: null,
  };
  // The account is known: anything wrong from here on is said after the account has been checked.
  try {
    const sequence = one('28C', '28')?.value.trim();
    if (!reference) throw new StatementFileError(`${where}: :20: is empty`);
    if (!sequence) throw new StatementFileError(`${where}: :28C: (the statement number) is missing`);
    // The reference and the statement number together; the statement's identity adds its balances and entries.
    statement.statementId = `${reference}/${sequence}`;
    const opening = readBalance(one('60F', '60M'), where);
    const closing = readBalance(one('62F', '62M'), where);
    if (!opening && one('13D', '34F')) throw new StatementFileError(`${where}: an MT942 interim report, not an MT940 statement (it has no :60F: opening balance)`);
    if (!opening?.currency) throw new StatementFileError(`${where}: :60F: (the opening balance with its currency) is missing`);
    if (!closing) throw new StatementFileError(`${where}: :62F: (the closing balance) is missing`);
    Object.assign(statement, { currency: opening.currency, openingBalance: opening.amount, closingBalance: closing.amount, openingDate: opening.date, closingDate: closing.date });
    fields.forEach((field, index) => {
      if (field.tag !== '61') return;
      // Old Rabobank files give the information to the account owner as several :86: fields in a row.
      const information = [];
      for (let next = index + 1; fields[next]?.tag === '86'; next++) information.push(fields[next]!);
      const joined = information.length ? { ...information[0]!, value: information.map((part) => part.value).join('\n') } : undefined;
      statement.entries.push(readLine(field, joined, statement.entries.length + 1, opening.currency, where));
    });
    distinctReferences(statement.entries);
    checkBalances(statement, where);
  } catch (error) {
    if (!(error instanceof StatementFileError)) throw error;
    statement.problem = error;
  }
  return statement;
}

function readLine(field: Field, information: Field | undefined, position: number, currency: string, statement: string): StatementEntry {
  const place = `line ${field.line} (:61: entry ${position})`;
  const where = `${statement}, ${place}`;
  const [first = '', ...rest] = field.value.split('\n');
  const match = STATEMENT_LINE.exec(first.trim());
  if (!match) throw new StatementFileError(`${where}: ${shown(first.trim())} is not a statement line (value date, D/C mark, amount with a comma, type, references)`);
  const [, valueDate, entryDate, mark, , amountText, type, references = ''] = match;
  const value = isoDate(valueDate!, where);
  const booked = entryDate ? bookingDate(value, entryDate, where) : value;
  const split = references.indexOf('//');
  const customerReference = (split === -1 ? references : references.slice(0, split)).trim();
  const supplementary = rest.join(' ').trim();
  const details = readInformation(information?.value);
  // RD (a reversed debit) puts money back in; RC (a reversed credit) takes it out.
  const direction = mark === 'C' || mark === 'RD' || mark === 'EC' ? 'CREDIT' : 'DEBIT';
  const given = split === -1 ? null : givenReference(references.slice(split + 2).split(/\s/)[0]);
  return {
    position,
    place,
    // Without the bank's reference, one derived from everything the line says: see references.ts.
    bankReference:
      given ??
      derivedReference(currency, [value, booked, mark!, decimal(amountText!), type!, customerReference, supplementary, (information?.value ?? '').replace(/\s+/g, '')]),
    direction,
    amount: entryAmount(decimal(amountText!), currency, where),
    currency,
    // EC/ED announce money expected, not booked.
    booked: !mark!.startsWith('E'),
    reversal: mark!.startsWith('R'),
    skip: null,
    bookedOn: booked,
    bookedAt: nairobiInstant(booked),
    accountNumber: freeText.account(details.CACT),
    payerName: freeText.name(details.ORDP),
    payerAccount: freeText.account(details.OACT),
    narration: freeText.narration(details.REMI ?? details.text ?? (supplementary || null)),
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
