import { SaxesParser, type SaxesTagNS } from 'saxes';
import { balanceAmount, checkBalances, entryAmount, fromUnits } from './amounts';
import { toUnits } from '@/lib/money/decimal';
import { derivedReference, distinctReferences, givenReference } from './references';
import { channelFor, freeText, nairobiInstant, shown, StatementFileError, type BankStatement, type StatementEntry } from './statement';
import { at, children, text, type XmlNode } from './xml-tree';

/**
 * ISO 20022 camt.053 (BankToCustomerStatement), any version (.001.02 to .001.13): the elements read
 * here kept their paths, except the debtor's name (`Dbtr/Nm` in .02, `Dbtr/Pty/Nm` from .08) and the
 * entry status (a code in .02, `Sts/Cd` from .08, absent in some older files, meaning booked),
 * which are read both ways. The file is streamed through saxes (a strict, maintained XML parser):
 * only one statement's header and one entry are held as elements at a time, so a 50 MB file does
 * not become a gigabyte of objects.
 */
const CAMT053 = /^urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.\d{2}$/;
const ISO_MESSAGE = /^urn:iso:std:iso:20022:tech:xsd:([a-z]{4}\.\d{3}\.\d{3}\.\d{2})$/;
/** Characters fed to the parser at once. */
const CHUNK = 1 << 20;

function checkRoot(tag: SaxesTagNS): void {
  if (tag.local !== 'Document') throw new StatementFileError(`The file's root element is ${shown(tag.name)}, not the Document of a camt.053 statement`);
  const namespace = tag.uri ?? '';
  if (CAMT053.test(namespace)) return;
  if (!namespace) throw new StatementFileError('The file\'s Document declares no namespace, so it is not a camt.053 statement (urn:iso:std:iso:20022:tech:xsd:camt.053.001.NN)');
  const other = ISO_MESSAGE.exec(namespace);
  if (other) throw new StatementFileError(`The file is an ISO 20022 ${other[1]} message, not a camt.053 statement`);
  throw new StatementFileError(`The file's namespace ${shown(namespace)} is not camt.053's (urn:iso:std:iso:20022:tech:xsd:camt.053.001.NN)`);
}

/** One statement being read: its header elements, and its entries already read. */
interface Reading {
  node: XmlNode;
  number: number;
  entries: StatementEntry[];
  entryCount: number;
  problem: StatementFileError | null;
}

const statementWhere = (reading: Reading) => {
  const id = text(reading.node, 'Id');
  return `Stmt ${reading.number}${id ? ` (${id})` : ''}`;
};

/** An account: IBAN, or the bank's own number (`Othr/Id`). */
const accountId = (account: XmlNode | undefined) => text(account, 'Id', 'IBAN') ?? text(account, 'Id', 'Othr', 'Id');

