/** Every table, for drizzle-kit and the tests that read the live schema; each domain owns its own schema file. */
export * from '@/lib/merchants/schema';
export * from '@/lib/auth/schema';
export * from '@/lib/accounts/schema';
export * from '@/lib/idempotency/schema';
export * from '@/lib/customers/schema';
export * from '@/lib/bills/schema';
export * from '@/lib/ledger/schema';
export * from '@/lib/payer-links/schema';
export * from '@/lib/payments/schema';
export * from '@/lib/events/schema';
export * from '@/lib/stk/schema';
export * from '@/lib/platform/shared-state/schema';
