/** The operator console's sections, in navigation order (docs/operator.md). */
export const operatorSections = [
  { href: '/operator', label: 'Search' },
  { href: '/operator/merchants', label: 'Merchants' },
  { href: '/operator/suspense', label: 'Money not yet credited' },
  { href: '/operator/pricing', label: 'Pricing approvals' },
  { href: '/operator/collection-accounts', label: 'Collection accounts' },
  { href: '/operator/payouts', label: 'Payouts' },
  { href: '/operator/operators', label: 'Operators' },
  { href: '/operator/audit', label: 'Audit' },
  { href: '/operator/account', label: 'Your account' },
] as const;
