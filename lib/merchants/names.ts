import { inArray } from 'drizzle-orm';
import { db } from '@/lib/platform/db';
import { merchants } from './schema';

/** Merchants' names by id, for the operator's lists that show whose a record is. */
export async function merchantNames(ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db().select({ id: merchants.id, name: merchants.name }).from(merchants).where(inArray(merchants.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}
