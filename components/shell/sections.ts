/** The portal's sections, in navigation order. The overview's "what you can do" list reads them too. */
export interface Section {
  href: '/' | `/${string}`;
  label: string;
  /** What anyone signed in can see there. */
  view: string;
  /** What a user who may write can also do there; absent where the section is read-only for everyone. */
  change?: string;
  /** Shown to merchant administrators only (the pages and the service refuse everyone else anyway). */
  adminOnly?: boolean;
}

export const sections: readonly Section[] = [
  { href: '/', label: 'Overview', view: 'See your merchant at a glance.' },
  {
    href: '/accounts',
    label: 'Accounts',
    view: 'See your virtual accounts and their balances.',
    change: 'Open brand, subscriber and currency accounts.',
  },
  {
    href: '/bills',
    label: 'Bills',
    view: 'Follow bills and the one-time account number each is paid into.',
    change: 'Raise a bill with its own account number, or cancel one.',
  },
  {
    href: '/customers',
    label: 'Customers',
    view: 'Look up the customers you have registered.',
    change: 'Register customers and give each a virtual account.',
  },
  {
    href: '/payments',
    label: 'Payments',
    view: 'See payments received by M-Pesa paybill, STK push and bank transfer, with totals.',
  },
  {
    href: '/settlements',
    label: 'Settlements',
    view: 'See what you are owed, when it reaches your bank or M-Pesa, and every payout with the payments it covers.',
    change: 'Pay out now; administrators set the settlement accounts and the schedule.',
  },
  {
    href: '/messages',
    label: 'Messages',
    view: 'See the receipts, bill links and reminders sent to payers, and what the sandbox would have sent.',
    change: 'Send a failed message again; administrators choose what payers are sent.',
  },
  {
    href: '/stk',
    label: 'Phone prompts',
    view: 'See the M-Pesa prompts sent to payers\' phones and what became of each.',
    change: 'Send again a prompt that failed, was cancelled or timed out.',
  },
  {
    href: '/attention',
    label: 'Needs attention',
    view: 'See money that could not be credited as it came, and payments for bills that could no longer be paid.',
    change: 'Credit such money to an account or bill, return it to the payer, or mark a payment dealt with.',
  },
  {
    href: '/webhooks',
    label: 'Webhooks',
    view: 'See the addresses your payment notifications are sent to.',
    change: 'Register and deactivate webhook endpoints.',
  },
  {
    href: '/team',
    label: 'Team',
    adminOnly: true,
    view: 'Administrators: see who can sign in, with which role and whether they use two factors.',
    change: 'Invite people, change roles, disable users, issue password-reset links and require two factors.',
  },
  {
    href: '/api-keys',
    label: 'API keys',
    adminOnly: true,
    view: 'Administrators: see the keys your systems use and when each was last used.',
    change: 'Create keys for integrations and revoke them.',
  },
  { href: '/audit', label: 'Audit log', adminOnly: true, view: 'Administrators: see who changed what, when and from where, and export it.' },
  { href: '/account', label: 'Your account', view: 'Change your password and turn on two-factor sign-in.' },
];

export function sectionFor(href: Section['href']): Section {
  const section = sections.find((candidate) => candidate.href === href);
  if (!section) throw new Error(`No portal section at ${href}.`);
  return section;
}
