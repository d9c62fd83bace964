'use server';

import { headers } from 'next/headers';
import { redirect, unstable_rethrow } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { serviceClient } from '@/lib/client';
import { payerPromptRoutes } from '@/lib/payer-links/prompts/routes';
import { kenyanMobile } from '@/lib/platform/phone';
import { logger } from '@/lib/platform/logger';
import { isServiceError } from '@/lib/portal/errors';
import { rightmostForwardedFor } from '@/lib/portal/forwarded-for';
import { MAX_PROMPT_AMOUNT } from '@/lib/stk/schemas';
import type { PromptFormState } from '@/components/payer/prompt-form-state';

const TOKEN = /^[A-Za-z0-9_-]{22}$/;
const WHOLE_SHILLINGS = /^[0-9]{1,6}$/;

/**
 * "Send the M-Pesa prompt to my phone", from the public payer page: no session, the link's token
 * is the credential (the service checks it, the bill's state and the limits again). The payer's
 * address goes on to the service, so its per-address limit counts payers, not the portal.
 * Works without JavaScript: the form posts, and success redirects to the prompt's status page.
 */
export async function askForPrompt(token: string, withAmount: boolean, _previous: PromptFormState, formData: FormData): Promise<PromptFormState> {
  const t = await getTranslations('payer.prompt.errors');
  const phone = String(formData.get('phone') ?? '').slice(0, 40);
  const amount = String(formData.get('amount') ?? '').trim().slice(0, 20);
  const values = { phone, amount };
  if (!TOKEN.test(token)) return { values, message: t('closed') };
  const errors: PromptFormState['errors'] = {};
  if (!kenyanMobile(phone)) errors.phone = [t('phone')];
  if (withAmount && (!WHOLE_SHILLINGS.test(amount) || Number(amount) < 1 || Number(amount) > MAX_PROMPT_AMOUNT)) errors.amount = [t('amount')];
  if (errors.phone || errors.amount) return { values, errors };

  let promptId: string;
  try {
    const forwardedFor = rightmostForwardedFor((await headers()).get('x-forwarded-for'));
    const prompt = await serviceClient({ forwardedFor }).call(payerPromptRoutes.ask, {
      params: { token },
      json: { phone, ...(withAmount && { amount: Number(amount) }) },
    });
    promptId = prompt.id;
  } catch (error) {
    unstable_rethrow(error);
    return { values, ...problemState(error, t) };
  }
  const locale = await getLocale();
  redirect(`/pay/${token}/prompt/${promptId}${locale === 'en' ? '' : `?lang=${locale}`}`);
}

type Translate = Awaited<ReturnType<typeof getTranslations<'payer.prompt.errors'>>>;

function problemState(error: unknown, t: Translate): Omit<PromptFormState, 'values'> {
  if (isServiceError(error)) {
    if (error.status === 429) return { message: t('tooMany', { minutes: Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60)) }) };
    if (error.status === 410 || error.status === 404) return { message: t('closed') };
    if (error.status === 422) {
      const paths = new Set((error.errors ?? []).map((entry) => entry.path));
      return { errors: { ...(paths.has('phone') && { phone: [t('phone')] }), ...(paths.has('amount') && { amount: [t('amount')] }) }, message: paths.size ? undefined : t('unavailable') };
    }
  }
  logger().warn({ err: error }, 'payer prompt could not be sent');
  return { message: t('unavailable') };
}
