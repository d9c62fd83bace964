import { z } from '@hono/zod-openapi';
import { Timestamp, Uuid } from '@/lib/api/schemas';
import { KenyanMobileInput } from '@/lib/platform/phone';
import { stkStatuses } from '@/lib/stk/schema';
import { MAX_PROMPT_AMOUNT } from '@/lib/stk/schemas';
import { PayerLinkParams } from '../schemas';

export const PayerPromptRequest = z
  .object({
    phone: KenyanMobileInput().openapi({ example: '0712345678', description: 'The payer\'s M-Pesa number, in any Kenyan form.' }),
    amount: z
      .number()
      .int('M-Pesa prompts take whole shillings: send the amount without decimals.')
      .min(1)
      .max(MAX_PROMPT_AMOUNT)
      .optional()
      .openapi({ example: 1500, description: 'KES, whole shillings: required for an account or customer link; left out for a bill (its prompt asks for what is still due).' }),
  })
  .openapi('PayerPromptRequest');

export const PayerPromptParams = PayerLinkParams.extend({
  initiationId: Uuid.openapi({ param: { name: 'initiationId', in: 'path' } }),
});

/** What a payer may see of the prompt they asked for: its progress, never the merchant's data. */
export const PayerPrompt = z
  .object({
    id: Uuid,
    status: z.enum(stkStatuses),
    amount: z.number().openapi({ example: 1500, description: 'KES, as the prompt asks for it.' }),
    phone: z.string().openapi({ example: '2547******78', description: 'The phone asked, most digits hidden.' }),
    failureReason: z.string().nullable().openapi({ example: 'The payer cancelled the prompt.' }),
    createdAt: Timestamp,
    statusUrl: z.string().openapi({ example: '/api/v1/pay/q2nC0Tn1bYH8Wm7r3aPz4A/stk/1b6f…', description: 'Poll this until the status is no longer PENDING.' }),
  })
  .openapi('PayerPrompt');
