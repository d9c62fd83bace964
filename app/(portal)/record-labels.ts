import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { billRoutes } from '@/lib/bills/routes';
import type { ServiceClient } from '@/lib/client';
import { customerRoutes } from '@/lib/customers/routes';

/**
 * What a page writes where it names a bill or a customer by id (a prompt's purpose, "the payments
 * of …"): the bill's reference and the customer's name, as the merchant knows them. A name is a
 * courtesy: one out of sight (another sub-merchant's, say) answers undefined, and the page writes a
 * generic label that still links.
 */
export const quietly = <T,>(pending: Promise<T>): Promise<T | undefined> =>
  pending.catch((error: unknown) => {
    unstable_rethrow(error);
    return undefined;
  });

export async function billReference(client: ServiceClient, expectedPaymentId: string): Promise<string | undefined> {
  return (await quietly(client.call(billRoutes.get, { params: { expectedPaymentId } })))?.paymentReference;
}

export async function customerName(client: ServiceClient, customerId: string): Promise<string | undefined> {
  return (await quietly(client.call(customerRoutes.get, { params: { customerId } })))?.displayName;
}

/** "bill INV-2041", or "one bill" when it cannot be named. */
export const billLabel = async (client: ServiceClient, expectedPaymentId: string) => {
  const reference = await billReference(client, expectedPaymentId);
  return reference ? `bill ${reference}` : 'one bill';
};

/** The customer's name, or "one customer" when it cannot be named. */
export const customerLabel = async (client: ServiceClient, customerId: string) => (await customerName(client, customerId)) ?? 'one customer';

/** Names of many ids at once, each distinct id fetched once (a page of prompts names a bill many times). */
export async function namesOf(ids: Iterable<string | null>, name: (id: string) => Promise<string | undefined>): Promise<Map<string, string | undefined>> {
  const distinct = [...new Set([...ids].filter((id): id is string => id !== null))];
  const names = await Promise.all(distinct.map(name));
  return new Map(distinct.map((id, index) => [id, names[index]]));
}
