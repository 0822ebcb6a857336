/**
 * Runs once when the Next server starts. On Node it makes X-Forwarded-For the connection's
 * address (see lib/edge/client-address.ts), so per-client limits hold through a site's host, gives
 * every response the security headers of an answer that runs no script, for what never reaches the
 * proxy (lib/edge/baseline-headers.ts), and puts the shared page cache
 * (lib/edge/page-cache-server.ts) in front of rendering.
 */
export async function register(): Promise<void> {
  if (process.env['NEXT_RUNTIME'] !== 'nodejs') return;
  const { installClientAddress } = await import('./lib/edge/client-address');
  installClientAddress(process.env['WEB_TRUST_PROXY']);
  const { installBaselineHeaders } = await import('./lib/edge/baseline-headers');
  const { hstsMaxAgeOf, plainSecurityHeaders } = await import('./lib/edge/security-headers');
  installBaselineHeaders(
    plainSecurityHeaders({ hstsMaxAgeSeconds: hstsMaxAgeOf(process.env['HSTS_MAX_AGE_SECONDS']), https: true }),
  );
  // next dev renders the code being edited: nothing is kept.
  if (process.env.NODE_ENV === 'production') {
    const { installPageCache, pageCacheEnv } = await import('./lib/edge/page-cache-server');
    installPageCache(pageCacheEnv(process.env));
  }
}
