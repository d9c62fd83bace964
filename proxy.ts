import { NextResponse, type NextRequest } from 'next/server';
import { LOCALE_HEADER, payerLocale } from '@/lib/i18n/locales';
import { isActionCallBody, isSameOriginAction } from '@/lib/portal/action-request';
import { isPublicPath, isSessionEndedNotice, loginUrlFor } from '@/lib/portal/paths';
import { checkSession, dropSessionCookie, requestCookieHeader, storeSessionCookie } from '@/lib/portal/proxy-session';
import { contentSecurityPolicy, createNonce, securityHeaders } from '@/lib/portal/security-headers';
import { secureCookiesEnabled } from '@/lib/portal/settings';

/**
 * Before every page: security headers with a fresh CSP nonce, and for portal pages a session
 * check that sends signed-out visitors to /login and refreshes a due access token.
 * Pages and server actions still check the session themselves (requireSession).
 */
export async function proxy(request: NextRequest) {
  const nonce = createNonce();
  const policy = contentSecurityPolicy(nonce, {
    development: process.env.NODE_ENV === 'development',
    https: secureCookiesEnabled(),
  });
  const headers = securityHeaders(policy, { production: process.env.NODE_ENV === 'production' });

  // Next takes the nonce for its own scripts from the request's CSP header; x-nonce is for our own <Script nonce>.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('Content-Security-Policy', policy);
  requestHeaders.set('x-nonce', nonce);

  const { pathname, search } = request.nextUrl;

  // A path segment that is not UTF-8 once percent-decoded (%ED%A0%80, a lone surrogate; %ZZ)
  // names no page: Next would fail decoding it into a route's params with a 500. Answered here
  // in plain text: a rewrite to the not-found page would be proxied back over HTTP by Next.
  if (!isDecodablePath(pathname)) {
    return withHeaders(new NextResponse('Page not found: this address cannot be read.\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } }), headers);
  }

  // The language of a payer page (lib/i18n): ?lang= first, then the browser's Accept-Language.
  // Whatever the client sent under this header's name is dropped; every other page is English.
  requestHeaders.delete(LOCALE_HEADER);
  if (pathname.startsWith('/pay/')) {
    requestHeaders.set(LOCALE_HEADER, payerLocale(request.nextUrl.searchParams.get('lang'), request.headers.get('accept-language')));
  }

  // The service refused the session's token (portalClient): forget the cookie before /login renders.
  if (isSessionEndedNotice(request.nextUrl)) {
    requestHeaders.set('cookie', requestCookieHeader(request, null));
    const response = NextResponse.next({ request: { headers: requestHeaders } });
    dropSessionCookie(response);
    return withHeaders(response, headers);
  }

  // A server action answers a signed-out caller itself (requireSession redirects in the action's protocol).
  const isServerAction = request.headers.has('next-action');
  if (isServerAction && request.method === 'POST' && !isSameOriginAction(request)) {
    return withHeaders(new NextResponse('Forbidden: this form was sent from another site.', { status: 403, headers: { 'content-type': 'text/plain' } }), headers);
  }
  if (isServerAction && request.method === 'POST' && !(await isActionCallBody(request))) {
    return withHeaders(new NextResponse('Invalid Server Action request.', { status: 400, headers: { 'content-type': 'text/plain' } }), headers);
  }
  const session = isPublicPath(pathname) ? undefined : await checkSession(request);

  if (session?.state === 'none' && !isServerAction) {
    const response = NextResponse.redirect(new URL(loginUrlFor(pathname, search), request.url));
    if (session.hadCookie) dropSessionCookie(response);
    return withHeaders(response, headers);
  }
  if (session?.state === 'refreshed') requestHeaders.set('cookie', requestCookieHeader(request, session.cookie));

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  if (session?.state === 'refreshed') storeSessionCookie(response, session.cookie);
  return withHeaders(response, headers);
}

function isDecodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function withHeaders(response: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [
    // Every page, but not Next's build assets, the top-level static files (icons, robots.txt) or
    // the service's API, which authenticates each request itself and never reaches Next anyway.
    // Only top-level: `/bills/x.png` is a page address like any other and gets the same checks.
    '/((?!_next/static|_next/image|api/v1/|[^/]*\\.(?:ico|png|svg|jpg|jpeg|gif|webp|txt|xml|webmanifest)$).*)',
  ],
};
