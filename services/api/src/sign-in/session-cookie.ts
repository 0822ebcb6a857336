import type { Request, Response } from 'express';
import { SESSION_COOKIE } from '@platform/domain';

// 32 random bytes in base64url; anything else is not ours and is never looked up.
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The session token from the Cookie header, parsed by hand: one cookie by name is all we need, and
 * a malformed header must read as signed out rather than fail the request.
 */
export function readSessionToken(request: Request): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== SESSION_COOKIE) continue;
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
// POSTs, which is what keeps another site from saving cars in the shopper's name.
const FLAGS = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' } as const;

export function setSessionCookie(response: Response, token: string, maxAgeMs: number): void {
  response.cookie(SESSION_COOKIE, token, { ...FLAGS, maxAge: maxAgeMs });
}

export function clearSessionCookie(response: Response): void {
  response.clearCookie(SESSION_COOKIE, FLAGS);
}
