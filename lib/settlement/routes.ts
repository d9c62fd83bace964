import { createRoute, z } from '@hono/zod-openapi';
import { bearerSecurity, jsonBody, jsonResponse, problems } from '@/lib/api/schemas';
import { adminOnly } from '@/lib/auth/require-admin';
import {
  BalanceList,
  CreateSettlementAccountRequest,
  CreateSettlementRequest,
  DisableSettlementAccountRequest,
  IdempotencyKeyHeader,
  SandboxOutcomeRequest,
  Settlement,
  SettlementAccount,
  SettlementAccountList,
  SettlementAccountParams,
  SettlementEntryPage,
  SettlementEntryQuery,
  SettlementListQuery,
  SettlementParams,
  SettlementSchedule,
  SettlementScheduleRequest,
} from './schemas';

const tags = ['Settlements'];
const accounts = '/merchants/me/settlement-accounts';
const schedule = '/merchants/me/settlement-schedule';
const settlements = '/merchants/me/settlements';
const oneSettlement = `${settlements}/{settlementId}`;
const mfa =
  'A sensitive change: when the administrator has two factors on, `code` must be a current one (401 `mfa_code_required` when absent, 403 `invalid_mfa_code` when wrong). Recorded in the audit log; every other active administrator is emailed when SMTP is set.';

