/**
 * Longest redirect target kept. Real paths are far shorter; a longer one is more likely a payload
 * than a page, and it would be carried in every sign-in link.
 */
export const MAX_REDIRECT_LENGTH = 2048;

/** Decoding rounds checked: '%252F' needs two to become '/', and no real path is encoded thrice. */
const DECODE_ROUNDS = 3;

// Backslashes count as slashes to browsers ('/\evil.com' is '//evil.com'); tabs and newlines are
// dropped from URLs by the WHATWG parser, so '/\t/evil.com' would also become '//evil.com'.
const isUnsafeCharacter = (character: string): boolean => {
  const code = character.charCodeAt(0);
  return character === '\\' || code < 0x20 || code === 0x7f;
};

function isSameSitePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && ![...path].some(isUnsafeCharacter);
}

// A last check with the parser browsers use: a same-site path must keep a made-up origin.
const PROBE_ORIGIN = 'http://same-site.invalid';
function keepsOrigin(path: string): boolean {
  try {
    return new URL(path, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * `target` when it is a path on this site, else `fallback`. Sign-in sends the shopper back to a
 * `redirect` that arrived in a query string, so anything that could leave the site (another host,
 * a scheme such as javascript:, a protocol-relative '//host') is refused, also when it only appears
 * after percent-decoding, because some proxies and frameworks decode before redirecting.
 */
export function safeRedirect(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_REDIRECT_LENGTH) return fallback;
  let candidate = target;
  for (let round = 0; round <= DECODE_ROUNDS; round++) {
    if (!isSameSitePath(candidate) || !keepsOrigin(candidate)) return fallback;
    let decoded: string;
    try {
      decoded = decodeURIComponent(candidate);
    } catch {
      // Malformed escapes: a browser or proxy may read them differently from us, so refuse.
      return fallback;
    }
    if (decoded === candidate) return target;
    candidate = decoded;
  }
  // Still changing after every round: deliberately nested encoding.
  return fallback;
}
