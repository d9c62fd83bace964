import { and, sql } from 'drizzle-orm';
import { visibleTo } from '@/lib/api/scope';
import type { Principal } from '@/lib/auth/principal';
import { readDb } from '@/lib/platform/db/read-pool';
import { expectedPayments } from './schema';
import { dueBy, withReportedStatus } from './status';

const DUE_SOON_MS = 3 * 86_400_000;

/**
 * The overview's bill counts, in one statement: each is a filter of the bills list (status, or
 * `dueBefore` for the ones due within three days), so a figure and the list it links to agree.
 */
export async function summariseBills(principal: Principal) {
  const dueBefore = new Date(Date.now() + DUE_SOON_MS);
  const count = (condition: ReturnType<typeof withReportedStatus>) => sql`count(*) filter (where ${condition})`;
  const { rows } = await readDb().execute<{ open: string; partly_paid: string; due: string; expired: string }>(sql`
    select ${count(withReportedStatus('OPEN'))} as open, ${count(withReportedStatus('PARTIALLY_PAID'))} as partly_paid,
           ${count(dueBy(dueBefore))} as due, ${count(withReportedStatus('EXPIRED'))} as expired
      from ${expectedPayments}
     where ${and(visibleTo(principal, expectedPayments), sql`${expectedPayments.status} in ('OPEN', 'PARTIALLY_PAID', 'EXPIRED')`)}`);
  const row = rows[0]!;
  return {
    open: Number(row.open),
    partlyPaid: Number(row.partly_paid),
    dueWithinThreeDays: Number(row.due),
    expired: Number(row.expired),
    dueBefore: dueBefore.toISOString(),
  };
}
