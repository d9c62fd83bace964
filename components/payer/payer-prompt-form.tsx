import { getTranslations } from 'next-intl/server';
import { askForPrompt } from '@/app/pay/[token]/actions';
import { formatMoney } from '@/lib/portal/money';
import { chosenProvider } from '@/lib/stk/provider-choice';
import { PromptForm } from './prompt-form';
import { optionOf, type PayerPageData } from './types';

/**
 * The prompt a payer asks for, where one can be sent: M-Pesa takes the payment (KES, offered)
 * and this deployment has a prompt provider. A bill asks for what is still due; an account or
 * customer page lets the payer type the amount.
 */
export async function PayerPromptForm({ token, page }: { token: string; page: PayerPageData }) {
  if (!optionOf(page.paymentOptions, 'MOBILE_MONEY') || page.currency !== 'KES' || !chosenProvider()) return null;
  const t = await getTranslations('payer.prompt');
  const withAmount = !page.bill;
  return (
    <PromptForm
      action={askForPrompt.bind(null, token, withAmount)}
      withAmount={withAmount}
      text={{
        title: t('title'),
        intro: page.bill ? t('introAmount', { amount: formatMoney(page.bill.amountDue, page.bill.currency) }) : t('introAny'),
        phone: t('phone'),
        phoneHint: t('phoneHint'),
        amount: t('amount'),
        submit: t('submit'),
        sending: t('sending'),
      }}
    />
  );
}
