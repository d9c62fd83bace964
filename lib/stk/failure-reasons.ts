/**
 * Daraja's STK ResultCodes in words a merchant can act on. Safaricom adds codes over time: an
 * unknown one still gets a sentence, with the code kept in failureCode.
 */
const reasons: Record<string, string> = {
  '1': 'The payer\'s M-Pesa balance was too low.',
  '17': 'M-Pesa could not process the payment just then; try again in a minute.',
  '26': 'M-Pesa was too busy to process the payment; try again in a minute.',
  '1001': 'The payer was busy with another M-Pesa transaction; try again in a minute or two.',
  '1019': 'The prompt expired before the payer answered.',
  '1025': 'M-Pesa could not send the prompt.',
  '1032': 'The payer cancelled the prompt.',
  '1037': 'The payer\'s phone could not be reached.',
  '2001': 'The payer entered the wrong PIN.',
  '9999': 'M-Pesa could not send the prompt.',
};

export const failureReasonFor = (resultCode: string) => reasons[resultCode] ?? `M-Pesa did not complete the payment (result code ${resultCode}).`;

export const TIMED_OUT_REASON = 'M-Pesa gave no final answer in time; check with the payer before prompting again.';
