/** Hosts under .localhost are development hosts: served over http, on whatever port the web runs. */
const isDevelopmentHost = (hostname: string): boolean => hostname === 'localhost' || hostname.endsWith('.localhost');

/**
 * The origin a site's absolute URLs use (canonical link, og:url, structured data, shared links):
 * its configured primary host over https, never a host a request claims (X-Forwarded-Host and
 * X-Forwarded-Proto can say anything). A development host keeps the port the request reached it
 * on, and only when the request's own Host is that host.
 */
export function siteOrigin(primaryHost: string, requestHost: string | null = null): string {
  const primary = primaryHost.trim().toLowerCase();
  if (!isDevelopmentHost(primary)) return `https://${primary}`;
  const match = requestHost ? /^([a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(requestHost.trim()) : null;
  return match && match[1]?.toLowerCase() === primary && match[2]
    ? `http://${primary}:${match[2]}`
    : `http://${primary}`;
}
