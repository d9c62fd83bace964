import path from 'node:path';
import { z } from 'zod';
import { parseFeeSchedule } from './fee-schedule';

/**
 * Every environment variable the process reads, validated once at start-up.
 * A wrong value stops the start with a sentence that names the variable.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /**
   * `pgbouncer`: DATABASE_URL goes through a transaction-mode pooler, so the app sends no named
   * prepared statements and no session state through it; DATABASE_DIRECT_URL (required then) takes
   * what needs a session: migrations, graphile-worker's LISTEN. docs/scaling.md, "PgBouncer".
   */
  DATABASE_POOLER: z.enum(['pgbouncer']).optional(),
  /** The database itself, bypassing the pooler (used only with DATABASE_POOLER). */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection URL')
    .optional(),
  /** A hot standby for lists, searches, statements and exports (docs/scaling.md, "Read replicas"); unset: every read on the primary. */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection URL')
    .optional(),
  /** The standby serves reads only while it holds everything the primary had this long ago (ms). */
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /**
   * How long a caller waits on PostgreSQL before it is answered "unavailable" (503, or the rail's
   * "retry"): to connect (or for a free connection), and for one statement. Long operations (ledger
   * check, statement import, migrations) get the long one. docs/operations.md, "Outages that hang".
   */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  DATABASE_LONG_QUERY_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(600_000),
  PAYMENT_BATCH_WRITERS: z.coerce.number().int().min(1).max(8).default(2),
  /**
   * `when-changed`: the start builds the portal when its sources changed since the last build.
   * `never`: it serves the build as it is, for an instance beside one that builds (a second instance
   * on the same tree, e2e/instances.spec.ts: its rebuild would replace the files the first one is
   * serving) or an image built ahead.
   */
  PORTAL_BUILD: z.enum(['when-changed', 'never']).default('when-changed'),
  /** Portal pages rendered at once; the rest wait their turn (lib/platform/concurrency.ts). */
  PORTAL_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(8),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SERVICE_URL: z.url({ protocol: /^https?$/ }).optional(),
  NEXTAUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  PASETO_SECRET_KEY: z.string().startsWith('k4.secret.', 'must be a PASERK k4.secret key').optional(),
  PASETO_PUBLIC_KEYS: z.string().optional(),
  TOKEN_KEY_GRACE_SECONDS: z.coerce.number().int().min(900).default(86_400),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(7 * 86_400),
  SESSION_MAX_AGE_SECONDS: z.coerce.number().int().min(60).default(30 * 86_400),
  TRUST_PROXY: booleanFlag.default(false),
  // What payers are told: this deployment's paybill and collection bank (demo values by default).
  PAYBILL_NUMBER: z.string().regex(/^[0-9]{5,7}$/, 'must be a 5 to 7 digit paybill number').default('4123456'),
  PAYBILL_NAME: z.string().min(1).default('Collect Demo Paybill'),
  BANK_NAME: z.string().min(1).default('Demo Commercial Bank of Kenya'),
  BANK_BRANCH: z.string().min(1).default('Nairobi Head Office'),
  BANK_SWIFT_CODE: z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be an 8 or 11 character SWIFT/BIC code').default('DEMOKENXXXX'),
  /** Tag 60 (merchant city) of KE-QR codes: at most 15 characters of the standard's set (docs/payers.md). */
  KE_QR_CITY: z.string().regex(/^[A-Za-z0-9 .'-]{1,15}$/, 'must be 1 to 15 letters, digits, spaces or . \' -').default('Nairobi'),
  /**
   * JSON: per currency, per channel { percent, fixed, min?, max? } as decimal strings; the first
   * one-level form (channels at the top) is read as KES. See docs/pricing.md.
   */
  FEE_SCHEDULE: z.string().optional(),
  /**
   * Sandbox: simulated inbound payments and the STK simulator. The database records the mode at its first
   * start (this, else on with the embedded database); server.ts replaces it here with the recorded one.
   */
  SANDBOX: booleanFlag.optional(),
  /** Bearer token for /metrics from elsewhere than this machine (without it, loopback only). */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Rails (see docs/rails.md). Unset secrets are shared through the database (lib/platform/shared-state).
  MPESA_CALLBACK_SECRET: z.string().regex(/^[A-Za-z0-9_-]{24,200}$/, 'must be 24 to 200 letters, digits, "-" or "_" (it travels in a URL)').optional(),
  BANK_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Phone prompts: daraja (Safaricom) or simulator (sandbox only). Default: simulator when the sandbox is on. */
  STK_PROVIDER: z.enum(['daraja', 'simulator']).optional(),
  STK_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(600).default(60),
  DARAJA_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://sandbox.safaricom.co.ke'),
  DARAJA_CONSUMER_KEY: z.string().min(1).optional(),
  DARAJA_CONSUMER_SECRET: z.string().min(1).optional(),
  DARAJA_SHORTCODE: z.string().regex(/^[0-9]{5,7}$/, 'must be a 5 to 7 digit shortcode').optional(),
  DARAJA_PASSKEY: z.string().min(1).optional(),
  /**
   * Daraja's account-level APIs (Transaction Status, Reversal) act as an initiator: its user name and
   * its password encrypted with Safaricom's certificate (the "SecurityCredential"), as issued.
   */
  DARAJA_INITIATOR_NAME: z.string().min(1).optional(),
  DARAJA_SECURITY_CREDENTIAL: z.string().min(1).optional(),
  /** Reconciliation (docs/reconciliation.md): how often missed callbacks are looked for. */
  RECOVERY_INTERVAL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(300),
  // Webhooks (see docs/webhooks.md).
  /** A delivery attempt without an answer in this time fails. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(15),
  /** In-flight webhook requests per process: to one endpoint, and in all. */
  WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(10),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(50),
  // Team and two factors (see docs/security.md).
  /** Invitations and password-reset links are also emailed through this (smtp:// or smtps://); without it an administrator copies them. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  SMTP_FROM: z.string().min(3).default('Collect <no-reply@collect.example>'),
  /** Encrypts two-factor secrets at rest (32+ characters); generated into the database when unset. */
  MFA_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  // Payer messages (see docs/messages.md): SMS through Africa's Talking; email through SMTP_URL.
  /** Who sends SMS; unset: none (the sandbox keeps them in its outbox). */
  SMS_PROVIDER: z.enum(['africastalking']).optional(),
  AT_USERNAME: z.string().min(1).optional(),
  AT_API_KEY: z.string().min(1).optional(),
  /** The registered alphanumeric sender id or short code; the account's default when unset. */
  AT_SENDER_ID: z.string().min(1).max(11).optional(),
  /** Africa's Talking's API; by default its sandbox for the username "sandbox", else its live API. */
  AT_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** How long one message may wait on its provider before the attempt counts as failed (and is retried). */
  MESSAGE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  /**
   * scrypt's cost for new password hashes, as a power of two (N = 2^this; lib/auth/passwords.ts).
   * Production keeps 15; the unit suite lowers it (vitest.config.ts: thousands of sign-ups and
   * sign-ins, each 100 ms of CPU at 15). A lower value is refused unless NODE_ENV=test.
   */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(15).default(15),
});

