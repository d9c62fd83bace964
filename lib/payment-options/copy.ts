/**
 * Payer-facing instructions, one builder per channel. Pure functions of what the payer must
 * type, so that the wording is tested on its own and reused by the public payer page.
 */
export interface CopyInput {
  accountNumber: string;
  accountName: string;
  /** What the payer quotes so that the payment is matched; null when the account number suffices. */
  reference: string | null;
  /** The amount to pay, already formatted (e.g. "KES 1,500.00"); null when the payer chooses. */
  amount: string | null;
  paybillNumber: string;
  paybillName: string;
  bankName: string;
  bankBranch: string;
  swiftCode: string;
}

/** The narration an RTGS transfer carries: the account number, then the reference when there is one. */
export const rtgsNarration = (input: Pick<CopyInput, 'accountNumber' | 'reference'>) =>
  input.reference ? `${input.accountNumber} ${input.reference}` : input.accountNumber;

/**
 * What an M-Pesa payer types as the paybill's account number: the account number, then `#` and
 * the reference when there is one. The paybill is shared by every merchant, so a reference counts
 * only after an account number (docs/rails.md, "What a payer types").
 */
export const paybillAccountEntry = (input: Pick<CopyInput, 'accountNumber' | 'reference'>) =>
  input.reference ? `${input.accountNumber}#${input.reference}` : input.accountNumber;

const lines = (...parts: (string | false | null)[]) => parts.filter((part): part is string => Boolean(part)).join('\n');

export function mobileMoneyCopy(input: CopyInput): string {
  return lines(
    'To pay with M-Pesa:',
    '1. Open the M-Pesa menu on your phone.',
    '2. Select Lipa na M-Pesa.',
    '3. Select Pay Bill.',
    `4. Enter business number ${input.paybillNumber}.`,
    `5. Enter account number ${paybillAccountEntry(input)}.`,
    input.amount ? `6. Enter the amount: ${input.amount}.` : '6. Enter the amount you want to pay.',
    `7. Enter your M-Pesa PIN and confirm that the payment goes to ${input.paybillName}.`,
    'M-Pesa sends you a confirmation SMS once the payment has gone through.',
  );
}

export function stkPushCopy(input: CopyInput): string {
  const what = input.amount ? `to pay ${input.amount} to ${input.paybillName}` : `to pay ${input.paybillName}`;
  return (
    `You will get an M-Pesa prompt on your phone ${what}, account ${input.accountNumber}. ` +
    'Check the details, then enter your M-Pesa PIN to approve it. ' +
    'If no prompt arrives within a minute, pay through the Pay Bill menu instead.'
  );
}

export function instantBankCopy(input: CopyInput): string {
  return lines(
    'Pay by instant bank transfer (such as PesaLink) from your bank\'s app or internet banking:',
    `Bank: ${input.bankName}`,
    `Account number: ${input.accountNumber}`,
    `Account name: ${input.accountName}`,
    input.amount && `Amount: ${input.amount}`,
    input.reference && `Reference: ${input.reference}`,
    'The money usually arrives within minutes.',
  );
}

export function rtgsCopy(input: CopyInput): string {
  return lines(
    'Ask your bank to send an RTGS transfer to:',
    `Bank: ${input.bankName}`,
    `Branch: ${input.bankBranch}`,
    `SWIFT code: ${input.swiftCode}`,
    `Account name: ${input.accountName}`,
    `Account number: ${input.accountNumber}`,
    input.amount && `Amount: ${input.amount}`,
    `Narration: ${rtgsNarration(input)}`,
    'Write the narration exactly as shown so that the payment is matched to you. RTGS transfers arrive the same business day.',
  );
}

/**
 * What a payer reads in place of a channel's steps when that channel cannot carry the currency
 * (M-Pesa and instant transfers move only KES): never steps that end in a refused payment.
 */
export function notCarriedCopy(channelName: string, currency: string, usableNames: string[]): string {
  return `${channelName} cannot carry payments in ${currency}: ${insteadOf(usableNames)}.`;
}

/** A channel that carries the currency but is not offered in it (no fee rule: lib/pricing). */
export function notOfferedCopy(channelName: string, currency: string, usableNames: string[]): string {
  return `${channelName} is not offered for payments in ${currency}: ${insteadOf(usableNames)}.`;
}

const insteadOf = (usableNames: string[]) => (usableNames.length > 0 ? `pay by ${usableNames.join(' or ')} instead` : 'ask the merchant how to pay');
