import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // No `output: 'standalone'`: it does not trace the custom server's files.
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
