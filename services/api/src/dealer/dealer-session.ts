import { CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DEALER_CSRF_HEADER, DEALER_SESSION_COOKIE } from '@platform/domain';
import { ProblemException } from '@platform/server-kit';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../sign-in/session-cookie';
import { DealerAccounts, type DealerPrincipal } from './dealer-accounts';

const SITE_HEADER = 'x-site-slug';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The dealer session token from the Cookie header; a malformed header reads as signed out. */
export const readDealerSessionToken = (request: Request): string | null =>
  readSessionToken(request, DEALER_SESSION_COOKIE);

/**
 * The site a console request is for, when the web forwards it from a site's host: a session or
 * link of another site's user is then refused as if absent. The api's own clients leave it out.
 */
export function consoleSite(request: Request): string | null {
  const value = request.headers[SITE_HEADER];
  return typeof value === 'string' && /^[a-z0-9-]{1,100}$/.test(value) ? value : null;
}

export function setDealerSessionCookie(response: Response, token: string, maxAgeMs: number): void {
  setSessionCookie(response, token, maxAgeMs, DEALER_SESSION_COOKIE);
}

export function clearDealerSessionCookie(response: Response): void {
  clearSessionCookie(response, DEALER_SESSION_COOKIE);
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
