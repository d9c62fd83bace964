import { z } from '@hono/zod-openapi';
import { pageQuery } from '@/lib/api/pagination';
import { Timestamp, Uuid } from '@/lib/api/schemas';
import { PhoneNumberInput } from '@/lib/platform/phone';
import { customerStatuses } from './schema';

/** Any mobile number as people type it (0712…, +254…, 254…, foreign with its country code); stored as 2547…. */
const Phone = PhoneNumberInput();

/** Text of 1 to max characters that is not only spaces; one message per mistake. */
const Text = (max: number) =>
  z
    .string()
    .min(1, { abort: true })
    .max(max, { abort: true })
    .refine((text) => text.trim().length > 0, 'Must not be blank.');

export const CreateCustomerRequest = z
  .object({
    displayName: Text(200).openapi({ example: 'Achieng Otieno' }),
    externalRef: Text(100).openapi({ example: 'CUST-0042', description: 'Your own reference for the customer; unique within the merchant.' }),
    email: z.email().max(254).nullish().openapi({ example: 'achieng@example.com', description: 'Optional: receipts and bills go by SMS to customers without one.' }),
    phone: Phone,
    subMerchantId: Uuid.nullish().openapi({ description: 'The sub-merchant the customer belongs to; a scoped user always creates for its own.' }),
  })
  .openapi('CreateCustomerRequest');

export const Customer = z
  .object({
    id: Uuid,
    merchantId: Uuid,
    subMerchantId: Uuid.nullable(),
    externalRef: z.string(),
    displayName: z.string(),
    email: z.string().nullable(),
    phone: z.string().openapi({ example: '254712345678', description: 'Digits with the country prefix, no plus sign.' }),
    status: z.enum(customerStatuses),
    createdAt: Timestamp,
  })
  .openapi('Customer');

export const CustomerListQuery = z.object({
  ...pageQuery,
  q: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .openapi({ description: 'Case-insensitive search in display name, email and external reference. A phone number in any form people type (0712345678, +254 712 345 678, 254712345678) finds the customer, and so do its last digits.' }),
  subMerchantId: Uuid.optional().openapi({ description: 'Only customers of this sub-merchant.' }),
});

export const CustomerParams = z.object({
  customerId: Uuid.openapi({ param: { name: 'customerId', in: 'path' } }),
});

export type CreateCustomerInput = z.infer<typeof CreateCustomerRequest>;
export type CustomerListFilters = z.infer<typeof CustomerListQuery>;
