import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closePool, pool, useDatabaseUrl } from '@/lib/platform/db';

/**
 * The path past one database (docs/scaling.md) distributes merchant-owned tables by merchant_id
 * on Citus, which enforces a primary or unique key of a distributed table only when it includes the
 * distribution column. This reads the live schema and lists every such key of a table with a
 * merchant_id column that does not include it. Each one left must be here, with its reason (the
 * same reasons, grouped, are in docs/scaling.md); a new one fails this test until it is either
 * given merchant_id or a reason.
 */
const SURROGATE =
  'a random uuid surrogate key (gen_random_uuid: unique without coordination); when the table is distributed it becomes (merchant_id, id), with the foreign keys that reference it';
const ROUTING = 'a routing key: it is looked up before the merchant is known, so it is global by nature and moves to a routing table on the coordinator';
const EXACTLY_ONCE =
  'the exactly-once key of a rail: the rail names the payment, not the merchant, and a redelivery must meet the first delivery whatever account it names';

const ALLOWED: Record<string, string> = {
  'api_keys.api_keys_pkey': SURROGATE,
  'api_keys.api_keys_secret_hash_key': `${ROUTING} (an API key's hash → its merchant)`,
  'audit_events.audit_events_pkey': SURROGATE,
  'balance_entries.balance_entries_pkey': SURROGATE,
  'customers.customers_pkey': SURROGATE,
  'events.events_pkey': SURROGATE,
  'expected_payments.expected_payments_pkey': SURROGATE,
  'invitations.invitations_pkey': SURROGATE,
  'invitations.invitations_token_hash_key': `${ROUTING} (an invitation link's token → its merchant)`,
  'merchant_pricing.merchant_pricing_pkey': SURROGATE,
  'messages.messages_pkey': SURROGATE,
  'bill_reminders.bill_reminders_pkey': 'one reminder per bill: bill ids are random uuids of one merchant, so (merchant_id, expected_payment_id) is the same rule; changed with the table when it is distributed',
  'operator_approvals.operator_approvals_pkey': `${SURROGATE}; a collection account's change has no merchant (merchant_id null) and keeps the table on the coordinator`,
  'operator_approvals.operator_approvals_one_pending_idx': "one pending change per merchant's currency, or per collection account (merchant_id null, the provider's own): it names merchant_id already, through coalesce, which a distributed table cannot take; the table is the provider's and stays on the coordinator",
  'payer_links.payer_links_pkey': `${ROUTING} (the public payment link's token → its merchant)`,
  'payment_reversals.payment_reversals_pkey': SURROGATE,
  'payment_reversals.payment_reversals_one_active_idx': 'one active reversal per payment: payment ids are random uuids, so (merchant_id, payment_id) is the same rule; changed with the table when it is distributed',
  'payment_reversals.payment_reversals_rail_reference_idx': EXACTLY_ONCE,
  'payments.payments_pkey': SURROGATE,
  'settlement_accounts.settlement_accounts_pkey': SURROGATE,
  'settlements.settlements_pkey': SURROGATE,
  'settlements.settlements_conversation_key': `${ROUTING} (Daraja's B2C/B2B Result names only its ConversationID)`,
  'settlements.settlements_originator_conversation_key': `${ROUTING} (Daraja's Result and Transaction Status name the OriginatorConversationID)`,
  'settlement_items.settlement_items_pkey': 'keyed by its settlement (a random uuid of one merchant), so (merchant_id, settlement_id, …) is the same rule; changed with the table when it is distributed',
  'settlement_items.settlement_items_once_key': 'one standing settlement per payment: payment ids are random uuids of one merchant, so (merchant_id, payment_id, kind) is the same rule; changed with the table when it is distributed',
  'unsettled_payments.unsettled_payments_pkey': 'one queue row per payment not yet settled: payment ids are random uuids of one merchant, so (merchant_id, payment_id) is the same rule; changed with the table when it is distributed',
  'sandbox_mpesa_transactions.sandbox_mpesa_transactions_pkey': `${EXACTLY_ONCE} (the sandbox's simulated M-Pesa receipts)`,
  'stk_initiations.stk_initiations_pkey': SURROGATE,
  'stk_initiations.stk_initiations_checkout_key': `${ROUTING} (Daraja's callback names only its CheckoutRequestID)`,
  'sub_merchants.sub_merchants_pkey': SURROGATE,
  'suspense_payments.suspense_payments_pkey': `${SURROGATE}; money of no known merchant (merchant_id null) keeps the table on the coordinator`,
  'suspense_payments.suspense_payments_rail_reference_key': EXACTLY_ONCE,
  'users.users_pkey': `${SURROGATE}; operators and support users have no merchant`,
  'users.users_email_key': `${ROUTING} (sign-in by email → the user's merchant)`,
  'virtual_accounts.virtual_accounts_pkey': SURROGATE,
  'virtual_accounts.virtual_accounts_account_number_key': `${ROUTING} (the account number a payer types → its merchant)`,
  'webhook_deliveries.webhook_deliveries_pkey': SURROGATE,
  'webhook_endpoints.webhook_endpoints_pkey': SURROGATE,
};

