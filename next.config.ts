import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const nextConfig: NextConfig = {
  // No `output: 'standalone'`: it does not trace the custom server's files.
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm test` type-checks the whole project (`npm run typecheck`) beside the build; repeating it
  // inside every `next build` costs ~25 s and adds nothing.
  typescript: { ignoreBuildErrors: true },
  // Server actions take at most Next's default 1 MB, the same as server.ts's guard
  // (lib/platform/http-guards.ts), which answers 413 before a larger body reaches Next (Next itself
  // would answer its own limit with a 500). No `experimental` block but in CI (below): `next build`
  // prints every experiment under "Experiments (use with caution)", which tells an operator nothing.
  // Routes loading on first request (`preloadEntriesOnStart: false`) is set where the server starts
  // from the built configuration (lib/platform/portal-build.ts, builtPortalConfig).
  // PORTAL_BUILD_CACHE=off: no Turbopack cache of the build in .next/cache. The cache makes a
  // rebuild after a change take seconds, but on a fresh clone built once (.ci/run sets it) it is
  // only cost: about a fifth of the build's CPU (docs/testing.md, "No build cache in CI").
  ...(process.env.PORTAL_BUILD_CACHE === 'off' && { experimental: { turbopackFileSystemCacheForBuild: false } }),
};

// Payer pages in English and Swahili: next-intl without i18n routing (lib/i18n/request.ts).
const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

export default withNextIntl(nextConfig);
