import { CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DEALER_CSRF_HEADER, DEALER_SESSION_COOKIE } from '@platform/domain';
import { ProblemException } from '@platform/server-kit';
import { DealerAccounts, type DealerPrincipal } from './dealer-accounts';

// 32 random bytes in base64url; anything else is not ours and is never looked up.
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const SITE_HEADER = 'x-site-slug';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The dealer session token from the Cookie header; a malformed header reads as signed out. */
export function readDealerSessionToken(request: Request): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== DEALER_SESSION_COOKIE) continue;
    const value = pair.slice(eq + 1).trim();
    return TOKEN.test(value) ? value : null;
  }
  return null;
}

/**
 * The site a console request is for, when the web forwards it from a site's host: a session or
 * link of another site's user is then refused as if absent. The api's own clients leave it out.
 */
export function consoleSite(request: Request): string | null {
  const value = request.headers[SITE_HEADER];
  return typeof value === 'string' && /^[a-z0-9-]{1,100}$/.test(value) ? value : null;
}

// httpOnly: scripts never see the token. Secure: never sent in clear (browsers treat localhost as
// secure). Lax: sent when following a link into the console, never on another site's POST.
const FLAGS = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' } as const;

export function setDealerSessionCookie(response: Response, token: string, maxAgeMs: number): void {
  response.cookie(DEALER_SESSION_COOKIE, token, { ...FLAGS, maxAge: maxAgeMs });
}

export function clearDealerSessionCookie(response: Response): void {
  response.clearCookie(DEALER_SESSION_COOKIE, FLAGS);
}

const signedOut = (): ProblemException =>
  new ProblemException({
    status: 401,
    title: 'Sign in to the dealer console',
    detail: 'Your session has ended or you are not signed in. Open a new sign-in link to continue.',
  });

type WithPrincipal = Request & { dealer?: DealerPrincipal };

/**
 * Every console route: a live dealer session of this site, and on anything that changes state the
 * session's CSRF token in the X-CSRF-Token header (the cookie alone never authorises a change).
 */
@Injectable()
export class DealerSignedInGuard implements CanActivate {
  constructor(private readonly accounts: DealerAccounts) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<WithPrincipal>();
    const token = readDealerSessionToken(request);
    const principal = token ? await this.accounts.principal(consoleSite(request), token) : null;
    if (!principal) throw signedOut();
    if (!SAFE_METHODS.has(request.method) && request.headers[DEALER_CSRF_HEADER] !== principal.csrfToken) {
      throw new ProblemException({
        status: 403,
        title: 'Missing or wrong CSRF token',
        detail: `Send the console's CSRF token (from GET /api/dealer/me) in the ${DEALER_CSRF_HEADER} header.`,
      });
    }
    request.dealer = principal;
    return true;
  }
}

/** The signed-in dealer user of a route behind DealerSignedInGuard. */
export const Dealer = createParamDecorator(
  (_: unknown, context: ExecutionContext): DealerPrincipal =>
    context.switchToHttp().getRequest<WithPrincipal>().dealer as DealerPrincipal,
);
