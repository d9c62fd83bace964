/** Every table, for drizzle's typed queries; each domain owns its own schema file. */
export * from '@/lib/merchants/schema';
export * from '@/lib/auth/schema';
export * from '@/lib/accounts/schema';
