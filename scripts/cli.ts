/**
 * Operator commands, printing JSON. Works whether or not the app runs: with the embedded
 * database it joins the running server's PostgreSQL, or starts it for the command.
 *   npm run cli -- merchant:create --name N --email E            (password on standard input or COLLECT_PASSWORD)
 *   npm run cli -- user:create --merchant-id M --email E --role ROLE [--sub-merchant-id S]   (the same)
 *   npm run cli -- sub-merchant:create --merchant-id M --name N
 *   npm run cli -- operator:create --email E --first-name F --last-name L [--role PLATFORM_ADMIN|PLATFORM_SUPPORT]   (the password as for merchant:create)
 *   npm run cli -- suspense:list [--all true]; suspense:assign --id S --account-number N
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { platformRoles, userRoles } from '@/lib/auth/schema';
import { createOperator } from '@/lib/auth/operators';
import { rotateKeys } from '@/lib/auth/keys';
import { adoptEnvironment, describeSharedSettings } from '@/lib/instances/shared-settings';
import { checkLedger } from '@/lib/ledger/check';
import {
  createMerchant,
  createSubMerchant,
  createUser,
  findMerchantByUserEmail,
  setUserActive,
} from '@/lib/merchants/operations';
import { assignSuspense, listOperatorSuspense } from '@/lib/suspense/assign';
import { toSuspenseJson } from '@/lib/suspense/serialize';
import { config, ConfigError, parseConfig, setConfig } from '@/lib/platform/config';
import { openDatabase } from '@/lib/platform/database';
import { withLongStatements } from '@/lib/platform/db';
import { logger, logToStandardError } from '@/lib/platform/logger';
import { setMerchantPricing } from '@/lib/pricing/set-merchant-pricing';
import { Receipt, registerPaybillForPull, runRecoverCommand, Since } from '@/lib/recovery/command';
import { C2bApiVersion, C2bResponseType, registerC2bUrls } from '@/lib/recovery/register-c2b';
import { readStatementFile } from '@/lib/statements/read-file';
import { exportBankPayouts, PayoutFileError } from '@/lib/settlement/payouts/bank-export';
import { importBankStatus } from '@/lib/settlement/payouts/bank-status-import';
import { setMerchantCategoryCode } from '@/lib/payment-options/ke-qr/category-code';
import { readPassword } from './cli-password';

class UsageError extends Error {}

const email = z.email('must be an email address');
const uuid = z.uuid('must be a UUID');
const password = z.string().min(8, 'must be at least 8 characters');

interface Command {
  usage: string;
  options: z.ZodRawShape;
  run: (args: unknown) => Promise<unknown>;
}

/** A command whose run() receives its options already validated by their zod shape. */
function command<Shape extends z.ZodRawShape>(
  usage: string,
  options: Shape,
  run: (args: z.infer<z.ZodObject<Shape>>) => Promise<unknown>,
): Command {
  return { usage, options, run: (args) => run(args as z.infer<z.ZodObject<Shape>>) };
}

