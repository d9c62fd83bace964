import type { Task } from 'graphile-worker';
import { sql } from 'drizzle-orm';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';

/**
 * Months made ahead of the current one. The job runs every minute, so three months ahead leaves a
 * quarter for an operator to notice a job that stopped before any row lands in a default partition.
 */
export const PARTITION_MONTHS_AHEAD = 3;

/**
 * Waited for the locks that attaching a partition takes (SHARE UPDATE EXCLUSIVE on the table, which
 * writes do not conflict with, and ACCESS EXCLUSIVE on its default partition). A long report holding
 * the default partition would otherwise queue every later query behind the attach; giving up
 * instead is harmless: the next tick tries again, months before the partition is needed.
 */
const LOCK_TIMEOUT = '5s';

/**
 * The month partitions missing from now to PARTITION_MONTHS_AHEAD months on, for every table
 * partitioned by range in the schema (migration 0034: they are all partitioned by month), each
 * made by the migration's create_monthly_partition (storage options of the table's default
 * partition, such as payments' fillfactor; rows already in the default partition for that month moved
 * into it). Idempotent, and safe from several instances at once. Returns the partitions it made.
 */
export async function createMonthlyPartitions(options: { now?: Date; monthsAhead?: number } = {}): Promise<string[]> {
  const now = options.now?.toISOString() ?? null;
  const ahead = options.monthsAhead ?? PARTITION_MONTHS_AHEAD;
  const { rows: missing } = await db().execute<{ parent: string; month: string }>(sql`
    select c.oid::regclass::text as parent, to_char(month, 'YYYY-MM-DD') as month
      from pg_partitioned_table p
      join pg_class c on c.oid = p.partrelid
      join pg_namespace n on n.oid = c.relnamespace,
           generate_series(date_trunc('month', coalesce(${now}::timestamptz, now()) at time zone 'UTC'),
                           date_trunc('month', coalesce(${now}::timestamptz, now()) at time zone 'UTC') + make_interval(months => ${ahead}::int),
                           interval '1 month') month
     where n.nspname = current_schema() and p.partstrat = 'r' and not c.relispartition
       and to_regclass(format('%I.%I', n.nspname, c.relname || '_p' || to_char(month, 'YYYY_MM'))) is null
     order by month, parent`);
  const created: string[] = [];
  for (const { parent, month } of missing) {
    try {
      const made = await db().transaction(async (tx) => {
        await tx.execute(sql`select set_config('lock_timeout', ${LOCK_TIMEOUT}, true)`);
        const { rows } = await tx.execute<{ made: boolean }>(sql`select create_monthly_partition(${parent}::regclass, ${month}::date) as made`);
        return rows[0]!.made;
      });
      if (made) created.push(`${parent}_p${month.slice(0, 7).replace('-', '_')}`);
    } catch (error) {
      logger().warn({ err: error, table: parent, month }, 'a month partition was not made; the next tick tries again');
    }
  }
  if (created.length > 0) logger().info({ partitions: created }, 'month partitions made');
  return created;
}

/** Scheduled with the other sweeps (lib/service/tasks.ts): most ticks find nothing missing, in one catalog query. */
export const createMonthlyPartitionsTask: Task = async () => {
  await createMonthlyPartitions();
};