export function parseCamt053(xml: string): BankStatement[] {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlNode[] = [];
  const statements: BankStatement[] = [];
  let reading: Reading | undefined;
  let sawBody = false;

  parser.on('error', (error) => {
    const located = /^(\d+):(\d+): (.*?)\.?$/.exec(error.message);
    throw new StatementFileError(located ? `The file is not well-formed XML: ${located[3]} (line ${located[1]}, column ${located[2]})` : `The file is not well-formed XML: ${error.message}`);
  });
  // camt never has one, and an internal subset is how entity expansion attacks come.
  parser.on('doctype', () => {
    throw new StatementFileError('The file declares a DOCTYPE, which camt.053 never has: refused (entity expansion)');
  });
  parser.on('opentag', (tag) => {
    if (stack.length === 0) checkRoot(tag);
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) if (attribute.prefix !== 'xmlns' && attribute.name !== 'xmlns') attributes[attribute.local] = attribute.value;
    const node: XmlNode = { name: tag.local ?? tag.name, attributes, children: [], text: '' };
    if (stack.length === 1 && node.name === 'BkToCstmrStmt') sawBody = true;
    if (stack.length === 2 && node.name === 'Stmt' && stack[1]?.name === 'BkToCstmrStmt') {
      reading = { node, number: statements.length + 1, entries: [], entryCount: 0, problem: null };
    }
    stack.push(node);
  });
  const addText = (value: string) => {
    const top = stack.at(-1);
    if (top) top.text += value;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    const node = stack.pop()!;
    const parent = stack.at(-1);
    if (reading && node === reading.node) {
      statements.push(readStatement(reading));
      reading = undefined;
      return;
    }
    // An entry is read as soon as it closes, and only what was read from it is kept.
    if (reading && parent === reading.node && node.name === 'Ntry') {
      reading.entryCount += 1;
      if (!reading.problem) {
        try {
          for (const read of readEntry(node, reading, reading.entryCount)) {
            read.position = reading.entries.length + 1;
            reading.entries.push(read);
          }
        } catch (error) {
          if (!(error instanceof StatementFileError)) throw error;
          reading.problem = error;
        }
      }
      return;
    }
    parent?.children.push(node);
  });

  for (let start = 0; start < xml.length; start += CHUNK) parser.write(xml.slice(start, start + CHUNK));
  parser.close();
  if (!sawBody) throw new StatementFileError('The file is a camt.053 Document without a BkToCstmrStmt element');
  if (statements.length === 0) throw new StatementFileError('The camt.053 file holds no Stmt element');
  return statements;
}

const dateOf = (node: XmlNode | undefined) => (text(node, 'Dt') ?? text(node, 'DtTm'))?.slice(0, 10) ?? null;

function readStatement(reading: Reading): BankStatement {
  const where = statementWhere(reading);
  const statementId = text(reading.node, 'Id');
  if (!statementId) throw new StatementFileError(`${where}: Id is missing`);
  const bankAccount = accountId(at(reading.node, 'Acct'));
  if (!bankAccount) throw new StatementFileError(`${where}: Acct/Id (IBAN or Othr/Id) is missing`);
  const balances = children(reading.node, 'Bal');
  const statement: BankStatement = {
    format: 'CAMT053',
    statementId,
    bankAccount: bankAccount.replace(/\s+/g, ''),
    where,
    currency: text(reading.node, 'Acct', 'Ccy') ?? reading.entries[0]?.currency ?? at(balances[0], 'Amt')?.attributes.Ccy ?? '',
    openingBalance: null,
    closingBalance: null,
    openingDate: null,
    closingDate: null,
    entries: reading.entries,
    problem: reading.problem,
  };
  if (statement.problem) return statement;
  // The account is known: anything wrong from here on is said after the account has been checked.
  try {
    if (!statement.currency) throw new StatementFileError(`${where}: Acct/Ccy is missing and there is nothing else to tell the currency`);
    const other = statement.entries.find((entry) => entry.currency !== statement.currency);
    if (other) throw new StatementFileError(`${where}, ${other.place}: Amt is in ${other.currency}, the account in ${statement.currency}`);
    const balance = (...codes: string[]) => {
      const found = balances.find((candidate) => codes.includes(text(candidate, 'Tp', 'CdOrPrtry', 'Cd') ?? ''));
      if (!found) return null;
      const amount = balanceAmount(text(found, 'Amt'), `${where}, Bal ${text(found, 'Tp', 'CdOrPrtry', 'Cd')}`);
      return { amount: text(found, 'CdtDbtInd') === 'DBIT' && amount !== '0' ? `-${amount}` : amount, date: dateOf(at(found, 'Dt')) };
    };
    // OPBD/CLBD are the booked balances; PRCD (the previous closing) stands for an opening one.
    const opening = balance('OPBD', 'PRCD');
    const closing = balance('CLBD');
    Object.assign(statement, { openingBalance: opening?.amount ?? null, openingDate: opening?.date ?? null, closingBalance: closing?.amount ?? null, closingDate: closing?.date ?? null });
    distinctReferences(statement.entries);
    checkBalances(statement, where);
  } catch (error) {
    if (!(error instanceof StatementFileError)) throw error;
    statement.problem = error;
  }
  return statement;
}