/**
 * Every unique index (primary keys and unique constraints are unique indexes) of a table with a
 * merchant_id column. A partition's keys are its table's (migration 0034), so partitions are left out.
 */
const KEYS = `
  select table_.relname as table_name, index_.relname as key_name,
         array_to_string(array(select attribute.attname::text
                                 from unnest(index_info.indkey) with ordinality as key(attnum, position)
                                 join pg_attribute attribute on attribute.attrelid = table_.oid and attribute.attnum = key.attnum
                                order by key.position), ',') as columns
    from pg_index index_info
    join pg_class table_ on table_.oid = index_info.indrelid
    join pg_class index_ on index_.oid = index_info.indexrelid
    join pg_namespace namespace on namespace.oid = table_.relnamespace
   where namespace.nspname = 'public' and index_info.indisunique and not table_.relispartition
     and exists (select 1 from information_schema.columns column_
                  where column_.table_schema = 'public' and column_.table_name = table_.relname and column_.column_name = 'merchant_id')
   order by 1, 2`;

let keys: { table_name: string; key_name: string; columns: string }[];
beforeAll(async () => {
  useDatabaseUrl(inject('databaseUrl'));
  keys = (await pool().query(KEYS)).rows;
});
afterAll(() => closePool());

describe('keys of merchant-owned tables, for sharding by merchant_id', () => {
  it('finds the merchant-owned tables and their keys in the live schema', () => {
    const tables = new Set(keys.map((key) => key.table_name));
    for (const table of ['payments', 'virtual_accounts', 'webhook_deliveries', 'customers']) expect(tables).toContain(table);
  });

  it('has no key without merchant_id that is not allowed, with a reason, in the list', () => {
    const without = keys.filter((key) => !key.columns.split(',').includes('merchant_id')).map((key) => `${key.table_name}.${key.key_name} (${key.columns})`);
    const unexplained = without.filter((entry) => !(entry.split(' ')[0]! in ALLOWED));
    expect(unexplained).toEqual([]);
  });

  it('lists no allowance for a key that no longer lacks merchant_id (the list stays true)', () => {
    const lacking = new Set(keys.filter((key) => !key.columns.split(',').includes('merchant_id')).map((key) => `${key.table_name}.${key.key_name}`));
    const stale = Object.keys(ALLOWED).filter((entry) => !lacking.has(entry));
    expect(stale).toEqual([]);
  });

  it('keeps merchant_id in the keys made shardable by migration 0016, and the exactly-once keys as they were', () => {
    const columnsOf = (name: string) => keys.find((key) => key.key_name === name)?.columns;
    expect(columnsOf('webhook_deliveries_event_endpoint_key')).toBe('merchant_id,event_id,endpoint_id');
    expect(columnsOf('payer_links_target_key')).toBe('merchant_id,target_type,target_id');
    expect(columnsOf('virtual_accounts_single_owner_key')).toBe('merchant_id,owner_type,owner_id');
    // Partitioned by month (migration 0034): a key includes created_at, so payments' exactly-once key
    // is rail_references' alone (a table of no merchant, kept on the coordinator: docs/scaling.md).
    expect(columnsOf('payments_pkey')).toBe('id,created_at');
    expect(columnsOf('payments_rail_reference_key')).toBeUndefined();
    expect(columnsOf('suspense_payments_rail_reference_key')).toBe('rail,provider_reference');
  });
});
