import { z } from '@hono/zod-openapi';
import { pageQuery } from '@/lib/api/pagination';
import { platformRoles } from '@/lib/api/principal';
import { Timestamp, Uuid } from '@/lib/api/schemas';
import { channels } from '@/lib/money/channels';
import { merchantStatuses } from '@/lib/merchants/schema';
import { CATEGORY_CODE } from '@/lib/payment-options/ke-qr/category-code';
import { approvalKinds, approvalStatuses } from './schema';

const Currency = z.string().regex(/^[A-Z]{3}$/, 'A three-letter ISO 4217 code such as KES');
const Reason = z.string().trim().min(3, 'Say why, in a few words').max(500);
const Json = z.record(z.string(), z.unknown());

export const IdParams = z.object({ id: Uuid.openapi({ param: { name: 'id', in: 'path' } }) });
export const CurrencyParams = z.object({ currency: Currency.openapi({ param: { name: 'currency', in: 'path' }, example: 'KES' }) });

/** Operator lists answer `{ data, nextCursor }` (docs/operator.md). */
export const pageOfItems = <T extends z.ZodType>(item: T, name: string) =>
  z.object({ data: z.array(item), nextCursor: z.string().nullable().openapi({ description: 'Send as `cursor` for the next page; null on the last.' }) }).openapi(name);

export const MerchantQuery = z.object({
  q: z.string().trim().min(1).max(200).optional().openapi({ description: "Part of the merchant's name, or its id." }),
  status: z.enum(merchantStatuses).optional(),
  ...pageQuery,
});

export const OperatorMerchant = z
  .object({
    id: Uuid,
    name: z.string(),
    status: z.enum(merchantStatuses),
    defaultCurrency: z.string(),
    createdAt: Timestamp,
    disabledAt: Timestamp.nullable(),
    disabledReason: z.string().nullable(),
    merchantCategoryCode: z.string().openapi({ example: '5411', description: 'ISO 18245, carried by its KE-QR codes; 0000 until set.' }),
  })
  .openapi('OperatorMerchant');
export const OperatorMerchantList = pageOfItems(OperatorMerchant, 'OperatorMerchantList');

export const CreateMerchantRequest = z
  .object({
    name: z.string().trim().min(2).max(200),
    adminEmail: z.email().max(254),
    adminFirstName: z.string().trim().min(1).max(100),
    adminLastName: z.string().trim().min(1).max(100),
  })
  .openapi('OperatorCreateMerchantRequest');

const InvitationLink = z.object({
  url: z.string().openapi({ description: 'The one-time invitation link (works once, for 7 days). Shown only in this answer.' }),
  expiresAt: Timestamp,
  emailed: z.boolean().openapi({ description: 'Whether it was emailed too (SMTP_URL set).' }),
});

export const CreatedMerchant = z.object({ merchant: OperatorMerchant, invitation: InvitationLink }).openapi('OperatorCreatedMerchant');

export const StatusChangeRequest = z.object({ reason: Reason }).openapi('OperatorMerchantStatusChange');

export const Approval = z
  .object({
    id: Uuid,
    kind: z.enum(approvalKinds),
    merchant: z.object({ id: Uuid, name: z.string() }).nullable(),
    currency: z.string(),
    proposal: Json,
    reason: z.string(),
    status: z.enum(approvalStatuses),
    requestedBy: z.object({ id: Uuid, label: z.string() }),
    requestedAt: Timestamp,
    decidedBy: z.object({ id: Uuid, label: z.string() }).nullable(),
    decidedAt: Timestamp.nullable(),
    decisionNote: z.string().nullable(),
  })
  .openapi('OperatorApproval');
export const ApprovalList = pageOfItems(Approval, 'OperatorApprovalList');
export const ApprovalQuery = z.object({ status: z.enum(approvalStatuses).optional(), kind: z.enum(approvalKinds).optional(), ...pageQuery });

const FeeRule = z.object({ percent: z.string(), fixed: z.string(), min: z.string().optional(), max: z.string().optional() }).strict();
export const PricingChangeRequest = z
  .object({
    currency: Currency,
    rules: z.partialRecord(z.enum(channels as [string, ...string[]]), FeeRule).openapi({
      description: 'The channels priced in this currency, each `{percent, fixed, min?, max?}` as decimal strings (docs/pricing.md). An empty object returns the currency to the default schedule.',
      example: { MOBILE_MONEY: { percent: '1.2', fixed: '0', min: '1', max: '150' } },
    }),
    reason: Reason,
  })
  .openapi('OperatorPricingChangeRequest');
