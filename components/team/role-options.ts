export const roleOptions = [
  { value: 'MERCHANT_ADMIN', label: 'Administrator' },
  { value: 'PLAIN_MERCHANT', label: 'Merchant' },
  { value: 'SUPPORT', label: 'Support (read only)' },
];

export const roleName = (role: string) => roleOptions.find((option) => option.value === role)?.label ?? role;
