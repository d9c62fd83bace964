import { and, desc, eq, gt, sql, type AnyColumn } from 'drizzle-orm';
import { db } from '@/lib/platform/db';
import { payerPromptRequests } from './schema';

export const PROMPT_WINDOW_SECONDS = 10 * 60;
/** Prompts a payer may ask for, within the window, from one link and to one phone (docs/payers.md). */
export const MAX_PROMPTS_PER_LINK = 3;
export const MAX_PROMPTS_PER_PHONE = 3;
/** From one address: a few payers behind one shop's or office's network, not a script. */
export const MAX_PROMPTS_PER_ADDRESS = 10;

export interface PromptAsker {
  linkToken: string;
  phone: string;
  address: string;
}

/**
 * Admits one prompt, or answers how many seconds until one is allowed. Admission and its record
 * happen in one transaction under advisory locks on the link, the phone and the address (taken
 * in one order, so two requests never wait on each other crosswise): concurrent requests, on any
 * instance, are counted one after the other and the limits hold exactly. A refused request is not
 * recorded, so asking again while refused does not push the wait further.
 */
export async function admitPayerPrompt(asker: PromptAsker): Promise<number> {
  return db().transaction(async (tx) => {
    const keys = [`payer-prompt:link:${asker.linkToken}`, `payer-prompt:phone:${asker.phone}`, `payer-prompt:address:${asker.address}`].sort();
    for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    const windowStart = sql`now() - make_interval(secs => ${PROMPT_WINDOW_SECONDS})`;
    const limits: [AnyColumn, string, number][] = [
      [payerPromptRequests.linkToken, asker.linkToken, MAX_PROMPTS_PER_LINK],
      [payerPromptRequests.phone, asker.phone, MAX_PROMPTS_PER_PHONE],
      [payerPromptRequests.address, asker.address, MAX_PROMPTS_PER_ADDRESS],
    ];
    const waits: number[] = [];
    // One after another: a transaction is one connection, which runs one statement at a time.
    for (const [column, value, limit] of limits) {
      // The limit-th newest request inside the window decides when the window frees a slot.
      const [row] = await tx
        .select({
          waitSeconds: sql<string>`ceil(extract(epoch from (${payerPromptRequests.requestedAt} + make_interval(secs => ${PROMPT_WINDOW_SECONDS}) - now())))`,
        })
        .from(payerPromptRequests)
        .where(and(eq(column, value), gt(payerPromptRequests.requestedAt, windowStart)))
        .orderBy(desc(payerPromptRequests.requestedAt), desc(payerPromptRequests.id))
        .offset(limit - 1)
        .limit(1);
      waits.push(row ? Math.max(1, Number(row.waitSeconds)) : 0);
    }
    const wait = Math.max(...waits);
    if (wait > 0) return wait;
    await tx.insert(payerPromptRequests).values(asker);
    // Old rows say nothing any more; trimming now and then keeps the table small without a job.
    if (Math.random() < 0.01) await tx.delete(payerPromptRequests).where(sql`${payerPromptRequests.requestedAt} < ${windowStart}`);
    return 0;
  });
}
