import { safeRedirect } from './safe-redirect';

const CONSOLE = '/dealer';
const PROBE_ORIGIN = 'http://same-site.invalid';

/**
 * Where console sign-in sends the user afterwards: `next` when it is a dealer console page of this
 * site (/dealer or under it), as the browser will read it (dot segments resolved, encoded dots
 * too), else null, so the caller falls back to the inbox. Never another host, never a
 * protocol-relative '//host', never the shop, never the sign-in page itself.
 */
export function consoleNextPath(next: unknown): string | null {
  if (safeRedirect(next, '') === '') return null;
  let url: URL;
  try {
    url = new URL(next as string, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const { pathname } = url;
  if (pathname !== CONSOLE && !pathname.startsWith(`${CONSOLE}/`)) return null;
  if (pathname === `${CONSOLE}/sign-in` || pathname.startsWith(`${CONSOLE}/sign-in/`)) return null;
  return `${pathname}${url.search}`;
}
