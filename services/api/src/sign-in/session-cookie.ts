import type { Request, Response } from 'express';
import { SESSION_COOKIE } from '@platform/domain';

// 32 random bytes in base64url; anything else is not ours and is never looked up.
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * A session token from the Cookie header (the shopper's, or the dealer or ops console's by name),
 * parsed by hand: one cookie by name is all we need, and a malformed header must read as signed out
 * rather than fail the request.
 */
export function readSessionToken(request: Request, name: string = SESSION_COOKIE): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    const value = pair
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    return TOKEN.test(value) ? value : null;
  }
  return null;
}

// httpOnly: scripts never see the token. Secure: never sent in clear (browsers treat localhost as
// secure, so development works). Lax: sent when following a link to the site, not on cross-site
// POSTs, which is what keeps another site from saving cars in the shopper's name. Host-only, as
// every session cookie here: a console's never reaches a shop's host, nor the ops console's a site's.
const FLAGS = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' } as const;

export function setSessionCookie(
  response: Response,
  token: string,
  maxAgeMs: number,
  name: string = SESSION_COOKIE,
): void {
  response.cookie(name, token, { ...FLAGS, maxAge: maxAgeMs });
}

export function clearSessionCookie(response: Response, name: string = SESSION_COOKIE): void {
  response.clearCookie(name, FLAGS);
}
