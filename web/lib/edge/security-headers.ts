import { MAP_EMBED_ORIGIN, VIDEO_EMBED_ORIGINS } from '@platform/domain';

/**
 * The security headers of every HTML page. The script policy is a per-request nonce with
 * 'strict-dynamic' (Next puts the nonce on its own scripts when it finds it in the request's CSP
 * header), so no injected script runs; images come from the site and the configured image hosts,
 * frames only from the configured video and map hosts, and only the site's own frame ancestors
 * (none by default) may frame it, so the sign-in and lead forms cannot be framed.
 */
export interface PageSecurityOptions {
  nonce: string;
  /**
   * Extra image origins (CSP_IMAGE_HOSTS): a CDN in front of /media only. Dealer photos are stored
   * and served from the site's own origin (a placeholder until stored), so no dealer host is listed.
   */
  imageHosts: readonly string[];
  /** Origins allowed in iframes (CSP_FRAME_HOSTS): video and map embeds. */
  frameHosts: readonly string[];
  /** The site's embedding.frame_ancestors; empty: 'none'. */
  frameAncestors: readonly string[];
  /** next dev evaluates code and reloads over websockets. */
  development: boolean;
  /** Set Strict-Transport-Security with this max-age when served over https; 0: never. */
  hstsMaxAgeSeconds: number;
  /** Extra origins scripts may call (CSP_CONNECT_HOSTS): Stripe's API for its Payment Element. */
  connectHosts?: string[];
  /**
   * The origin of this site's third-party chat widget (chat.widget_script_url), if any: its script,
   * styles, images, calls and frames are let through on this site's pages only.
   */
  chatOrigins?: readonly string[];
  https: boolean;
}

/** The video and map embeds the pages draw, from the same rules that decide what is embedded. */
const EMBED_FRAME_ORIGINS = [...VIDEO_EMBED_ORIGINS, MAP_EMBED_ORIGIN];

export const listOf = (value: string | undefined): string[] =>
  (value ?? '')
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter((item) => /^https:\/\/[a-z0-9.-]+(?::\d+)?$/i.test(item));

/**
 * The origin of a site's chat widget script, as a CSP source; none for no widget or an address that
 * is not https (the site-config schema refuses those already; this keeps the header safe regardless).
 */
export function chatOriginsOf(widgetScriptUrl: string | null | undefined): string[] {
  if (!widgetScriptUrl) return [];
  try {
    const url = new URL(widgetScriptUrl);
    return url.protocol === 'https:' && /^[a-z0-9.-]+(?::\d+)?$/i.test(url.host) ? [url.origin] : [];
  } catch {
    return [];
  }
}

export function contentSecurityPolicy(options: PageSecurityOptions): string {
  const ancestors = options.frameAncestors.length > 0 ? options.frameAncestors.join(' ') : "'none'";
  const chat = options.chatOrigins?.length ? ` ${options.chatOrigins.join(' ')}` : '';
  return [
    "default-src 'self'",
    // 'strict-dynamic' already lets the page's own code add the widget's script; the origin is for
    // browsers that predate it.
    `script-src 'self' 'nonce-${options.nonce}' 'strict-dynamic'${chat}${options.development ? " 'unsafe-eval'" : ''}`,
    // React style props and Next's inline styles need attribute styles; styles cannot run code.
    `style-src 'self' 'unsafe-inline'${chat}`,
    `img-src 'self' data: blob: ${options.imageHosts.join(' ')}${chat}`.replace(/\s+/g, ' ').trim(),
    "font-src 'self'",
    `connect-src 'self'${options.connectHosts?.length ? ` ${options.connectHosts.join(' ')}` : ''}${chat}${options.development ? ' ws: wss:' : ''}`,
    `frame-src ${[...EMBED_FRAME_ORIGINS, ...options.frameHosts, ...(options.chatOrigins ?? [])].join(' ')}`,
    "media-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

export function pageSecurityHeaders(options: PageSecurityOptions): Record<string, string> {
  return withCommonHeaders(contentSecurityPolicy(options), options);
}

/**
 * The policy of an answer that is not a rendered page (the plain "Site not found" pages, problem
 * JSON, redirects, static files, an error page Next draws without the proxy): it runs no script,
 * loads nothing but its own inline style and images, and no one may frame it.
 */
export const PLAIN_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers of every answer the web gives that is not a rendered page (see PLAIN_CONTENT_SECURITY_POLICY). */
export function plainSecurityHeaders(
  options: Pick<PageSecurityOptions, 'hstsMaxAgeSeconds' | 'https'>,
): Record<string, string> {
  return withCommonHeaders(PLAIN_CONTENT_SECURITY_POLICY, { ...options, frameAncestors: [] });
}

function withCommonHeaders(
  policy: string,
  options: Pick<PageSecurityOptions, 'frameAncestors' | 'hstsMaxAgeSeconds' | 'https'>,
): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  // Older browsers read X-Frame-Options only; it can say 'none' or 'same origin', nothing finer.
  if (options.frameAncestors.length === 0) headers['X-Frame-Options'] = 'DENY';
  else if (options.frameAncestors.every((ancestor) => ancestor === "'self'")) headers['X-Frame-Options'] = 'SAMEORIGIN';
  if (options.https && options.hstsMaxAgeSeconds > 0)
    headers['Strict-Transport-Security'] = `max-age=${options.hstsMaxAgeSeconds}; includeSubDomains`;
  return headers;
}

/** HSTS_MAX_AGE_SECONDS: 180 days unless set; a value that is not a number turns HSTS off. */
export function hstsMaxAgeOf(value: string | undefined): number {
  const seconds = Number(value ?? 15_552_000);
  return Number.isFinite(seconds) ? seconds : 0;
}
