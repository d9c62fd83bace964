import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const nextConfig: NextConfig = {
  // No `output: 'standalone'`: it does not trace the custom server's files.
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm test` type-checks the whole project (tsc --noEmit) before anything else; repeating it
  // inside every `next build` costs ~25 s and adds nothing.
  typescript: { ignoreBuildErrors: true },
  // The same 1 MB as server.ts's guard (lib/platform/http-guards.ts), which answers 413 before a
  // larger body reaches Next (Next itself would answer its own limit with a 500).
  experimental: {
    serverActions: { bodySizeLimit: '1mb' },
    // Each route's modules load on its first request instead of all at start: the idle server
    // holds only what has been asked for (docs/benchmarks.md, "Memory and start").
    preloadEntriesOnStart: false,
  },
};

// Payer pages in English and Swahili: next-intl without i18n routing (lib/i18n/request.ts).
const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

export default withNextIntl(nextConfig);
