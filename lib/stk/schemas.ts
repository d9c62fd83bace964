import { z } from '@hono/zod-openapi';
import { pageQuery } from '@/lib/api/pagination';
import { Timestamp, Uuid } from '@/lib/api/schemas';
import { KenyanMobileInput } from '@/lib/platform/phone';
import { stkStatuses } from './schema';

/** M-Pesa's largest single payment, in shillings. */
export const MAX_PROMPT_AMOUNT = 250_000;

export const StkInitiateRequest = z
  .object({
    phone: KenyanMobileInput(),
    amount: z
      .number()
      .int('M-Pesa prompts take whole shillings: send the amount without decimals.')
      .min(1)
      .max(MAX_PROMPT_AMOUNT)
      .openapi({ example: 1500, description: 'KES, whole shillings.' }),
    accountNumber: z.string().trim().min(1).max(64).optional().openapi({ description: 'One of your virtual account numbers.' }),
    expectedPaymentId: Uuid.optional().openapi({ description: 'A bill: the prompt pays it (into its invoice account, or your main account with its reference).' }),
    customerId: Uuid.optional().openapi({ description: 'A customer with a virtual account.' }),
    description: z.string().trim().min(1).max(100).optional().openapi({ example: 'Invoice 42' }),
  })
  .refine((input) => [input.accountNumber, input.expectedPaymentId, input.customerId].filter((value) => value !== undefined).length === 1, {
    message: 'Give exactly one of accountNumber, expectedPaymentId or customerId.',
  })
  .openapi('StkInitiateRequest');
export type StkInitiateInput = z.infer<typeof StkInitiateRequest>;

export const StkInitiation = z
  .object({
    id: Uuid,
    status: z.enum(stkStatuses),
    phone: z.string().openapi({ example: '254712345678', description: 'Digits with the country prefix, no plus sign.' }),
    amount: z.number(),
    accountNumber: z.string(),
    expectedPaymentId: Uuid.nullable(),
    customerId: Uuid.nullable(),
    description: z.string().nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    failureCode: z.string().nullable().openapi({ description: 'Daraja\'s ResultCode when FAILED, e.g. "1032".' }),
    failureReason: z.string().nullable().openapi({ example: 'The payer cancelled the prompt.' }),
    paymentId: Uuid.nullable().openapi({ description: 'The payment, once COMPLETED.' }),
    checkoutRequestId: z.string().nullable().openapi({
      example: 'ws_CO_21112026130253123456789',
      description: 'M-Pesa\'s CheckoutRequestID of the prompt (Daraja\'s answer to the push; the simulator makes one of the same form): what Safaricom\'s reports and the M-Pesa statement name it by. Null only when M-Pesa gave none.',
    }),
    merchantRequestId: z.string().nullable().openapi({ example: '29115-34620561-1', description: 'M-Pesa\'s MerchantRequestID of the prompt, as Daraja returned it.' }),
    askedByPayer: z.boolean().openapi({ description: 'True when the payer asked for this prompt themselves, from their payer page (POST /pay/{token}/stk); false for yours.' }),
  })
  .openapi('StkInitiation');

export const StkParams = z.object({
  initiationId: Uuid.openapi({ param: { name: 'initiationId', in: 'path' } }),
});

export const StkListQuery = z.object({
  ...pageQuery,
  status: z.enum(stkStatuses).optional(),
  phone: KenyanMobileInput().optional().openapi({ description: 'Prompts to this phone, typed in any of its forms.' }),
  expectedPaymentId: Uuid.optional().openapi({ description: "One bill's prompts." }),
  customerId: Uuid.optional().openapi({ description: "One customer's prompts." }),
});
export type StkListFilters = z.infer<typeof StkListQuery>;