export const settlementRoutes = {
  balances: createRoute({
    method: 'get',
    path: '/merchants/me/balances',
    tags,
    summary: 'What is owed to you, per currency (and per sub-merchant with its own settlement account)',
    description:
      'available + pending + reserved + settling is what you are owed and not yet paid; `ledger:check` proves it against the payments. available may be below zero after a reversal or return of settled money: the next settlement nets it.',
    security: bearerSecurity,
    responses: { 200: jsonResponse(BalanceList, 'One balance per currency and bucket.'), ...problems(401) },
  }),
  listAccounts: createRoute({
    method: 'get',
    path: accounts,
    tags,
    summary: 'Settlement accounts, active and disabled, newest first',
    security: bearerSecurity,
    responses: { 200: jsonResponse(SettlementAccountList, 'The accounts, numbers masked.'), ...problems(401) },
  }),
  createAccount: createRoute({
    method: 'post',
    path: accounts,
    tags,
    summary: 'Add the account settlements are paid to (administrators)',
    description: `BANK (any collectable currency), MPESA (a Kenyan phone, KES) or PAYBILL (KES). The new account replaces, in the same transaction, the active one of its currency and bucket (disabled). ${mfa}`,
    // The role is checked before the body: a caller without it learns 403, never which fields were wrong (docs/roles.md).
    middleware: [adminOnly],
    security: bearerSecurity,
    request: { body: jsonBody(CreateSettlementAccountRequest) },
    responses: { 201: jsonResponse(SettlementAccount, 'The account, ACTIVE, its number masked.'), ...problems(400, 401, 403, 404, 409, 415, 422) },
  }),
  disableAccount: createRoute({
    method: 'post',
    path: `${accounts}/{settlementAccountId}/disable`,
    tags,
    summary: 'Disable a settlement account (administrators)',
    description: `Settlements already created still go to it; no new one is made for its currency until another account is added. Disabling a disabled account changes nothing. ${mfa}`,
    // The role is checked before the body: a caller without it learns 403, never which fields were wrong (docs/roles.md).
    middleware: [adminOnly],
    security: bearerSecurity,
    request: { params: SettlementAccountParams, body: { ...jsonBody(DisableSettlementAccountRequest), required: false } },
    responses: { 200: jsonResponse(SettlementAccount, 'The account, DISABLED.'), ...problems(400, 401, 403, 404, 415, 422) },
  }),
  getSchedule: createRoute({
    method: 'get',
    path: schedule,
    tags,
    summary: 'When settlements are made (Nairobi time)',
    security: bearerSecurity,
    responses: { 200: jsonResponse(SettlementSchedule, 'The schedule; the default (DAILY, delay 1 day) until set.'), ...problems(401) },
  }),
  putSchedule: createRoute({
    method: 'put',
    path: schedule,
    tags,
    summary: 'Set when settlements are made (administrators)',
    description: 'Replaces the whole schedule. Applies from the next run; settlements already made stay. Recorded in the audit log.',
    // The role is checked before the body: a caller without it learns 403, never which fields were wrong (docs/roles.md).
    middleware: [adminOnly],
    security: bearerSecurity,
    request: { body: jsonBody(SettlementScheduleRequest) },
    responses: { 200: jsonResponse(SettlementSchedule, 'The schedule.'), ...problems(400, 401, 403, 415, 422) },
  }),
  create: createRoute({
    method: 'post',
    path: settlements,
    tags,
    summary: 'Pay out now (Idempotency-Key required)',
    description:
      'Settles what is available in one currency (and bucket) to its active settlement account: 201 with the settlement, PENDING. 422 `nothing_to_settle` when nothing positive is available (or no whole payment fits `amount`); 409 `no_settlement_account` when the currency has no active account. SUPPORT users cannot.',
    security: bearerSecurity,
    request: { headers: IdempotencyKeyHeader, body: jsonBody(CreateSettlementRequest) },
    responses: { 201: jsonResponse(Settlement, 'The settlement, PENDING.'), ...problems(400, 401, 403, 404, 409, 415, 422) },
  }),
  list: createRoute({
    method: 'get',
    path: settlements,
    tags,
    summary: 'Settlements, newest first',
    description: 'Keyset pages: the next page is in the `Link: <…>; rel="next"` header.',
    security: bearerSecurity,
    request: { query: SettlementListQuery },
    responses: { 200: jsonResponse(z.array(Settlement), 'A page of settlements.'), ...problems(401, 422) },
  }),
  get: createRoute({
    method: 'get',
    path: oneSettlement,
    tags,
    summary: 'One settlement',
    security: bearerSecurity,
    request: { params: SettlementParams },
    responses: { 200: jsonResponse(Settlement, 'The settlement.'), ...problems(401, 404) },
  }),
  entries: createRoute({
    method: 'get',
    path: `${oneSettlement}/entries`,
    tags,
    summary: 'Every payment and reversal a settlement covers, oldest first, with its totals',
    security: bearerSecurity,
    request: { params: SettlementParams, query: SettlementEntryQuery },
    responses: { 200: jsonResponse(SettlementEntryPage, 'A page of entries and the settlement\'s totals.'), ...problems(401, 404, 422) },
  }),
  entriesCsv: createRoute({
    method: 'get',
    path: `${oneSettlement}/entries/csv`,
    tags,
    summary: 'The entries as CSV, with a totals line',
    security: bearerSecurity,
    request: { params: SettlementParams },
    responses: {
      200: { description: 'Columns kind,payment_id,provider_reference,amount,fee_amount,net_amount,currency,occurred_at; a REVERSAL\'s amount and fee negative, so that each column adds up to the last line, TOTAL (amount: grossAmount − reversalAmount; fee_amount; net_amount: the settlement\'s amount).', content: { 'text/csv': { schema: z.string() } } },
      ...problems(401, 404),
    },
  }),
  sandboxOutcome: createRoute({
    method: 'post',
    path: '/merchants/me/sandbox/settlements/{settlementId}/outcome',
    tags: ['Sandbox'],
    summary: 'Force a settlement\'s outcome (sandbox only)',
    description: 'PAID, FAILED (the money is back in available) or RETURNED (a paid one came back; an unpaid one is paid first). A transition the settlement is past answers 409 `settlement_final`. 404 when the sandbox is off.',
    security: bearerSecurity,
    request: { params: SettlementParams, body: jsonBody(SandboxOutcomeRequest) },
    responses: { 200: jsonResponse(Settlement, 'The settlement.'), ...problems(400, 401, 403, 404, 409, 415, 422) },
  }),
};
