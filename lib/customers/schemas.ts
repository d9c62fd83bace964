import { z } from '@hono/zod-openapi';
import { pageQuery } from '@/lib/api/pagination';
import { Timestamp, Uuid } from '@/lib/api/schemas';
import { customerStatuses } from './schema';

const KENYA_PREFIX = '254';

/**
 * Digits with the country prefix and no plus sign. Nothing is normalised silently: a local
 * 07… number or a +254… number is refused with the expected form, so a bad number never
 * reaches an STK push. Kenyan numbers must be mobile numbers (2547… or 2541…, 12 digits).
 */
const Phone = z
  .string()
  .regex(/^[1-9][0-9]{7,14}$/, { message: 'Use digits with the country prefix and no plus sign, e.g. 2547XXXXXXXX.', abort: true })
  .refine((phone) => !phone.startsWith(KENYA_PREFIX) || /^254[17][0-9]{8}$/.test(phone), {
    message: 'A Kenyan number has 12 digits and starts 2547 or 2541, e.g. 2547XXXXXXXX.',
  })
  .openapi({ example: '254712345678', description: 'Digits with the country prefix, no plus sign.' });

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
    email: z.email().max(254).openapi({ example: 'achieng@example.com' }),
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
    email: z.string(),
    phone: z.string(),
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
    .openapi({ description: 'Case-insensitive search in display name, email and external reference; digits also match the end of the phone number.' }),
  subMerchantId: Uuid.optional().openapi({ description: 'Only customers of this sub-merchant.' }),
});

export const CustomerParams = z.object({
  customerId: Uuid.openapi({ param: { name: 'customerId', in: 'path' } }),
});

export type CreateCustomerInput = z.infer<typeof CreateCustomerRequest>;
export type CustomerListFilters = z.infer<typeof CustomerListQuery>;
