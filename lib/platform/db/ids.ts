import { randomBytes } from 'node:crypto';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * A time-ordered id (UUIDv7, RFC 9562): the first 48 bits are `at` in Unix milliseconds, then the
 * version (7), random bits, the variant and more random bits. The same shape as the database's
 * uuid_v7() (migration 0034), for rows whose id is chosen before they are written (a payment's, so
 * that its id and created_at are one instant). 74 random bits: unique without coordination, as v4 was.
 */
export function timeOrderedId(at: Date = new Date()): string {
  const bytes = randomBytes(16);
  const ms = at.getTime();
  // 48 bits of milliseconds, big-endian: high 16 bits and low 32 bits (bitwise operators stop at 32).
  bytes.writeUInt16BE(Math.floor(ms / 2 ** 32), 0);
  bytes.writeUInt32BE(ms % 2 ** 32, 2);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * `partitionKey` lies in the window a row of this id was written in (the id's time a day either
 * side; unbounded for an id without time, such as a v4 id from before migration 0034). Added to
 * every read of a partitioned table by id, so that the planner reads the one or two month
 * partitions of that window instead of every month (docs/scaling.md, "Lookups by id"). `id` is a
 * value or a column (a join by id prunes per outer row, at run time).
 */
export function writtenNear(partitionKey: SQLWrapper, id: SQLWrapper | string): SQL {
  const key = typeof id === 'string' ? sql`${id}::uuid` : id;
  return sql`${partitionKey} between id_created_after(${key}) and id_created_before(${key})`;
}

/**
 * `partitionKey` is not before the window of `id`: for rows that follow a row of that id (a
 * payment's reversal entries, its later events), which may come months later, so only the
 * months before the payment are left out.
 */
export function writtenSince(partitionKey: SQLWrapper, id: SQLWrapper | string): SQL {
  const key = typeof id === 'string' ? sql`${id}::uuid` : id;
  return sql`${partitionKey} >= id_created_after(${key})`;
}
