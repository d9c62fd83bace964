import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // No `output: 'standalone'`: it does not trace the custom server's files.
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm test` type-checks the whole project (tsc --noEmit) before anything else; repeating it
  // inside every `next build` costs ~25 s and adds nothing.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
