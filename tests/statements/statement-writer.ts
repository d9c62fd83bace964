/**
 * Writes bank statements the way banks do, within what MT940 and camt.053 allow, from a model the
 * tests keep as the truth: which credits, debits and batches each statement holds.
 */
export interface Credit {
  kind: 'credit';
  /** The bank's reference; null when the bank gives none (MT940 without `//`, camt without AcctSvcrRef). */
  reference: string | null;
  cents: number;
  /** The virtual account named (`/CACT/` in MT940's :86:, CdtrAcct in camt). */
  account: string;
  /** Free text that makes the entry unique when it has no reference. */
  text: string;
  /** Its booking day when it is not the statement's (a statement covering several days). */
  day?: string;
}
export interface Debit {
  kind: 'debit';
  reference: string | null;
  cents: number;
  text: string;
}
/** A credit batch (camt: one Ntry with a TxDtls per part; MT940 has none, so one line per part). */
export interface Batch {
  kind: 'batch';
  reference: string;
  parts: { reference: string | null; endToEnd: string | null; cents: number; account: string }[];
}
export type Item = Credit | Debit | Batch;

export interface Statement {
  id: string;
  sequence: string;
  /** The collection account. */
  account: string;
  /** YYYY-MM-DD of the booking day. */
  day: string;
  openingCents: number;
  items: Item[];
}

export interface Mt940Options {
  envelope: boolean;
  soh: boolean;
  crlf: boolean;
  entryDate: boolean;
  fundsCode: boolean;
  trailingBlankLines: boolean;
  preamble: 'none' | 'abnamro' | 'rabobank';
  accountForm: 'plain' | 'bic' | 'currency';
}

export interface CamtOptions {
  version: '02' | '04' | '08' | '10';
  zone: boolean;
  status: 'absent' | 'text' | 'code';
  prefix: boolean;
  bom: boolean;
  indent: boolean;
}

const signed = (item: Item) => (item.kind === 'debit' ? -item.cents : item.kind === 'credit' ? item.cents : item.parts.reduce((sum, part) => sum + part.cents, 0));
export const closingCents = (statement: Statement) => statement.items.reduce((sum, item) => sum + signed(item), statement.openingCents);

const swiftAmount = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
const isoAmount = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const yymmdd = (day: string) => day.slice(2).replaceAll('-', '');
const balance = (cents: number) => `${cents < 0 ? 'D' : 'C'}`;

function mt940Statement(statement: Statement, options: Mt940Options): string[] {
  const date = yymmdd(statement.day);
  const lines: string[] = [];
  if (options.preamble === 'abnamro') lines.push('ABNANL2A', '940', 'ABNANL2A');
  const account = options.accountForm === 'bic' ? `DEMOKENXXXX/${statement.account}` : options.accountForm === 'currency' ? `${statement.account}KES` : statement.account;
  lines.push(`:20:${statement.id}`, `:25:${account}`, `:28C:${statement.sequence}`, `:60F:${balance(statement.openingCents)}${yymmdd(previousDay(statement.day))}KES${swiftAmount(Math.abs(statement.openingCents))}`);
  const line = (mark: 'C' | 'D', cents: number, type: string, reference: string | null, customer: string) =>
    `:61:${date}${options.entryDate ? date.slice(2) : ''}${mark}${options.fundsCode ? 'K' : ''}${swiftAmount(cents)}${type}${customer}${reference ? `//${reference}` : ''}`;
  for (const item of statement.items) {
    if (item.kind === 'credit') lines.push(line('C', item.cents, 'NTRF', item.reference, 'NONREF'), `:86:/CACT/${item.account}/REMI/${item.text}`);
    else if (item.kind === 'debit') lines.push(line('D', item.cents, 'NCHG', item.reference, 'NONREF'), `:86:${item.text}`);
    else for (const part of item.parts) lines.push(line('C', part.cents, 'NTRF', part.reference ?? `${item.reference}${part.endToEnd ?? ''}`, 'NONREF'), `:86:/CACT/${part.account}/REMI/BATCH ${item.reference}`);
  }
  const closing = closingCents(statement);
  lines.push(`:62F:${balance(closing)}${date}KES${swiftAmount(Math.abs(closing))}`);
  return lines;
}

function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

