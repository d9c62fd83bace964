import type { StatementEntry } from './types';

/** What each ledger entry is, in the merchant's words. */
export const entryKinds: Record<StatementEntry['type'], string> = {
  CREDIT: 'Money in',
  DEBIT: 'Money out',
  FEE: 'Fee',
  SETTLEMENT: 'Paid out',
};
