import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { payerLinks } from '@/lib/payer-links/schema';
import { config } from '@/lib/platform/config';
import type { Queryable } from '@/lib/platform/db';
import type { MessageLanguage } from './schema';

/**
 * The bill's payer link (the same one-per-target link as POST /payer-links makes, lib/payer-links):
 * made here when the bill has none yet, so that a reminder sent by the sweep has one too.
 */
export async function billLinkToken(tx: Queryable, merchantId: string, billId: string): Promise<string> {
  await tx
    .insert(payerLinks)
    .values({ token: randomBytes(16).toString('base64url'), merchantId, targetType: 'EXPECTED_PAYMENT', targetId: billId })
    .onConflictDoNothing({ target: [payerLinks.merchantId, payerLinks.targetType, payerLinks.targetId] });
  const [link] = await tx
    .select({ token: payerLinks.token })
    .from(payerLinks)
    .where(and(eq(payerLinks.merchantId, merchantId), eq(payerLinks.targetType, 'EXPECTED_PAYMENT'), eq(payerLinks.targetId, billId)));
  return link!.token;
}

/**
 * The payer page's address as the payer opens it: PUBLIC_URL (else the address the request came
 * to, else this machine's), in the messages' language (`?lang=sw`, which the payer page follows).
 */
export function payerPageUrl(token: string, language: MessageLanguage, origin?: string): string {
  const base = config().PUBLIC_URL ?? origin ?? `http://localhost:${config().PORT}`;
  const url = new URL(`/pay/${token}`, base);
  if (language !== 'en') url.searchParams.set('lang', language);
  return url.toString();
}
