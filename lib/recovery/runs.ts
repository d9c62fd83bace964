import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { config } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { RecoveryBusy } from './errors';
import { railRecoveryRuns, type RecoverySource, type RecoveryTrigger } from './schema';

export type RecoveryRun = typeof railRecoveryRuns.$inferSelect;
export type RunCounts = Pick<RecoveryRun, 'pages' | 'found' | 'recorded' | 'suspense' | 'duplicates' | 'statusQueries' | 'errors'>;

/** Daraja keeps transactions for Pull Transactions 48 hours: no window reaches further back. */
export const MAX_LOOKBACK_MS = 48 * 3_600_000;
/** A run still RUNNING after this long died with its process: it no longer holds the window. */
const ABANDONED_AFTER_MS = 30 * 60_000;

/**
 * Each window starts before the previous one ended, because a provider's list can gain a
 * transaction late (written after its own time): at least 15 minutes, or one interval.
 */
export const overlapMs = () => Math.max(15 * 60_000, config().RECOVERY_INTERVAL_SECONDS * 1000);

/** The last run that went through its whole window: the next window follows on from it. */
export async function lastCompletedRun(source: RecoverySource): Promise<RecoveryRun | undefined> {
  const [run] = await db()
    .select()
    .from(railRecoveryRuns)
    .where(and(eq(railRecoveryRuns.rail, 'MPESA'), eq(railRecoveryRuns.source, source), eq(railRecoveryRuns.status, 'COMPLETED'), isNull(railRecoveryRuns.receipt)))
    .orderBy(desc(railRecoveryRuns.windowEnd))
    .limit(1);
  return run;
}

export async function lastStartedRun(source: RecoverySource): Promise<RecoveryRun | undefined> {
  const [run] = await db()
    .select()
    .from(railRecoveryRuns)
    .where(and(eq(railRecoveryRuns.rail, 'MPESA'), eq(railRecoveryRuns.source, source), isNull(railRecoveryRuns.receipt)))
    .orderBy(desc(railRecoveryRuns.startedAt))
    .limit(1);
  return run;
}

/**
 * The window to ask about: from `since` back when given, else from shortly before the last
 * completed run's end (a failed run leaves its window to the next), else as far back as Daraja keeps.
 */
export async function nextWindow(source: RecoverySource, now: Date, sinceMs?: number): Promise<{ start: Date; end: Date }> {
  const earliest = now.getTime() - MAX_LOOKBACK_MS;
  let start: number;
  if (sinceMs !== undefined) start = now.getTime() - sinceMs;
  else {
    const last = await lastCompletedRun(source);
    start = last ? last.windowEnd.getTime() - overlapMs() : earliest;
  }
  return { start: new Date(Math.max(start, earliest)), end: now };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

/** Opens a run; refused while another is RUNNING (one per rail and source, by a unique index). */
export async function startRun(values: { source: RecoverySource; trigger: RecoveryTrigger; window: { start: Date; end: Date }; receipt?: string }): Promise<RecoveryRun> {
  await db()
    .update(railRecoveryRuns)
    .set({ status: 'FAILED', error: 'Abandoned: its process stopped before finishing.', finishedAt: new Date() })
    .where(and(eq(railRecoveryRuns.status, 'RUNNING'), lt(railRecoveryRuns.startedAt, new Date(Date.now() - ABANDONED_AFTER_MS))));
  try {
    const [run] = await db()
      .insert(railRecoveryRuns)
      .values({ source: values.source, trigger: values.trigger, windowStart: values.window.start, windowEnd: values.window.end, receipt: values.receipt })
      .returning();
    return run!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new RecoveryBusy();
    throw error;
  }
}

export async function finishRun(id: string, counts: RunCounts, error?: string): Promise<RecoveryRun> {
  const [run] = await db()
    .update(railRecoveryRuns)
    .set({ ...counts, status: error ? 'FAILED' : 'COMPLETED', error: error ?? null, finishedAt: sql`now()` })
    .where(eq(railRecoveryRuns.id, id))
    .returning();
  return run!;
}