/** DateAndDateTimeChoice: a date-time, or a date (either may carry a zone). */
const dateOrTime = (node: XmlNode | undefined) => text(node, 'DtTm') ?? text(node, 'Dt');

function unstructured(transaction: XmlNode | undefined): string | undefined {
  const lines = children(at(transaction, 'RmtInf'), 'Ustrd').map((line) => line.text.trim());
  return lines.join(' ').trim() || undefined;
}

/** A transaction's own amount, when it gives one in the entry's currency. */
function transactionAmount(transaction: XmlNode, currency: string, where: string): string | undefined {
  const amount = at(transaction, 'Amt') ?? at(transaction, 'AmtDtls', 'TxAmt', 'Amt');
  if (!amount || amount.attributes.Ccy !== currency) return undefined;
  return entryAmount(amount.text, currency, where);
}

/**
 * What an entry says, as the same text in every camt version (a name under `Dbtr/Nm` or
 * `Dbtr/Pty/Nm`, a status or none, a date with a zone or without): the content a derived
 * reference is made of, so that a re-export in another version derives the same one.
 */
function entryContent(entry: XmlNode, details: XmlNode[]): (string | undefined)[] {
  const dated = (node: XmlNode | undefined) => dateOrTime(node)?.slice(0, 10);
  const transaction = (detail: XmlNode) => {
    const parties = at(detail, 'RltdPties');
    const references = ['MsgId', 'PmtInfId', 'InstrId', 'EndToEndId', 'TxId', 'AcctSvcrRef'].map((name) => text(detail, 'Refs', name));
    return [...references, text(parties, 'Dbtr', 'Nm') ?? text(parties, 'Dbtr', 'Pty', 'Nm'), accountId(at(parties, 'DbtrAcct')), accountId(at(parties, 'CdtrAcct')), unstructured(detail)].join('|');
  };
  return [text(entry, 'CdtDbtInd'), text(entry, 'Amt'), text(entry, 'RvslInd'), dated(at(entry, 'BookgDt')), dated(at(entry, 'ValDt')), text(entry, 'NtryRef'), text(entry, 'AddtlNtryInf'), ...details.map(transaction)];
}

const unique = <T>(values: T[], value: T) => values.filter((candidate) => candidate === value).length === 1;

/**
 * One Ntry as the entries the service reads: one, or for a credit booked as a batch (several
 * TxDtls, each with its amount) one per transaction, whose amounts must add up to the entry's.
 */