export function mt940(statements: Statement[], options: Mt940Options): Uint8Array {
  const lines: string[] = [];
  if (options.preamble === 'rabobank') lines.push(':940:');
  for (const statement of statements) {
    const body = mt940Statement(statement, options);
    if (options.envelope) lines.push('{1:F01DEMOKENXXXXX0000000000}', `{2:O940${'1200'}${yymmdd(statement.day)}DEMOKENXXXXX00000000002611211200N}`, '{4:', ...body, '-}');
    else lines.push(...body);
  }
  let text = lines.join(options.crlf ? '\r\n' : '\n');
  if (options.trailingBlankLines) text += options.crlf ? '\r\n\r\n\r\n' : '\n\n\n';
  if (options.soh) text = `\u0001${text}\u0003`;
  return new TextEncoder().encode(text);
}

export function camt053(statements: Statement[], options: CamtOptions): Uint8Array {
  const p = options.prefix ? 'c:' : '';
  const nl = options.indent ? '\n  ' : '';
  const element = (name: string, content: string, attributes = '') => `<${p}${name}${attributes}>${content}</${p}${name}>${nl}`;
  const day = (text: string) => element('Dt', options.zone ? `${text}+03:00` : text);
  const status = options.status === 'absent' ? '' : options.status === 'text' ? element('Sts', 'BOOK') : element('Sts', element('Cd', 'BOOK'));
  const name = (text: string) => (options.version === '02' ? element('Nm', text) : element('Pty', element('Nm', text)));
  const transaction = (reference: string | null, endToEnd: string | null, cents: number | null, account: string, payer: string, text: string) =>
    element(
      'TxDtls',
      element('Refs', (reference ? element('AcctSvcrRef', reference) : '') + element('EndToEndId', endToEnd ?? 'NOTPROVIDED')) +
        (cents === null ? '' : element('AmtDtls', element('TxAmt', element('Amt', isoAmount(cents), ' Ccy="KES"')))) +
        element('RltdPties', element('Dbtr', name(payer)) + element('CdtrAcct', element('Id', element('Othr', element('Id', account))))) +
        element('RmtInf', element('Ustrd', text)),
    );
  const entry = (indicator: 'CRDT' | 'DBIT', cents: number, reference: string | null, date: string, details: string, info = '') =>
    element(
      'Ntry',
      element('Amt', isoAmount(cents), ' Ccy="KES"') + element('CdtDbtInd', indicator) + status + element('BookgDt', day(date)) + element('ValDt', day(date)) +
        (reference ? element('AcctSvcrRef', reference) : '') + (details ? element('NtryDtls', details) : '') + (info ? element('AddtlNtryInf', info) : ''),
    );
  const bal = (code: string, cents: number, date: string) =>
    element('Bal', element('Tp', element('CdOrPrtry', element('Cd', code))) + element('Amt', isoAmount(Math.abs(cents)), ' Ccy="KES"') + element('CdtDbtInd', cents < 0 ? 'DBIT' : 'CRDT') + element('Dt', day(date)));
  const body = statements
    .map((statement) =>
      element(
        'Stmt',
        element('Id', statement.id) +
          element('ElctrncSeqNb', String(Number(statement.sequence.split('/')[0]) || 1)) +
          element('Acct', element('Id', element('Othr', element('Id', statement.account))) + element('Ccy', 'KES')) +
          bal('OPBD', statement.openingCents, statement.day) +
          bal('CLBD', closingCents(statement), statement.day) +
          statement.items
            .map((item) => {
              if (item.kind === 'credit') return entry('CRDT', item.cents, item.reference, item.day ?? statement.day, transaction(null, null, null, item.account, 'A Payer', item.text));
              if (item.kind === 'debit') return entry('DBIT', item.cents, item.reference, statement.day, '', item.text);
              const details = item.parts.map((part) => transaction(part.reference, part.endToEnd, part.cents, part.account, 'Batch Payer', `BATCH ${item.reference}`)).join('');
              return entry('CRDT', signed(item), item.reference, statement.day, element('Btch', element('NbOfTxs', String(item.parts.length))) + details);
            })
            .join(''),
      ),
    )
    .join('');
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n<${p}Document xmlns${options.prefix ? ':c' : ''}="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${options.version}">${nl}` +
    element('BkToCstmrStmt', element('GrpHdr', element('MsgId', `MSG-${statements[0]!.id}`) + element('CreDtTm', '2026-11-22T06:00:00+03:00')) + body) +
    `</${p}Document>\n`;
  return new TextEncoder().encode(options.bom ? `\uFEFF${xml}` : xml);
}