const commands: Record<string, Command> = {
  'merchant:create': command(
    '--name N --email E [--first-name F --last-name L]   (the password: standard input or COLLECT_PASSWORD)',
    { name: z.string().min(1, 'is required'), email, password: password.optional(), 'first-name': z.string().optional(), 'last-name': z.string().optional() },
    async (args) => {
      const { merchant, user, virtualAccount } = await createMerchant({
        name: args.name,
        email: args.email,
        password: args.password!,
        firstName: args['first-name'],
        lastName: args['last-name'],
      });
      return { merchant, user: publicUser(user), virtualAccount: { id: virtualAccount.id, accountNumber: virtualAccount.accountNumber, purpose: virtualAccount.purpose } };
    },
  ),
  'user:create': command(
    '--merchant-id M --email E --role MERCHANT_ADMIN|PLAIN_MERCHANT|SUPPORT [--first-name F --last-name L] [--sub-merchant-id S]   (the password: standard input or COLLECT_PASSWORD)',
    {
      'merchant-id': uuid,
      email,
      password: password.optional(),
      role: z.enum(userRoles, `must be one of ${userRoles.join(', ')}`),
      'sub-merchant-id': uuid.optional(),
      'first-name': z.string().optional(),
      'last-name': z.string().optional(),
    },
    async (args) =>
      publicUser(
        await createUser({
          merchantId: args['merchant-id'],
          email: args.email,
          password: args.password!,
          role: args.role,
          subMerchantId: args['sub-merchant-id'],
          firstName: args['first-name'],
          lastName: args['last-name'],
        }),
      ),
  ),
  'operator:create': command(
    '--email E --first-name F --last-name L [--role PLATFORM_ADMIN|PLATFORM_SUPPORT]   (the password: standard input or COLLECT_PASSWORD; docs/operator.md)',
    {
      email,
      password: password.optional(),
      'first-name': z.string().min(1, 'is required'),
      'last-name': z.string().min(1, 'is required'),
      role: z.enum(platformRoles, `must be one of ${platformRoles.join(', ')}`).default('PLATFORM_ADMIN'),
    },
    async (args) =>
      // The first operator has to come from here; the others are invited from the console. Each enrols in two factors at first sign-in.
      publicUser(await createOperator({ email: args.email, password: args.password!, firstName: args['first-name'], lastName: args['last-name'], role: args.role })),
  ),
  'sub-merchant:create': command(
    '--merchant-id M --name N',
    { 'merchant-id': uuid, name: z.string().min(1, 'is required') },
    (args) => createSubMerchant({ merchantId: args['merchant-id'], name: args.name }),
  ),
  'merchant:show': command(
    '--email E   (the merchant of that user)',
    { email },
    async (args) => {
      const found = await findMerchantByUserEmail(args.email);
      if (!found) throw new UsageError(`No user has the email ${args.email}.`);
      return { merchant: found.merchant, user: publicUser(found.user) };
    },
  ),
  'merchant:set-category-code': command(
    '--merchant-id M --code NNNN   (ISO 18245 code for its KE-QR codes; 0000 until set: docs/payers.md)',
    { 'merchant-id': uuid, code: z.string().regex(/^[0-9]{4}$/, 'must be four digits, e.g. 5411') },
    (args) => setMerchantCategoryCode(args['merchant-id'], args.code),
  ),
  'user:disable': command(
    '--email E   (ends its sessions)',
    { email },
    async (args) => publicUser(await setUserActive(args.email, false)),
  ),
  'user:enable': command('--email E', { email }, async (args) => publicUser(await setUserActive(args.email, true))),
  'ledger:check': command('(verifies every ledger invariant over the whole database; exit code 1 when one breaks)', {}, async () => {
    const report = await withLongStatements(() => checkLedger()); // long by nature: DATABASE_LONG_QUERY_TIMEOUT_MS
    if (!report.ok) process.exitCode = 1;
    return report;
  }),
  'suspense:list': command(
    '[--all true] [--limit N]   (suspense no merchant can see, as its account number named none; --all: every OPEN row)',
    { all: z.enum(['true', 'false']).optional(), limit: z.coerce.number().int().min(1).max(1000).optional() },
    async (args) => (await listOperatorSuspense({ all: args.all === 'true', limit: args.limit ?? 100 })).map(toSuspenseJson),
  ),
  'suspense:assign': command(
    '--id S --account-number N   (gives unassigned suspense to that account\'s merchant, who then resolves it or asks for its return)',
    { id: uuid, 'account-number': z.string().regex(/^\d{10}$/, 'must be a 10-digit account number') },
    async (args) => {
      const outcome = await assignSuspense(args.id, args['account-number']);
      if (!outcome.ok) throw new UsageError(assignRefusals[outcome.reason]);
      return toSuspenseJson(outcome.suspense);
    },
  ),
  'statements:import': command(
    '--file F   (a camt.053 or MT940 statement of the collection accounts: matches every credit, records those never notified; a file imported before records nothing)',
    { file: z.string().min(1, 'is required') },
    async (args) => {
      const report = await withLongStatements(() => readStatementFile(args.file)); // long by nature: DATABASE_LONG_QUERY_TIMEOUT_MS
      if ('error' in report) throw new UsageError(report.error);
      return report;
    },
  ),
  'payouts:export': command(
    '--out F [--merchant-id M]   (every PENDING bank settlement, or one merchant\'s, into one ISO 20022 pain.001.001.09 file for the bank, each marked PROCESSING; an existing file is never overwritten: docs/rails.md)',
    { out: z.string().min(1, 'is required'), 'merchant-id': uuid.optional() },
    (args) =>
      exportBankPayouts(args.out, new Date(), args['merchant-id'] ? { merchantIds: [args['merchant-id']] } : {}).catch((error: unknown) => {
        throw error instanceof PayoutFileError ? new UsageError(error.message) : error;
      }),
  ),
  'payouts:import-status': command(
    '--file F   (the bank\'s pain.002 status report: RJCT fails the settlement, ACSC pays it; an unreadable file changes nothing)',
    { file: z.string().min(1, 'is required') },
    async (args) => {
      const report = await importBankStatus(args.file);
      if ('error' in report) throw new UsageError(report.error);
      return report;
    },
  ),
  'rails:recover': command(
    '[--since 2h | --receipt R]   (asks M-Pesa for paybill payments whose callback never came and records them, printing what it found; exit code 1 when the run failed)',
    { since: Since.optional(), receipt: Receipt.optional() },
    async (args) => {
      const report = await runRecoverCommand(args);
      if (report.run.status === 'FAILED') process.exitCode = 1;
      return report;
    },
  ),
  'rails:pull-register': command(
    '--nominated-number 2547XXXXXXXX   (registers the paybill for Daraja Pull Transactions, once, before rails:recover can ask)',
    { 'nominated-number': z.string().regex(/^(2547|2541|07|01)\d{8}$/, 'must be a Safaricom number (2547… or 07…)') },
    (args) => registerPaybillForPull(args['nominated-number']),
  ),
  'rails:register-c2b': command(
    '[--response-type Completed|Cancelled] [--api-version v2|v1]   (registers the paybill\'s C2B confirmation and validation URLs with Daraja; Completed and v2 by default: docs/rails.md)',
    { 'response-type': C2bResponseType.default('Completed'), 'api-version': C2bApiVersion.default('v2') },
    (args) => registerC2bUrls({ responseType: args['response-type'], apiVersion: args['api-version'] }),
  ),
  'merchant:pricing': command(
    '--merchant-id M --schedule JSON [--effective-from ISO] [--reason R]   (the merchant\'s own fees, per currency and channel, over the default; a new version for payments received from effectiveFrom on, 5 s from now by default; \'{}\' returns to the default: docs/pricing.md)',
    { 'merchant-id': uuid, schedule: z.string().min(1, 'is required'), 'effective-from': z.iso.datetime({ offset: true, error: 'must be an ISO 8601 time' }).optional(), reason: z.string().optional() },
    (args) =>
      setMerchantPricing({
        merchantId: args['merchant-id'],
        schedule: args.schedule,
        effectiveFrom: args['effective-from'] ? new Date(args['effective-from']) : undefined,
        reason: args.reason,
        createdBy: `cli:${userInfo().username}`,
      }),
  ),
  'keys:rotate': command(
    '(new token signing key for every instance on the database; old keys keep verifying for TOKEN_KEY_GRACE_SECONDS)',
    {},
    () => rotateKeys(),
  ),
  'settings:show': command('(what the instances on this database share: names and origins, never a secret)', {}, () => describeSharedSettings()),
  'settings:adopt': command(
    '(makes this environment\'s SANDBOX and secret variables the ones every instance on the database must use; restart them all)',
    {},
    async () => {
      const result = await adoptEnvironment(config());
      if (result.adopted.length === 0) {
        throw new UsageError('Nothing to adopt: set SANDBOX, MPESA_CALLBACK_SECRET, BANK_WEBHOOK_SECRET, NEXTAUTH_SECRET or PASETO_SECRET_KEY for this command.');
      }
      return result;
    },
  ),
};

