/**
 * Runs once when the Next server starts. On Node it makes X-Forwarded-For the connection's
 * address (see lib/edge/client-address.ts), so per-client limits hold through a site's host, and
 * puts the shared page cache (lib/edge/page-cache-server.ts) in front of rendering.
 */
export async function register(): Promise<void> {
  if (process.env['NEXT_RUNTIME'] !== 'nodejs') return;
  const { installClientAddress } = await import('./lib/edge/client-address');
  installClientAddress(process.env['WEB_TRUST_PROXY']);
  // next dev renders the code being edited: nothing is kept.
  if (process.env.NODE_ENV === 'production') {
    const { installPageCache, pageCacheEnv } = await import('./lib/edge/page-cache-server');
    installPageCache(pageCacheEnv(process.env));
  }
}
