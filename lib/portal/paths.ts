/** Paths anyone may open without signing in. Everything else in the portal needs a session. */
const PUBLIC_PREFIXES = ['/login', '/docs', '/pay/', '/api/auth/', '/invitations/', '/reset-password/'];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) =>
    prefix.endsWith('/') ? pathname.startsWith(prefix) : pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

const INTERNAL_ORIGIN = 'http://portal.internal';

/**
 * Where to go after signing in: a path on this site only, never another origin
 * (`//evil.example`, `/\evil.example`, `https://…`), never back to /login or into the API.
 */
export function safeCallbackUrl(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  try {
    const url = new URL(raw, INTERNAL_ORIGIN);
    if (url.origin !== INTERNAL_ORIGIN) return '/';
    if (url.pathname === '/login' || url.pathname.startsWith('/api/')) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

export function loginUrlFor(pathname: string, search = ''): string {
  if (pathname === '/' && !search) return '/login';
  return `/login?${new URLSearchParams({ callbackUrl: `${pathname}${search}` })}`;
}

/** Where portalClient sends a user whose session the service ended; the proxy drops the cookie there. */
export const SESSION_ENDED_URL = '/login?reason=session-ended';

export function isSessionEndedNotice(url: URL): boolean {
  return url.pathname === '/login' && url.searchParams.get('reason') === 'session-ended';
}