function readEntry(entry: XmlNode, reading: Reading, number: number): StatementEntry[] {
  const where = `${statementWhere(reading)}, Ntry ${number}`;
  const currency = at(entry, 'Amt')?.attributes.Ccy;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) throw new StatementFileError(`${where}: Amt has no three-letter Ccy attribute`);
  const amount = entryAmount(text(entry, 'Amt'), currency, where);
  const indicator = text(entry, 'CdtDbtInd');
  if (indicator !== 'CRDT' && indicator !== 'DBIT') throw new StatementFileError(`${where}: CdtDbtInd is ${shown(indicator ?? '')}, not CRDT or DBIT`);
  const status = text(entry, 'Sts', 'Cd') ?? text(entry, 'Sts');
  const booked = dateOrTime(at(entry, 'BookgDt')) ?? dateOrTime(at(entry, 'ValDt'));
  const entryReference = givenReference(text(entry, 'AcctSvcrRef'));
  const details = children(entry, 'NtryDtls').flatMap((detail) => children(detail, 'TxDtls'));
  const derived = () => derivedReference(currency, entryContent(entry, details));

  const base = {
    currency,
    // Older versions leave Sts out: an entry on a statement is booked unless it says otherwise.
    booked: status === undefined || status === 'BOOK',
    reversal: text(entry, 'RvslInd') === 'true',
    bookedOn: booked ? booked.slice(0, 10) : null,
    bookedAt: booked ? nairobiInstant(booked) : null,
  };
  const read = (transaction: XmlNode | undefined, fields: { place: string; bankReference: string; direction: StatementEntry['direction']; amount: string; skip: string | null }): StatementEntry => {
    const parties = at(transaction, 'RltdPties');
    const code = at(transaction, 'BkTxCd') ?? at(entry, 'BkTxCd');
    const returned = at(transaction, 'RtrInf');
    return {
      ...base,
      ...fields,
      // Settlement payouts (lib/settlement/payouts/statement-payouts.ts): a debit batch names each of its transfers.
      endToEndIds: (transaction ? [transaction] : details).flatMap((detail) => text(detail, 'Refs', 'EndToEndId') ?? []),
      ...(returned ? { returnReason: [text(returned, 'Rsn', 'Cd') ?? text(returned, 'Rsn', 'Prtry'), ...children(returned, 'AddtlInf').map((line) => line.text.trim())].filter(Boolean).join(' ') } : {}),
      // Numbered in the statement's order when the entry is added to it.
      position: 0,
      accountNumber: freeText.account(accountId(at(parties, 'CdtrAcct'))),
      payerName: freeText.name(text(parties, 'Dbtr', 'Nm') ?? text(parties, 'Dbtr', 'Pty', 'Nm')),
      payerAccount: freeText.account(accountId(at(parties, 'DbtrAcct'))),
      narration: freeText.narration(unstructured(transaction) ?? text(transaction, 'AddtlTxInf') ?? text(entry, 'AddtlNtryInf')),
      // ISO's PRCT (priority credit transfer) is how banks code an RTGS credit; some use a proprietary code.
      channel: channelFor(currency, text(code, 'Domn', 'Fmly', 'SubFmlyCd') === 'PRCT' || /RTGS/i.test(text(code, 'Prtry', 'Cd') ?? '')),
    };
  };
  const place = `Ntry ${number}`;
  const direction = indicator === 'CRDT' ? 'CREDIT' : 'DEBIT';
  const single = (skip: string | null) => [
    read(details.length === 1 ? details[0] : undefined, {
      place,
      bankReference: entryReference ?? givenReference(text(details[0], 'Refs', 'AcctSvcrRef')) ?? derived(),
      direction,
      amount,
      skip,
    }),
  ];
  if (direction === 'DEBIT') return single(details.length > 1 ? `A debit booked as a batch of ${details.length} transactions: the service only collects.` : null);
  if (details.length <= 1) return single(null);

  // A batch of credits: one credit per transaction, when each says its amount in the entry's currency.
  const amounts = details.map((transaction, index) => transactionAmount(transaction, currency, `${where}, TxDtls ${index + 1}`));
  // Without each transaction's amount the batch cannot be split: kept whole, as the bank booked it.
  if (amounts.some((part) => part === undefined)) return single(null);
  const signs = details.map((transaction) => (text(transaction, 'CdtDbtInd') === 'DBIT' ? -1n : 1n));
  const total = amounts.reduce((sum, part, index) => sum + signs[index]! * toUnits(part!), 0n);
  if (total !== toUnits(amount)) {
    throw new StatementFileError(`${where}: its ${details.length} transactions (TxDtls) add up to ${fromUnits(total)}, not to the entry's amount ${amount}, so the file is damaged`);
  }
  const own = details.map((transaction) => givenReference(text(transaction, 'Refs', 'AcctSvcrRef')));
  const endToEnd = details.map((transaction) => givenReference(text(transaction, 'Refs', 'EndToEndId')));
  const batchReference = entryReference ?? derived();
  return details.map((transaction, index) => {
    const reference = own[index] && own[index] !== entryReference && unique(own, own[index]) ? own[index] : null;
    const payers = endToEnd[index] && unique(endToEnd, endToEnd[index]) ? `${batchReference}/${endToEnd[index]}` : null;
    return read(transaction, {
      place: `${place}, TxDtls ${index + 1}`,
      bankReference: reference ?? payers ?? `${batchReference}/${index + 1}`,
      direction: signs[index] === -1n ? 'DEBIT' : 'CREDIT',
      amount: amounts[index]!,
      skip: null,
    });
  });
}
