import { timestampJson } from '@/lib/api/serialize';
import type { CustomerRow } from './queries';

/** The spec's Customer object, field for field. */
export const toCustomerJson = (customer: CustomerRow) => ({
  id: customer.id,
  merchantId: customer.merchantId,
  subMerchantId: customer.subMerchantId,
  externalRef: customer.externalRef,
  displayName: customer.displayName,
  email: customer.email,
  phone: customer.phone,
  status: customer.status,
  createdAt: timestampJson(customer.createdAt),
});
