import path from 'node:path';
import type { NextConfig } from 'next';

// The monorepo root: Turbopack resolves @platform/* library sources (../libs/*/src, mapped in
// tsconfig.json paths) only inside its root, and file tracing must agree with it.
const repoRoot = path.resolve(__dirname, '..');

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Type errors are caught by the Nx `typecheck` target (tsc), not twice during `next build`.
  typescript: { ignoreBuildErrors: true },
  turbopack: { root: repoRoot },
  outputFileTracingRoot: repoRoot,
  // Library sources are TypeScript; compile them with the app (also covers a webpack build).
  transpilePackages: ['@platform/domain'],
  // The page's CSS comes inside its HTML instead of as stylesheets to fetch first: a phone on a slow
  // network paints the page (and its first photo) without waiting for that round trip, before the
  // framework's scripts have arrived (Lighthouse mobile: LCP from 2.5-3.0 s to about 1.2 s on the
  // vehicle page; docs/performance.md). The HTML carries about 26 kB more gzipped (the CSS, twice:
  // once as style, once in the page's RSC payload), and pages no longer share a cached stylesheet.
  experimental: { inlineCss: true },
  // /media/... is forwarded to the API by proxy.ts, not by `rewrites`: rewrites are fixed at build
  // time, while API_URL is only known when the server starts.
};

export default nextConfig;
