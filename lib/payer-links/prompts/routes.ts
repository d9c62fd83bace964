import { createRoute } from '@hono/zod-openapi';
import { jsonBody, jsonResponse, Problem, problems } from '@/lib/api/schemas';
import { PayerLinkParams } from '../schemas';
import { PayerPrompt, PayerPromptParams, PayerPromptRequest } from './schemas';
import { MAX_PROMPTS_PER_ADDRESS, MAX_PROMPTS_PER_LINK, MAX_PROMPTS_PER_PHONE, PROMPT_WINDOW_SECONDS } from './throttle';

const tags = ['Payer instructions'];
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: Problem } } });

export const payerPromptRoutes = {
  ask: createRoute({
    method: 'post',
    path: '/pay/{token}/stk',
    tags,
    summary: 'The payer asks for the M-Pesa prompt on their phone (public, no token)',
    description: `From the payer page: the prompt asks for what the bill still owes (whole shillings, cents rounded up), or for the amount typed on an account or customer link. 202 with a status link to poll (Location and statusUrl). At most ${MAX_PROMPTS_PER_LINK} prompts per link and ${MAX_PROMPTS_PER_PHONE} per phone within ${PROMPT_WINDOW_SECONDS / 60} minutes, and ${MAX_PROMPTS_PER_ADDRESS} per address: then 429 with Retry-After. The merchant sees the prompt in their list with askedByPayer true.`,
    request: { params: PayerLinkParams, body: jsonBody(PayerPromptRequest) },
    responses: {
      202: jsonResponse(PayerPrompt, 'The prompt is on its way to the phone.'),
      ...problems(400, 404, 413, 415, 422),
      410: problem('The bill is paid, cancelled or expired, or the account is closed (code payer_link_closed): no prompt was sent.'),
      429: problem('Too many prompts for this link, phone or address (code too_many_prompts); Retry-After says when to try again.'),
      502: problem('M-Pesa could not be reached (code stk_provider_unavailable).'),
      503: problem('Phone prompts are not set up on this deployment (code stk_not_configured).'),
    },
  }),
  status: createRoute({
    method: 'get',
    path: '/pay/{token}/stk/{initiationId}',
    tags,
    summary: 'How the prompt a payer asked for is going (public, no token)',
    description: 'Only prompts asked for from this link are found. PENDING until the payer answers on their phone (about 3 minutes at most), then COMPLETED, FAILED or TIMED_OUT.',
    request: { params: PayerPromptParams },
    responses: { 200: jsonResponse(PayerPrompt, 'The prompt.'), ...problems(404) },
  }),
};
