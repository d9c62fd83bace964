/** The guides of /docs, in reading order: each has a page at /docs/guides/{slug}. */
export const guides = [
  { slug: 'authentication', title: 'Authentication and API keys', summary: 'Your Collect address, API keys, access tokens and the shell variables every example reads.' },
  { slug: 'collect-a-bill', title: 'Collect a bill', summary: 'Create a customer and a bill, show the payer how to pay, receive payment.received.' },
  { slug: 'receive-webhooks', title: 'Receive webhooks', summary: 'Standard Webhooks headers, what is signed, verifying in Node and Python, retries, redelivery, test events.' },
  { slug: 'errors-and-idempotency', title: 'Errors and idempotency', summary: 'Problem details, validation messages, which errors to retry, and Idempotency-Key.' },
  { slug: 'pagination', title: 'Pagination', summary: 'Lists, newest first, a page at a time: limit, cursor and the Link header.' },
] as const;

export type GuideSlug = (typeof guides)[number]['slug'];

export const guideHref = (slug: GuideSlug, anchor?: string) => `/docs/guides/${slug}${anchor ? `#${anchor}` : ''}`;
