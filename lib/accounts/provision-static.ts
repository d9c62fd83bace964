import { and, eq, isNull } from 'drizzle-orm';
import { conflict, notFound, unprocessable } from '@/lib/api/errors';
import { subMerchantForCreate } from '@/lib/api/scope';
import type { Principal } from '@/lib/auth/principal';
import { merchants, subMerchants } from '@/lib/merchants/schema';
import { amountProblem, decimalText } from '@/lib/money/decimal';
import { db } from '@/lib/platform/db';
import { insertVirtualAccount } from './provision';
import { virtualAccounts } from './schema';
import type { provisionablePurposes } from './schemas';
import { violatedUniqueConstraint } from '@/lib/platform/db/errors';
import { recordAudit } from '@/lib/audit/record';

export interface StaticAccountRequest {
  purpose: (typeof provisionablePurposes)[number];
  subMerchantId?: string;
  currency?: string;
  accountName?: string;
  singleDepositLimit?: number | null;
}

const STATIC_PURPOSE_KEY = 'virtual_accounts_static_purpose_key';
const violatesStaticPurposeKey = (error: unknown) => violatedUniqueConstraint(error) === STATIC_PURPOSE_KEY;

function depositLimitText(limit: number | null | undefined, currency: string): string | null {
  if (limit === undefined || limit === null) return null;
  const text = decimalText(limit);
  const problem = amountProblem(text, currency);
  if (problem) throw unprocessable('The single deposit limit is not a valid amount.', [{ path: 'singleDepositLimit', message: problem }]);
  return text!;
}

/** The name payers see when nobody chose one: the sub-merchant's, else the merchant's. */
async function ownerOf(principal: Principal, subMerchantId: string | null) {
  const [merchant] = await db().select().from(merchants).where(eq(merchants.id, principal.merchantId));
  if (!merchant) throw notFound('The merchant');
  if (!subMerchantId) return { merchant, name: merchant.name };
  const [subMerchant] = await db()
    .select()
    .from(subMerchants)
    .where(and(eq(subMerchants.id, subMerchantId), eq(subMerchants.merchantId, principal.merchantId)));
  if (!subMerchant) throw notFound('The sub-merchant');
  return { merchant, name: subMerchant.name };
}

/** A BRAND, SUBSCRIBER or CURRENCY account: one per merchant, sub-merchant, purpose and currency. */
export async function provisionStaticAccount(principal: Principal, request: StaticAccountRequest) {
  if (request.purpose === 'CURRENCY' && !request.currency) {
    throw unprocessable('A CURRENCY account needs a currency.', [{ path: 'currency', message: 'Required when purpose is CURRENCY.' }]);
  }
  const subMerchantId = subMerchantForCreate(principal, request.subMerchantId);
  const owner = await ownerOf(principal, subMerchantId);
  const currency = request.currency ?? owner.merchant.defaultCurrency;
  const singleDepositLimit = depositLimitText(request.singleDepositLimit, currency);
  try {
    return await db().transaction(async (tx) => {
      const created = await insertVirtualAccount(tx, {
        merchantId: principal.merchantId,
        subMerchantId,
        ownerType: subMerchantId ? 'SUB_MERCHANT' : 'MERCHANT',
        ownerId: subMerchantId ?? principal.merchantId,
        purpose: request.purpose,
        accountName: request.accountName ?? owner.name,
        accountType: 'STATIC',
        currency,
        singleDepositLimit,
      });
      await recordAudit(tx, {
        merchantId: principal.merchantId,
        action: 'virtual_account.created',
        target: { type: 'virtual_account', id: created.id },
        summary: `${request.purpose} account ${created.accountNumber} in ${currency} opened.`,
      });
      return created;
    });
  } catch (error) {
    if (!violatesStaticPurposeKey(error)) throw error;
    const [existing] = await db()
      .select({ id: virtualAccounts.id })
      .from(virtualAccounts)
      .where(
        and(
          eq(virtualAccounts.merchantId, principal.merchantId),
          subMerchantId ? eq(virtualAccounts.subMerchantId, subMerchantId) : isNull(virtualAccounts.subMerchantId),
          eq(virtualAccounts.purpose, request.purpose),
          eq(virtualAccounts.currency, currency),
        ),
      );
    const forWhom = subMerchantId ? 'This sub-merchant' : 'This merchant';
    throw conflict(`${forWhom} already has a ${request.purpose} account in ${currency}; use it instead.`, { existingId: existing?.id });
  }
}
