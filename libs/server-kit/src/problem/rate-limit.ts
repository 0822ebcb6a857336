/** A per-client limit a 429 answer names. */
export interface RateLimitInfo {
  /** The policy's name, e.g. 'lead-submit'. */
  policy: string;
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
  /** Seconds until the client may try again. */
  retryAfterSeconds: number;
}

/** When a 429 names no retry time, the client is told to wait this long. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * The headers of a 429: `Retry-After` in seconds (RFC 9110) and the IETF RateLimit fields
 * (draft-ietf-httpapi-ratelimit-headers): `RateLimit-Policy` says the quota and window,
 * `RateLimit` that none is left and when it resets.
 */
export function rateLimitHeaders(info: RateLimitInfo): Record<string, string> {
  const retry = Math.max(0, Math.ceil(info.retryAfterSeconds));
  return {
    'Retry-After': String(retry),
    'RateLimit-Policy': `"${info.policy}";q=${info.limit};w=${Math.ceil(info.windowSeconds)}`,
    RateLimit: `"${info.policy}";r=0;t=${retry}`,
  };
}