const assignRefusals = {
  not_found: 'No suspense has this id.',
  already_assigned: 'This suspense already belongs to a merchant; it resolves it from its own suspense list.',
  unknown_account: 'No account has this number.',
} as const;

function publicUser(user: { passwordHash?: string } & Record<string, unknown>) {
  const { passwordHash: _hidden, ...rest } = user;
  return rest;
}

function usage(): string {
  return ['Usage: npm run cli -- <command> [options]', '', ...Object.entries(commands).map(([name, command]) => `  ${name} ${command.usage}`)].join('\n');
}

function parseCommand(argv: string[]) {
  const [name, ...rest] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) throw new UsageError(name ? `Unknown command "${name}".\n\n${usage()}` : usage());
  let values: Record<string, unknown>;
  try {
    values = parseArgs({
      args: rest,
      options: Object.fromEntries(Object.keys(command.options).map((key) => [key, { type: 'string' as const }])),
      strict: true,
    }).values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\nUsage: npm run cli -- ${name} ${command.usage}`);
  }
  const parsed = z.object(command.options).safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `--${String(issue.path[0])} ${issue.message === 'Invalid input: expected string, received undefined' || issue.message === 'Required' ? 'is required' : issue.message}`);
    throw new UsageError(`${problems.join('\n')}\n\nUsage: npm run cli -- ${name} ${command.usage}`);
  }
  return { command, args: parsed.data };
}

/**
 * A command that takes a password reads it from standard input or COLLECT_PASSWORD (the
 * `--password` flag still works, warned as discouraged: scripts/cli-password.ts), then checks it
 * as the flag was checked.
 */
async function withPassword(name: string, parsed: ReturnType<typeof parseCommand>) {
  if (!('password' in parsed.command.options)) return parsed;
  const args = parsed.args as { password?: string };
  const checked = password.safeParse(await readPassword(args.password));
  if (!checked.success) throw new UsageError(`The password ${checked.error.issues[0]!.message}.\n\nUsage: npm run cli -- ${name} ${parsed.command.usage}`);
  return { ...parsed, args: { ...args, password: checked.data } };
}

/**
 * Writes the whole text and resolves once it has left the process. Standard output to a pipe is
 * asynchronous in Node: exiting straight after a write cut the answer at the pipe's 64 KiB.
 */
function print(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => stream.write(text, (error) => (error ? reject(error) : resolve())));
}

async function main(): Promise<number> {
  let parsed;
  try {
    setConfig(parseConfig({ LOG_LEVEL: 'warn', ...process.env }));
    // Standard output carries the JSON answer alone (`npm run cli -- suspense:list | jq`).
    logToStandardError();
    parsed = await withPassword(process.argv[2] ?? '', parseCommand(process.argv.slice(2)));
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      await print(process.stderr, `${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const database = await openDatabase(config());
  try {
    const answer = await parsed.command.run(parsed.args);
    await print(process.stdout, `${JSON.stringify(answer, null, 2)}\n`);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof ApiError || error instanceof UsageError) {
      await print(process.stderr, `${error instanceof ApiError ? (error.detail ?? error.title) : error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
    logger().info({ command: process.argv[2] }, 'operator command finished');
  }
}

// Exit only once the answer is written: a pool timer or a worker left behind must not keep
// the command running, and process.exit no longer cuts a pending write.
main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    await print(process.stderr, `${error instanceof Error ? error.message : String(error)}\n`).catch(() => undefined);
    process.exit(1);
  },
);
