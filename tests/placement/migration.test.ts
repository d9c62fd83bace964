import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/db';
import { violatedUniqueConstraint } from '@/lib/platform/db/errors';
import { useTestApi } from '../support/api-server';

useTestApi();

const statements = readFileSync('migrations/0010_reference_keys.sql', 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter(Boolean);

class RolledBack extends Error {}

type Transaction = Parameters<Parameters<ReturnType<typeof db>['transaction']>[0]>[0];

/** expected_payments as it was before the migration, with the columns the migration reads. */
async function shadowTable(tx: Transaction) {
  await tx.execute(sql`create temp table expected_payments (
    id uuid primary key, merchant_id uuid not null, payment_reference text not null, status text not null, created_at timestamptz not null,
    constraint expected_payments_merchant_reference_key unique (merchant_id, payment_reference)) on commit drop`);
  await tx.execute(sql`create index expected_payments_reference_idx on expected_payments (payment_reference)`);
}

/**
 * Runs the real migration against a temporary expected_payments, which shadows the table for this
 * session only (pg_temp comes first in the search path), inside a transaction that is rolled back.
 */
async function migrate(rows: { merchant: string; reference: string; status: string; minutesAgo: number }[]) {
  let result: { id: string; merchant_id: string; payment_reference: string; reference_key: string }[] = [];
  const ids = rows.map(() => randomUUID());
  await db()
    .transaction(async (tx) => {
      await shadowTable(tx);
      for (const [index, row] of rows.entries()) {
        await tx.execute(sql`insert into expected_payments values (${ids[index]}, ${row.merchant}, ${row.reference}, ${row.status}, now() - make_interval(mins => ${row.minutesAgo}))`);
      }
      for (const statement of statements) await tx.execute(sql.raw(statement));
      result = (await tx.execute(sql`select id, merchant_id, payment_reference, reference_key from pg_temp.expected_payments`)).rows as typeof result;
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return ids.map((id) => result.find((row) => row.id === id)!);
}

describe('migration 0010 on references that collide once letter case is ignored', () => {
  it('keeps the oldest bill awaiting money as it is and suffixes the others, merchant by merchant', async () => {
    const [m1, m2] = [randomUUID(), randomUUID()];
    const rows = await migrate([
      { merchant: m1, reference: 'INV-1', status: 'PAID', minutesAgo: 30 },
      { merchant: m1, reference: 'inv-1', status: 'OPEN', minutesAgo: 20 },
      { merchant: m1, reference: 'Inv-1', status: 'PARTIALLY_PAID', minutesAgo: 10 },
      { merchant: m1, reference: 'other', status: 'OPEN', minutesAgo: 5 },
      { merchant: m2, reference: 'inv-1', status: 'PAID', minutesAgo: 1 },
      { merchant: m2, reference: 'INV-2', status: 'CANCELLED', minutesAgo: 9 },
      { merchant: m2, reference: 'inv-2', status: 'EXPIRED', minutesAgo: 8 },
    ]);
    expect(rows.map((row) => [row.payment_reference, row.reference_key])).toEqual([
      ['INV-1~3', 'INV-1~3'],
      ['inv-1', 'INV-1'],
      ['Inv-1~2', 'INV-1~2'],
      ['other', 'OTHER'],
      ['inv-1', 'INV-1'],
      ['INV-2', 'INV-2'],
      ['inv-2~2', 'INV-2~2'],
    ]);
  });

  it('then refuses a second spelling of a reference within one merchant, by the unique index', async () => {
    const merchant = randomUUID();
    const failure = await db()
      .transaction(async (tx) => {
        await shadowTable(tx);
        for (const statement of statements) await tx.execute(sql.raw(statement));
        await tx.execute(sql`insert into expected_payments values (${randomUUID()}, ${merchant}, 'INV-9', 'OPEN', now())`);
        await tx.execute(sql`insert into expected_payments values (${randomUUID()}, ${merchant}, 'inv-9', 'OPEN', now())`);
      })
      .then(() => undefined, (error: unknown) => error);
    expect(violatedUniqueConstraint(failure)).toBe('expected_payments_merchant_reference_key');
  });
});
