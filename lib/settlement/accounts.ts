import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TenantScope } from '@/lib/api/scope';
import { notFound } from '@/lib/api/errors';
import type { Principal } from '@/lib/api/principal';
import { visibleTo } from '@/lib/api/scope';
import { recordAudit } from '@/lib/audit/record';
import { requireAdmin } from '@/lib/auth/require-admin';
import { db, type Queryable } from '@/lib/platform/db';
import { assertSubMerchantOf } from '@/lib/team/sub-merchant';
import { subMerchantForCreate } from '@/lib/api/scope';
import { describeSettlementAccount } from './account-json';
import { noticeOtherAdmins } from './admin-notice';
import { settlementAccounts, type SettlementAccountRow } from './schema';
import type { CreateSettlementAccountInput } from './schemas';
import { confirmSecondFactor } from './second-factor';

/** Every account the caller may see, active and disabled, newest first (a merchant has a handful). */
export function listSettlementAccounts(principal: TenantScope): Promise<SettlementAccountRow[]> {
  return db()
    .select()
    .from(settlementAccounts)
    .where(visibleTo(principal, settlementAccounts))
    .orderBy(desc(settlementAccounts.createdAt), desc(settlementAccounts.id));
}

/** The fields of one kind; the others stay null, so a row never mixes a bank's and a phone's. */
function fieldsOf(input: CreateSettlementAccountInput) {
  switch (input.kind) {
    case 'BANK':
      return { bankName: input.bankName, bankCode: input.bankCode, branchCode: input.branchCode ?? null, accountNumber: input.accountNumber };
    case 'MPESA':
      return { phone: input.phone };
    case 'PAYBILL':
      return { paybill: input.paybill, accountReference: input.accountReference };
  }
}

/**
 * Serialises changes to one (merchant, bucket, currency): two administrators adding an account at
 * the same moment each disable the one before theirs, in turn, and the second's wins; neither
 * meets the one-active unique index as an error.
 */
const lockBucket = (tx: Queryable, merchantId: string, subMerchantId: string | null, currency: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`settlement-account:${merchantId}:${subMerchantId ?? ''}:${currency}`}, 0))`);

/**
 * A new ACTIVE account replaces, in the same transaction, the active one of its currency and
 * bucket: there is never a moment with two, nor one with none. Audited; the other administrators
 * are told by email after commit.
 */
export async function createSettlementAccount(principal: Principal, input: CreateSettlementAccountInput): Promise<SettlementAccountRow> {
  requireAdmin(principal);
  const subMerchantId = await assertSubMerchantOf(db(), principal.merchantId, subMerchantForCreate(principal, input.subMerchantId));
  const { created, replaced } = await db().transaction(async (tx) => {
    const factor = await confirmSecondFactor(tx, principal, input.code);
    await lockBucket(tx, principal.merchantId, subMerchantId, input.currency);
    const replaced = await tx
      .update(settlementAccounts)
      .set({ status: 'DISABLED', disabledAt: sql`now()`, disabledBy: principal.userId })
      .where(
        and(
          eq(settlementAccounts.merchantId, principal.merchantId),
          subMerchantId ? eq(settlementAccounts.subMerchantId, subMerchantId) : isNull(settlementAccounts.subMerchantId),
          eq(settlementAccounts.currency, input.currency),
          eq(settlementAccounts.status, 'ACTIVE'),
        ),
      )
      .returning();
    const [row] = await tx
      .insert(settlementAccounts)
      .values({ merchantId: principal.merchantId, subMerchantId, kind: input.kind, currency: input.currency, accountName: input.accountName, ...fieldsOf(input), createdBy: principal.userId })
      .returning();
    const described = describeSettlementAccount(row!);
    await recordAudit(tx, {
      action: 'settlement_account.created',
      target: { type: 'settlement_account', id: row!.id },
      summary: replaced[0] ? `Settlement account ${described} added, replacing ${describeSettlementAccount(replaced[0])}.` : `Settlement account ${described} added.`,
      details: { kind: row!.kind, currency: row!.currency, subMerchantId, replacedId: replaced[0]?.id ?? null, secondFactor: factor },
    });
    return { created: row!, replaced: replaced[0] };
  });
  void noticeOtherAdmins(
    principal,
    'A settlement account was changed',
    `${principal.email} added the settlement account ${describeSettlementAccount(created)}${replaced ? `, replacing ${describeSettlementAccount(replaced)}` : ''}.\n\nSettlements in ${created.currency} are now paid to it. If nobody on your team meant to do this, sign in, disable it and change your passwords.`,
  );
  return created;
}

/** Disabling one already disabled changes nothing (and records nothing). */
export async function disableSettlementAccount(principal: Principal, accountId: string, code: string | undefined): Promise<SettlementAccountRow> {
  requireAdmin(principal);
  const outcome = await db().transaction(async (tx) => {
    const [account] = await tx.select().from(settlementAccounts).where(and(eq(settlementAccounts.id, accountId), visibleTo(principal, settlementAccounts)));
    if (!account) throw notFound('The settlement account');
    if (account.status === 'DISABLED') return { account, changed: false };
    const factor = await confirmSecondFactor(tx, principal, code);
    const [disabled] = await tx
      .update(settlementAccounts)
      .set({ status: 'DISABLED', disabledAt: sql`now()`, disabledBy: principal.userId })
      .where(and(eq(settlementAccounts.id, account.id), eq(settlementAccounts.status, 'ACTIVE')))
      .returning();
    if (!disabled) return { account, changed: false };
    await recordAudit(tx, {
      action: 'settlement_account.disabled',
      target: { type: 'settlement_account', id: disabled.id },
      summary: `Settlement account ${describeSettlementAccount(disabled)} disabled.`,
      details: { kind: disabled.kind, currency: disabled.currency, subMerchantId: disabled.subMerchantId, secondFactor: factor },
    });
    return { account: disabled, changed: true };
  });
  if (outcome.changed) {
    void noticeOtherAdmins(
      principal,
      'A settlement account was disabled',
      `${principal.email} disabled the settlement account ${describeSettlementAccount(outcome.account)}.\n\nNo settlement in ${outcome.account.currency} is made until another account is added.`,
    );
  }
  return outcome.account;
}