/** Settings that only make sense together: a Daraja prompt needs its credentials and a public callback address. */
const DARAJA_REQUIRED = ['DARAJA_CONSUMER_KEY', 'DARAJA_CONSUMER_SECRET', 'DARAJA_SHORTCODE', 'DARAJA_PASSKEY', 'PUBLIC_URL'] as const;
const checkedEnvironmentSchema = environmentSchema.superRefine((settings, context) => {
  if (settings.STK_PROVIDER === 'daraja') {
    for (const name of DARAJA_REQUIRED) {
      if (!settings[name]) context.addIssue({ code: 'custom', path: [name], message: 'must be set when STK_PROVIDER is daraja' });
    }
  }
  if (settings.SMS_PROVIDER === 'africastalking') {
    for (const name of ['AT_USERNAME', 'AT_API_KEY'] as const) {
      if (!settings[name]) context.addIssue({ code: 'custom', path: [name], message: 'must be set when SMS_PROVIDER is africastalking' });
    }
  }
  if (settings.DATABASE_POOLER) {
    for (const name of ['DATABASE_URL', 'DATABASE_DIRECT_URL'] as const) {
      if (!settings[name]) context.addIssue({ code: 'custom', path: [name], message: 'must be set when DATABASE_POOLER is set' });
    }
  }
  if (settings.FEE_SCHEDULE !== undefined) {
    const fees = parseFeeSchedule(settings.FEE_SCHEDULE);
    if (!fees.ok) context.addIssue({ code: 'custom', path: ['FEE_SCHEDULE'], message: fees.problems.join('; ') });
  }
  if (settings.PASSWORD_HASH_COST < 15 && settings.NODE_ENV !== 'test') {
    context.addIssue({ code: 'custom', path: ['PASSWORD_HASH_COST'], message: 'below 15 weakens stored passwords and is for tests only (NODE_ENV=test)' });
  }
  // Checked again against the database's recorded mode at start (lib/platform/shared-state/sandbox.ts).
  if (settings.STK_PROVIDER === 'simulator' && !(settings.SANDBOX ?? !settings.DATABASE_URL)) {
    context.addIssue({ code: 'custom', path: ['STK_PROVIDER'], message: 'simulator moves no real money and needs the sandbox (SANDBOX=true)' });
  }
});

export type AppConfig = z.infer<typeof environmentSchema> & { dataDir: string };

export class ConfigError extends Error {}

export function parseConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = checkedEnvironmentSchema.safeParse(present);
  if (!result.success) {
    const sentences = result.error.issues.map(
      (issue) => `Environment variable ${String(issue.path[0])} is not valid: ${issue.message}.`,
    );
    throw new ConfigError(sentences.join('\n'));
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
}

const globalConfig = globalThis as unknown as { __collectConfig?: AppConfig };

/** The validated configuration, parsed on first use and shared by every copy of this module. */
export function config(): AppConfig {
  globalConfig.__collectConfig ??= parseConfig();
  return globalConfig.__collectConfig;
}

/** Tests and the CLI replace the configuration before anything reads it. */
export function setConfig(next: AppConfig): void {
  globalConfig.__collectConfig = next;
}

/**
 * Sandbox (simulated payments, STK simulator). In the server SANDBOX holds the database's recorded mode
 * (lib/platform/shared-state/sandbox.ts); tests and the CLI fall back to the first-start default.
 */
export const sandboxEnabled = (settings: AppConfig = config()) => settings.SANDBOX ?? !settings.DATABASE_URL;
