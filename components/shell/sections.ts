/** The portal's sections, in navigation order. The overview's "what you can do" list reads them too. */
export interface Section {
  href: '/' | `/${string}`;
  label: string;
  /** What anyone signed in can see there. */
  view: string;
  /** What a user who may write can also do there; absent where the section is read-only for everyone. */
  change?: string;
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
    href: '/webhooks',
    label: 'Webhooks',
    view: 'See the addresses your payment notifications are sent to.',
    change: 'Register and deactivate webhook endpoints.',
  },
];

export function sectionFor(href: Section['href']): Section {
  const section = sections.find((candidate) => candidate.href === href);
  if (!section) throw new Error(`No portal section at ${href}.`);
  return section;
}
