import type { virtualAccounts } from './schema';

type Account = Pick<typeof virtualAccounts.$inferSelect, 'purpose' | 'accountType' | 'status' | 'currency'>;
type Purpose = Account['purpose'];
type AccountType = Account['accountType'];

/** What each kind of account is, in words a merchant's staff understand without a manual. */
const purposeText: Record<Purpose, { label: string; description: string }> = {
  LEGACY: {
    label: 'Main collection account',
    description: 'Your merchant-wide account, made when you joined; it collects any payment that is not meant for a more specific account.',
  },
  BRAND: {
    label: 'Brand collection account',
    description: 'Collects payments made to one of your brands or shops, so that its takings are kept apart from the rest.',
  },
  SUBSCRIBER: {
    label: 'Subscriber collection account',
    description: 'Collects recurring payments from subscribers, such as monthly fees or instalments.',
  },
  CURRENCY: {
    label: 'Currency collection account',
    description: 'Collects payments in one particular currency, kept apart from your accounts in other currencies.',
  },
  INVOICE: {
    label: 'Invoice account',
    description: 'A one-time account number for a single bill; it closes when the bill is paid, cancelled or expires.',
  },
  CUSTOMER: {
    label: 'Customer account',
    description: 'An account number that belongs to one of your customers: every payment into it is credited to that customer.',
  },
};

const accountTypeText: Record<AccountType, { label: string; description: string }> = {
  STATIC: {
    label: 'Static account',
    description: 'A permanent account number that accepts any number of payments until it is closed.',
  },
  ONE_TIME: {
    label: 'One-time account',
    description: 'An account number made for one payment; it stops accepting payments once that payment is settled or it expires.',
  },
};

export const purposeLabel = (purpose: Purpose) => purposeText[purpose].label;
export const purposeDescription = (purpose: Purpose) => purposeText[purpose].description;
export const accountTypeLabel = (accountType: AccountType) => accountTypeText[accountType].label;
export const accountTypeDescription = (accountType: AccountType) => accountTypeText[accountType].description;

/** M-Pesa pays in shillings only; an account in another currency is reached by bank transfer. */
const MOBILE_MONEY_CURRENCY = 'KES';

/**
 * What the merchant looking at the account should do with it; null when there is nothing to do
 * (a closed invoice account belongs to a bill that is already settled one way or another).
 */
export function viewerGuidance(account: Account): string | null {
  if (account.status === 'CLOSED') {
    return account.purpose === 'INVOICE' ? null : 'This account is closed: stop giving its number to payers and use another account.';
  }
  switch (account.purpose) {
    case 'INVOICE':
      return 'Give this account number only to the payer of this bill, with the amount due; it stops accepting payments when the bill is settled.';
    case 'CUSTOMER':
      return 'Give this account number only to this customer; every payment into it is credited to them.';
    default:
      return account.currency === MOBILE_MONEY_CURRENCY
        ? 'Give payers this account number as the M-Pesa account number or bank transfer reference.'
        : `Give payers this account number as the bank transfer reference for payments in ${account.currency}.`;
  }
}