export const DecisionRequest = z.object({ note: z.string().trim().max(500).optional() }).openapi('OperatorDecision');

export const MerchantOverview = z
  .object({
    merchant: OperatorMerchant,
    users: z.array(Json),
    accounts: z.array(Json),
    balances: z.array(Json),
    pricing: z.object({ versions: z.array(Json), pending: z.array(Approval) }),
    settlementAccounts: z.array(Json),
    recentPayments: z.array(Json),
  })
  .openapi('OperatorMerchantOverview', { description: 'Each list holds the same objects the merchant\'s own API answers (VirtualAccount, Balance, SettlementAccount, Payment…).' });

export const CollectionAccount = z
  .object({
    currency: z.string(),
    accountNumber: z.string(),
    bankName: z.string().nullable(),
    branch: z.string().nullable(),
    isSandboxDefault: z.boolean().openapi({ description: 'Still the made-up number the sandbox starts with.' }),
    receivedCredits: z.boolean().openapi({ description: 'Payments have been credited through it: changing it needs a second PLATFORM_ADMIN.' }),
    updatedAt: Timestamp.nullable(),
    pendingChange: Approval.nullable(),
  })
  .openapi('OperatorCollectionAccount');
export const CollectionAccountList = z.object({ data: z.array(CollectionAccount) }).openapi('OperatorCollectionAccountList');
export const CollectionAccountRequest = z
  .object({
    accountNumber: z
      .string()
      .trim()
      .regex(/^[0-9]{6,20}$/, 'The bank account number: 6 to 20 digits, no spaces'),
    bankName: z.string().trim().min(2).max(100),
    branch: z.string().trim().min(2).max(100),
    reason: Reason,
  })
  .openapi('OperatorCollectionAccountRequest');
export const CollectionAccountChange = z
  .object({ status: z.enum(['APPLIED', 'PENDING']), account: CollectionAccount.nullable(), approval: Approval.nullable() })
  .openapi('OperatorCollectionAccountChange');

export const Operator = z
  .object({ id: Uuid, email: z.string(), firstName: z.string(), lastName: z.string(), role: z.enum(platformRoles), active: z.boolean(), mfaEnabled: z.boolean(), createdAt: Timestamp })
  .openapi('Operator');
export const OperatorList = pageOfItems(Operator, 'OperatorList');
export const InviteOperatorRequest = z
  .object({ email: z.email().max(254), firstName: z.string().trim().min(1).max(100), lastName: z.string().trim().min(1).max(100), role: z.enum(platformRoles) })
  .openapi('OperatorInvitationRequest');
export const OperatorStatusChangeRequest = z
  .object({ reason: Reason.optional().openapi({ description: 'Why (kept in the platform audit log): "left the company", "laptop lost".' }) })
  .openapi('OperatorStatusChange');
export const OperatorInvitationStatus = z
  .object({ id: Uuid, email: z.string(), role: z.enum(platformRoles), status: z.enum(['PENDING', 'ACCEPTED', 'REVOKED', 'EXPIRED']), createdAt: Timestamp, expiresAt: Timestamp })
  .openapi('OperatorInvitationStatus');
export const OperatorInvitationList = pageOfItems(OperatorInvitationStatus, 'OperatorInvitationList');
export const CategoryCodeRequest = z
  .object({
    code: z
      .string()
      .trim()
      .regex(CATEGORY_CODE, 'Four digits (ISO 18245), e.g. 5411')
      .openapi({ example: '5411', description: "The merchant category code its KE-QR codes carry (tag 52); 0000 means none chosen. The acquirer's code, not the merchant's choice." }),
    reason: Reason.optional(),
  })
  .openapi('OperatorCategoryCodeRequest');
export const OperatorInvitation = z.object({ id: Uuid, email: z.string(), role: z.enum(platformRoles), invitation: InvitationLink }).openapi('OperatorInvitation');

export const PlatformAuditQuery = z.object({ operatorId: Uuid.optional(), merchantId: Uuid.optional(), ...pageQuery });
export const PlatformAuditEvent = z
  .object({
    id: Uuid,
    createdAt: Timestamp,
    operator: z.object({ id: Uuid.nullable(), label: z.string() }),
    kind: z.enum(['read', 'change', 'account']),
    action: z.string(),
    merchantIds: z.array(Uuid),
    target: z.object({ type: z.string(), id: z.string() }).nullable(),
    summary: z.string(),
    details: Json,
    address: z.string().nullable(),
    requestId: z.string().nullable(),
  })
  .openapi('PlatformAuditEvent');
export const PlatformAuditList = pageOfItems(PlatformAuditEvent, 'PlatformAuditEventList');
