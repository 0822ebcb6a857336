import { siteOrigin } from '@platform/domain';

/**
 * A feed URL as the user can open it from here: the api names a development host (`*.localhost`)
 * without a port, which only the request knows; a real host is left as it is. The console's pages
 * are personal and never cached, so the request's Host may shape what they show.
 */
export function feedUrlFor(url: string, requestHost: string | null): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.protocol !== 'http:' || parsed.port !== '') return url;
  return `${siteOrigin(parsed.hostname, requestHost)}${parsed.pathname}${parsed.search}`;
}
