'use server';

import { z } from 'zod';
import { siteOrigin } from '@/app/pay/links';
import { operatorRoutes } from '@/lib/operator/routes';
import { assertSubmittedForm } from '@/lib/portal/forms';
import { operatorWrite, textValues, type OperatorFormState } from '@/lib/portal/operator-action';

const OUT_OF_DATE = 'This page is out of date. Reload it and try again.';
const onThisSite = async (url: string) => new URL(new URL(url).pathname, await siteOrigin()).toString();

export async function createMerchant(_previous: OperatorFormState, formData: FormData): Promise<OperatorFormState> {
  assertSubmittedForm(formData);
  const values = textValues(formData, ['name', 'adminEmail', 'adminFirstName', 'adminLastName']);
  return operatorWrite(values, ['/operator/merchants'], async (client) => {
    const created = await client.call(operatorRoutes.createMerchant, { json: { name: values.name!, adminEmail: values.adminEmail!, adminFirstName: values.adminFirstName!, adminLastName: values.adminLastName! } });
    return {
      ok: true,
      message: `${created.merchant.name} was created with its LEGACY account.`,
      link: {
        label: `Invitation for ${values.adminEmail}`,
        url: await onThisSite(created.invitation.url),
        note: `${created.invitation.emailed ? 'We emailed it too. ' : ''}Send this link to the merchant's administrator: it works once, for 7 days, and is not shown again.`,
      },
    };
  });
}

/** Disable or enable, with the reason both audit logs record. */
export async function changeMerchantStatus(_previous: OperatorFormState, formData: FormData): Promise<OperatorFormState> {
  assertSubmittedForm(formData);
  // `statusReason`: field ids follow names, and the pricing form on the same page has its own "reason".
  const values = textValues(formData, ['merchantId', 'to', 'statusReason']);
  const id = z.uuid().safeParse(values.merchantId);
  const to = z.enum(['DISABLED', 'ACTIVE']).safeParse(values.to);
  if (!id.success || !to.success) return { message: OUT_OF_DATE };
  return operatorWrite({ statusReason: values.statusReason! }, [`/operator/merchants/${id.data}`, '/operator/merchants'], async (client) => {
    const route = to.data === 'DISABLED' ? operatorRoutes.disableMerchant : operatorRoutes.enableMerchant;
    await client.call(route, { params: { id: id.data }, json: { reason: values.statusReason! } });
    return { ok: true, message: to.data === 'DISABLED' ? 'Disabled: its users are signed out and its accounts take no new payments.' : 'Enabled again.' };
  });
}

/** One channel of one currency per request; the change waits for a second platform administrator. */
export async function requestPricingChange(_previous: OperatorFormState, formData: FormData): Promise<OperatorFormState> {
  assertSubmittedForm(formData);
  const values = textValues(formData, ['merchantId', 'currency', 'channel', 'percent', 'fixed', 'min', 'max', 'reason']);
  const id = z.uuid().safeParse(values.merchantId);
  if (!id.success) return { message: OUT_OF_DATE };
  const rule = { percent: values.percent!, fixed: values.fixed!, ...(values.min ? { min: values.min } : {}), ...(values.max ? { max: values.max } : {}) };
  return operatorWrite(values, [`/operator/merchants/${id.data}`, '/operator/pricing'], async (client) => {
    await client.call(operatorRoutes.requestPricingChange, { params: { id: id.data }, json: { currency: values.currency!, rules: { [values.channel!]: rule }, reason: values.reason! } });
    return { ok: true, message: 'Asked: a second platform administrator must approve it under Pricing approvals.' };
  });
}

/** The KE-QR merchant category code (PUT /operator/merchants/{id}/category-code): four digits, checked by the service as the CLI checks them. */
export async function setCategoryCode(_previous: OperatorFormState, formData: FormData): Promise<OperatorFormState> {
  assertSubmittedForm(formData);
  // `categoryReason`: field ids follow names, and the merchant's page has other forms with a "reason".
  const values = textValues(formData, ['merchantId', 'code', 'categoryReason']);
  const id = z.uuid().safeParse(values.merchantId);
  if (!id.success) return { message: OUT_OF_DATE };
  return operatorWrite({ code: values.code!, categoryReason: values.categoryReason! }, [`/operator/merchants/${id.data}`], async (client) => {
    const reason = values.categoryReason;
    const merchant = await client.call(operatorRoutes.setCategoryCode, { params: { id: id.data }, json: { code: values.code!, ...(reason ? { reason } : {}) } });
    return { ok: true, message: `Saved: its KE-QR codes carry ${merchant.merchantCategoryCode} from now on.` };
  });
}
