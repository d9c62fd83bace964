import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { balanceAmount, checkBalances, entryAmount } from './amounts';
import { channelFor, freeText, nairobiInstant, StatementFileError, type BankStatement, type StatementEntry } from './statement';

/**
 * ISO 20022 camt.053 (BankToCustomerStatement), versions .001.02 to .001.13: the elements read here
 * kept their paths, except the debtor's name (`Dbtr/Nm` in .02, `Dbtr/Pty/Nm` from .08) and the
 * entry status (a code in .02, `Sts/Cd` from .08), which are read both ways.
 */
type Node = Record<string, unknown>;

// Elements that may repeat: always read as lists, so one and several look the same.
const REPEATED = new Set(['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Every value stays text: references such as 000123 and amounts such as 10.50 must not become numbers.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

const asNode = (value: unknown): Node | undefined => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined);
const list = (value: unknown): Node[] => (Array.isArray(value) ? value.map(asNode).filter((node): node is Node => !!node) : []);

/** The node at a path of element names, or undefined. */
function at(node: unknown, ...path: string[]): unknown {
  let current: unknown = node;
  for (const name of path) {
    const here = asNode(current);
    if (!here) return undefined;
    current = here[name];
  }
  return current;
}

/** An element's text (with or without attributes), or undefined when absent or empty. */
function text(node: unknown, ...path: string[]): string | undefined {
  const value = at(node, ...path);
  const raw = typeof value === 'string' ? value : typeof asNode(value)?.['#text'] === 'string' ? (asNode(value)!['#text'] as string) : undefined;
  return raw?.trim() || undefined;
}

/** An account: IBAN, or the bank's own number (`Othr/Id`). */
const accountId = (account: unknown) => text(account, 'Id', 'IBAN') ?? text(account, 'Id', 'Othr', 'Id');

/** DateAndDateTimeChoice: a date-time, or a date. */
const dateOrTime = (node: unknown) => text(node, 'DtTm') ?? text(node, 'Dt');

export function parseCamt053(xml: string): BankStatement[] {
  if (/<!DOCTYPE/i.test(xml)) throw new StatementFileError('The file declares a DOCTYPE, which camt.053 never has: refused (entity expansion).');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new StatementFileError(`The file is not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`);
  const document = asNode(parser.parse(xml))?.Document;
  const root = asNode(at(document, 'BkToCstmrStmt'));
  if (!root) throw new StatementFileError('The file is XML but not a camt.053 statement: no Document/BkToCstmrStmt element.');
  const namespace = asNode(document)?.['@_xmlns'];
  if (typeof namespace === 'string' && !namespace.startsWith('urn:iso:std:iso:20022:tech:xsd:camt.053.')) {
    throw new StatementFileError(`The file's namespace is ${namespace}, not camt.053.`);
  }
  const statements = list(root.Stmt);
  if (statements.length === 0) throw new StatementFileError('The camt.053 file holds no Stmt element.');
  return statements.map((statement, index) => readStatement(statement, index + 1));
}

function readStatement(statement: Node, number: number): BankStatement {
  const where = `Stmt ${number}`;
  const statementId = text(statement, 'Id');
  if (!statementId) throw new StatementFileError(`${where}: Id is missing.`);
  const bankAccount = accountId(statement.Acct);
  if (!bankAccount) throw new StatementFileError(`${where} (${statementId}): Acct/Id (IBAN or Othr/Id) is missing.`);
  const entries = list(statement.Ntry).map((entry, index) => readEntry(entry, index + 1, `${where} (${statementId}), Ntry ${index + 1}`));
  const currency = text(statement, 'Acct', 'Ccy') ?? entries[0]?.currency;
  if (!currency) throw new StatementFileError(`${where} (${statementId}): Acct/Ccy is missing and there is no entry to tell the currency.`);
  const other = entries.find((entry) => entry.currency !== currency);
  if (other) throw new StatementFileError(`${where} (${statementId}), Ntry ${other.position}: Amt is in ${other.currency}, the account in ${currency}.`);

  const balances = list(statement.Bal);
  const balance = (...codes: string[]) => {
    const found = balances.find((candidate) => codes.includes(text(candidate, 'Tp', 'CdOrPrtry', 'Cd') ?? ''));
    if (!found) return null;
    const amount = balanceAmount(text(found, 'Amt'), `${where} (${statementId}), Bal ${text(found, 'Tp', 'CdOrPrtry', 'Cd')}`);
    return text(found, 'CdtDbtInd') === 'DBIT' && amount !== '0' ? `-${amount}` : amount;
  };
  const read: BankStatement = {
    format: 'CAMT053',
    statementId,
    bankAccount,
    currency,
    // OPBD/CLBD are the booked balances; PRCD (the previous closing) stands for an opening one.
    openingBalance: balance('OPBD', 'PRCD'),
    closingBalance: balance('CLBD'),
    entries,
  };
  checkBalances(read, `${where} (${statementId})`);
  return read;
}

function readEntry(entry: Node, position: number, where: string): StatementEntry {
  const currency = asNode(entry.Amt)?.['@_Ccy'];
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) throw new StatementFileError(`${where}: Amt has no three-letter Ccy attribute.`);
  const amount = entryAmount(text(entry, 'Amt'), currency, where);
  const indicator = text(entry, 'CdtDbtInd');
  if (indicator !== 'CRDT' && indicator !== 'DBIT') throw new StatementFileError(`${where}: CdtDbtInd is "${indicator ?? ''}", not CRDT or DBIT.`);

  const details = list(entry.NtryDtls).flatMap((detail) => list(detail.TxDtls));
  // A batch booked as one entry cannot be matched credit by credit (see docs/reconciliation.md).
  if (details.length > 1) throw new StatementFileError(`${where}: one entry holds ${details.length} transactions (TxDtls); one entry per credit is expected.`);
  const transaction = details[0];
  const bankReference = text(entry, 'AcctSvcrRef') ?? text(transaction, 'Refs', 'AcctSvcrRef');
  if (!bankReference) throw new StatementFileError(`${where}: AcctSvcrRef is missing, so the credit cannot be matched.`);

  const status = text(entry, 'Sts') ?? text(entry, 'Sts', 'Cd');
  const parties = at(transaction, 'RltdPties');
  const booked = dateOrTime(entry.BookgDt) ?? dateOrTime(entry.ValDt);
  const subFamily = text(entry, 'BkTxCd', 'Domn', 'Fmly', 'SubFmlyCd');
  const proprietary = text(entry, 'BkTxCd', 'Prtry', 'Cd') ?? '';
  return {
    position,
    bankReference,
    direction: indicator === 'CRDT' ? 'CREDIT' : 'DEBIT',
    amount,
    currency,
    booked: status === 'BOOK',
    reversal: text(entry, 'RvslInd') === 'true',
    bookedOn: booked ? booked.slice(0, 10) : null,
    bookedAt: booked ? nairobiInstant(booked) : null,
    accountNumber: freeText.account(accountId(at(parties, 'CdtrAcct'))),
    payerName: freeText.name(text(parties, 'Dbtr', 'Nm') ?? text(parties, 'Dbtr', 'Pty', 'Nm')),
    payerAccount: freeText.account(accountId(at(parties, 'DbtrAcct'))),
    narration: freeText.narration(unstructured(transaction) ?? text(entry, 'AddtlNtryInf')),
    // ISO's PRCT (priority credit transfer) is how banks code an RTGS credit; some use a proprietary code.
    channel: channelFor(currency, subFamily === 'PRCT' || /RTGS/i.test(proprietary)),
  };
}

function unstructured(transaction: Node | undefined): string | undefined {
  const lines = (at(transaction, 'RmtInf', 'Ustrd') as unknown[] | undefined) ?? [];
  const joined = lines.map((line) => (typeof line === 'string' ? line : '')).join(' ').trim();
  return joined || undefined;
}
