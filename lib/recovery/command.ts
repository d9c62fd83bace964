import { z } from 'zod';
import { mpesaCallbackSecret } from '@/lib/rails/secrets';
import { registerPull } from './daraja-pull';
import { publicOrigin, pullSettings } from './daraja-settings';
import { RecoveryError } from './errors';
import { recoverMissedPayments, type RecoveryReport } from './recover';
import { recoverReceipt } from './recover-receipt';
import { MAX_LOOKBACK_MS, type RecoveryRun } from './runs';
import { PULL_NOTICE_PATH } from './routes';

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "90m", "2h", "1d": how far back the window reaches; at most Daraja's 48 hours. */
export const Since = z
  .string()
  .regex(/^\d{1,6}[smhd]$/, 'must be a number and a unit: 90m, 2h, 1d')
  .transform((text) => Number(text.slice(0, -1)) * UNIT_MS[text.slice(-1) as keyof typeof UNIT_MS])
  .refine((ms) => ms > 0 && ms <= MAX_LOOKBACK_MS, 'must be more than 0 and at most 48h (Daraja keeps transactions 48 hours)');

/** An M-Pesa receipt: letters and digits, as Daraja writes them (QK…). */
export const Receipt = z.string().regex(/^[A-Za-z0-9]{6,20}$/, 'must be an M-Pesa receipt (6 to 20 letters and digits)');

/** What `rails:recover` prints: the run's record and each transaction it looked at. */
export function toRunJson(run: RecoveryRun) {
  return {
    id: run.id,
    status: run.status,
    source: run.source,
    trigger: run.trigger,
    window: { start: run.windowStart.toISOString(), end: run.windowEnd.toISOString() },
    ...(run.receipt ? { receipt: run.receipt } : {}),
    pages: run.pages,
    found: run.found,
    recorded: run.recorded,
    suspense: run.suspense,
    duplicates: run.duplicates,
    statusQueries: run.statusQueries,
    errors: run.errors,
    error: run.error,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

export async function runRecoverCommand(args: { since?: number; receipt?: string }) {
  if (args.since !== undefined && args.receipt) throw new RecoveryError('usage', 'Give --since or --receipt, not both.');
  const report: RecoveryReport & { statusQuery?: unknown } = args.receipt
    ? await recoverReceipt(args.receipt, 'CLI')
    : await recoverMissedPayments({ trigger: 'CLI', sinceMs: args.since });
  return { run: toRunJson(report.run), transactions: report.transactions, ...(report.statusQuery ? { statusQuery: report.statusQuery } : {}) };
}

/** Once per paybill, before Pull Transactions answers: Daraja's notices go to our pull notice route. */
export async function registerPaybillForPull(nominatedNumber: string) {
  const url = `${publicOrigin()}/api/v1${PULL_NOTICE_PATH}?token=${encodeURIComponent(await mpesaCallbackSecret())}`;
  return registerPull(pullSettings(), nominatedNumber, url);
}
