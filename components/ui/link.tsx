import NextLink from 'next/link';
import type { ComponentProps } from 'react';

/**
 * The portal's links: Next's `Link` without prefetching unless a link asks for it. Every portal
 * page is dynamic (it reads the session) and none has a loading.tsx, so what Next prefetches for
 * a link in view is the route's tree alone (about 270 bytes), and the click fetches the page all
 * the same. Each such prefetch still passed through proxy.ts's session check and Next's router:
 * 15–19 ms of the server's time, 20–37 of them a page view (the main menu, the page's own links),
 * several times what the page itself cost (docs/architecture.md, "Portal"). Use this, not
 * next/link (ESLint says so).
 */
export default function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
