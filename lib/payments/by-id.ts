import { and, eq, type SQL } from 'drizzle-orm';
import { writtenNear } from '@/lib/platform/db/ids';
import { payments } from './schema';

/**
 * The payment with this id, read from the month partitions of its id's time only (a time-ordered
 * id, migration 0034); every month for an older random id. Use it, not eq(payments.id, …), wherever
 * a payment is read or updated by id.
 */
export function paymentWithId(id: string): SQL {
  return and(eq(payments.id, id), writtenNear(payments.createdAt, id))!;
}
