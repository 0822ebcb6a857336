/**
 * Host-header parsing for tenancy. Pure functions: the proxy (proxy.ts) and the development
 * index page share them, and they are unit-tested without a server.
 */

/** A parsed Host header: the lower-case host name without port, and the port if one was sent. */
export interface ParsedHost {
  hostname: string;
  port: string | null;
}

// One DNS label: letters, digits and inner hyphens, at most 63 characters.
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOSTNAME = new RegExp(`^(?=.{1,253}$)${LABEL}(?:\\.${LABEL})*$`);
const IPV6 = /^[0-9a-f:.]+$/;
const PORT = /^\d{1,5}$/;

/**
 * Parses a Host header value ("Werribee-Isuzu-Ute.localhost:3000", "[::1]:3000", "example.com.")
 * into a lower-case host name and port. Returns null for a missing or malformed value, so junk
 * never reaches the API or the resolver cache.
 */
export function parseHost(raw: string | null | undefined): ParsedHost | null {
  // A forwarded list ("a.com, proxy.internal") names the client-facing host first.
  const value = raw?.split(',')[0]?.trim().toLowerCase();
  if (!value) return null;

  let hostname: string;
  let port: string | null = null;
  if (value.startsWith('[')) {
    const close = value.indexOf(']');
    if (close < 0) return null;
    hostname = value.slice(1, close);
    const rest = value.slice(close + 1);
    if (rest !== '') {
      if (!rest.startsWith(':')) return null;
      port = rest.slice(1);
    }
    if (!IPV6.test(hostname) || !hostname.includes(':')) return null;
  } else {
    const colon = value.lastIndexOf(':');
    if (colon >= 0) {
      hostname = value.slice(0, colon);
      port = value.slice(colon + 1);
    } else {
      hostname = value;
    }
    // A fully qualified name may end in a dot; the stored hosts never do.
    if (hostname.endsWith('.')) hostname = hostname.slice(0, -1);
    if (!HOSTNAME.test(hostname)) return null;
  }
  if (port !== null && !(PORT.test(port) && Number(port) <= 65535)) return null;
  return { hostname, port };
}

const DEV_INDEX_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);

/** Bare loopback names (no subdomain) show the development index of sites instead of a tenant. */
export function isDevIndexHost(hostname: string): boolean {
  return DEV_INDEX_HOSTS.has(hostname);
}

/** Site slugs are lower-case words joined by single hyphens; anything else is never routed. */
export const SITE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The internal path a tenant request is rewritten to: "/about-us" on a site -> "/{slug}/about-us". */
export function tenantPath(slug: string, pathname: string): string {
  if (!SITE_SLUG_PATTERN.test(slug))
    throw new Error(`Refusing to route to an invalid site slug: ${JSON.stringify(slug)}`);
  const rest = pathname === '/' || pathname === '' ? '' : pathname.startsWith('/') ? pathname : `/${pathname}`;
  return `/${slug}${rest}`;
}

/**
 * The port this server listens on (Next sets PORT when it starts listening), for development
 * addresses (siteOrigin). Never the port of a Host header, which a client may write as it likes.
 */
export function servedPort(): number | null {
  const port = process.env['PORT']?.trim();
  return port && /^\d{1,5}$/.test(port) ? Number(port) : null;
}
