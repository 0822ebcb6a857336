/**
 * Runs once when the Next server starts. On Node it makes X-Forwarded-For the connection's
 * address (see lib/edge/client-address.ts), so per-client limits hold through a site's host.
 */
export async function register(): Promise<void> {
  if (process.env['NEXT_RUNTIME'] !== 'nodejs') return;
  const { installClientAddress } = await import('./lib/edge/client-address');
  installClientAddress(process.env['WEB_TRUST_PROXY']);
}
