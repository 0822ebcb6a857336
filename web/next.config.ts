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
  // network paints the page without waiting for that round trip, often before the framework's
  // scripts have arrived (Lighthouse mobile: FCP from 1.1-1.3 s to 0.8-1.0 s; docs/performance.md).
  // The CSS rides twice (as style, and in the page's RSC payload), so each page should carry only
  // its own: the 'graph' chunking with a small request cost (requests no longer cost anything once
  // inlined) keeps the dealer console's and other pages' styles out (vehicle page 64 to 39 kB of
  // CSS, home 66 to 22 kB). Pages no longer share a cached stylesheet.
  experimental: {
    inlineCss: true,
    cssChunking: { type: 'graph', requestCost: 2000 },
    // The site editor's image upload goes through a server action; the api caps an image at 10 MB.
    serverActions: { bodySizeLimit: '11mb' },
  },
  // /media/... is forwarded to the API by proxy.ts, not by `rewrites`: rewrites are fixed at build
  // time, while API_URL is only known when the server starts.
};

export default nextConfig;
