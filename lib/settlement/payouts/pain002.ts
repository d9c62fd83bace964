import { SaxesParser } from 'saxes';
import { at, children, text, type XmlNode } from '@/lib/statements/xml-tree';

/**
 * ISO 20022 pain.002 (CustomerPaymentStatusReport), .001.10 and the versions whose paths are the
 * same (.001.03 to .001.14): the bank's word on each transfer of a pain.001 file. Read with saxes
 * (strict, maintained; a DOCTYPE is refused, so no entity expansion), into just enough of a tree.
 */
const PAIN002 = /^urn:iso:std:iso:20022:tech:xsd:pain\.002\.001\.\d{2}$/;

export class StatusReportError extends Error {}

export interface TransactionStatus {
  endToEndId: string;
  /** ACSC, ACCP, ACSP, PDNG, RJCT, … as the bank wrote it. */
  status: string;
  /** Rsn/Cd (or Rsn/Prtry) of each StsRsnInf, and its AddtlInf lines. */
  reasons: { code: string | null; text: string | null }[];
  /** The bank's own reference of the transfer, when given (AcctSvcrRef, else ClrSysRef). */
  bankReference: string | null;
}

export interface StatusReport {
  messageId: string | null;
  originalMessageId: string | null;
  /** GrpSts, when the bank gave one for the whole file. */
  groupStatus: string | null;
  transactions: TransactionStatus[];
}

function parseTree(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlNode[] = [];
  let root: XmlNode | undefined;
  parser.on('error', (error) => {
    throw new StatusReportError(`The file is not well-formed XML: ${error.message}`);
  });
  parser.on('doctype', () => {
    throw new StatusReportError('The file declares a DOCTYPE, which pain.002 never has: refused');
  });
  parser.on('opentag', (tag) => {
    if (stack.length === 0) {
      if (tag.local !== 'Document' || !PAIN002.test(tag.uri ?? '')) {
        throw new StatusReportError(`The file is not a pain.002 status report (root ${tag.local ?? tag.name} in ${tag.uri || 'no namespace'})`);
      }
    }
    const node: XmlNode = { name: tag.local ?? tag.name, attributes: {}, children: [], text: '' };
    stack.at(-1)?.children.push(node);
    stack.push(node);
    root ??= node;
  });
  const addText = (value: string) => {
    const top = stack.at(-1);
    if (top) top.text += value;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => void stack.pop());
  parser.write(xml).close();
  if (!root) throw new StatusReportError('The file is empty');
  return root;
}

function reasonsOf(node: XmlNode): TransactionStatus['reasons'] {
  return children(node, 'StsRsnInf').map((reason) => ({
    code: text(reason, 'Rsn', 'Cd') ?? text(reason, 'Rsn', 'Prtry') ?? null,
    text: children(reason, 'AddtlInf').map((line) => line.text.trim()).filter(Boolean).join(' ') || null,
  }));
}

/** The whole report, or StatusReportError naming what is wrong: nothing is applied from a file that is not right. */
export function parsePain002(xml: string): StatusReport {
  const root = parseTree(xml);
  const report = at(root, 'CstmrPmtStsRpt');
  if (!report) throw new StatusReportError('The pain.002 Document has no CstmrPmtStsRpt element');
  const transactions: TransactionStatus[] = [];
  for (const block of children(report, 'OrgnlPmtInfAndSts')) {
    for (const [index, transaction] of children(block, 'TxInfAndSts').entries()) {
      const endToEndId = text(transaction, 'OrgnlEndToEndId') ?? text(transaction, 'OrgnlTxRef', 'PmtId', 'EndToEndId');
      const status = text(transaction, 'TxSts');
      if (!endToEndId) throw new StatusReportError(`TxInfAndSts ${index + 1} of ${text(block, 'OrgnlPmtInfId') ?? 'a payment block'} has no OrgnlEndToEndId`);
      if (!status) throw new StatusReportError(`The transfer ${endToEndId} has no TxSts`);
      transactions.push({ endToEndId, status, reasons: reasonsOf(transaction), bankReference: text(transaction, 'AcctSvcrRef') ?? text(transaction, 'ClrSysRef') ?? null });
    }
  }
  const group = at(report, 'OrgnlGrpInfAndSts');
  return { messageId: text(report, 'GrpHdr', 'MsgId') ?? null, originalMessageId: text(group, 'OrgnlMsgId') ?? null, groupStatus: text(group, 'GrpSts') ?? null, transactions };
}

/** The ISO external status reason codes a bank most often gives for a credit transfer, in words. */
const REASONS: Record<string, string> = {
  AC01: 'incorrect account number',
  AC04: 'closed account number',
  AC06: 'blocked account',
  AG01: 'transaction forbidden on this account',
  AM04: 'insufficient funds',
  AM05: 'duplicate payment',
  BE01: 'the name does not match the account',
  MS03: 'reason not specified by the bank',
  RC01: 'bank identifier incorrect',
  RR04: 'regulatory reason',
};

/** "Rejected by the bank: AC04 closed account number (Account closed 2026-10-01)". */
export function rejectionReason(reasons: TransactionStatus['reasons']): string {
  const parts = reasons.map(({ code, text: detail }) => [code, code && REASONS[code], detail ? `(${detail})` : null].filter(Boolean).join(' ')).filter(Boolean);
  return `Rejected by the bank${parts.length ? `: ${parts.join('; ')}` : ''}.`;
}
