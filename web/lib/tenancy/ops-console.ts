import { DEFAULT_OPS_HOST } from '@platform/domain';

/**
 * Where the ops console lives (issue 51): on its own host (OPS_HOST, ops.localhost by default), at
 * the host's root; inside the app it is rendered by app/ops_console/..., a tree beside the sites'.
 * The folder's underscore is never in a site slug, so no site's path can reach it, and the proxy
 * rewrites there only for the ops host.
 */
const INTERNAL_ROOT = 'ops_console';

/** The ops host, read once when the server starts: lower case, no port. */
export const OPS_HOST = (process.env['OPS_HOST']?.trim().toLowerCase() || DEFAULT_OPS_HOST).replace(/:\d+$/, '');

/** "/sites/north-motors" on the ops host -> "/ops_console/sites/north-motors". */
export function opsConsolePath(pathname: string): string {
  return pathname === '/' ? `/${INTERNAL_ROOT}` : `/${INTERNAL_ROOT}${pathname}`;
}

/** The ops API and the console's sign-in API, forwarded from the ops host only. Encoded dots and slashes are refused. */
export function isOpsApiPath(pathname: string): boolean {
  if (/%2[ef]|\\/i.test(pathname)) return false;
  return pathname.startsWith('/api/ops/') || pathname.startsWith('/api/ops-console/');
}
