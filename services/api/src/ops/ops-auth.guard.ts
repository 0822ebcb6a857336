import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { DEALER_CSRF_HEADER, OPS_SESSION_COOKIE } from '@platform/domain';
import { ENV, ProblemException } from '@platform/server-kit';
import type { ApiEnv } from '../env';
import { bearerToken } from '../feeds/read-body';
import { OPS_TOKEN_ACTOR, operatorActor } from '../ops-access/ops-actor';
import { readSessionToken } from '../sign-in/session-cookie';
import { OpsOperators, type OpsPrincipal } from '../ops-access/ops-operators';
import { opsDisabled, opsTokenMatches, opsUnauthorized } from './ops-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type OpsRequest = Request & { opsActor?: string; operator?: OpsPrincipal };

/**
 * Admits a machine bearing OPS_TOKEN, or an operator signed in to the ops console (their session
 * cookie, and on anything that changes state the session's CSRF token, as the dealer console asks).
 * The actor it finds is what ops_audit_log records (OpsActorInterceptor). With neither OPS_TOKEN nor
 * an operator's session the ops API is off.
 */
@Injectable()
export class OpsAuthGuard implements CanActivate {
  constructor(
    @Inject(ENV) private readonly env: ApiEnv,
    private readonly operators: OpsOperators,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<OpsRequest>();
    const presented = bearerToken(request.headers.authorization);
    if (presented !== undefined) {
      if (!this.env.OPS_TOKEN) throw opsDisabled();
      if (!opsTokenMatches(this.env.OPS_TOKEN, presented)) throw opsUnauthorized();
      request.opsActor = OPS_TOKEN_ACTOR;
      return true;
    }
    const session = readSessionToken(request, OPS_SESSION_COOKIE);
    const operator = session ? await this.operators.principal(session) : null;
    if (!operator) {
      if (!this.env.OPS_TOKEN && !session) throw opsDisabled();
      throw opsUnauthorized();
    }
    if (!SAFE_METHODS.has(request.method) && request.headers[DEALER_CSRF_HEADER] !== operator.csrfToken) {
      throw new ProblemException({
        status: 403,
        title: 'Missing or wrong CSRF token',
        detail: `Send the ops console's CSRF token (from GET /api/ops-console/me) in the ${DEALER_CSRF_HEADER} header.`,
      });
    }
    request.operator = operator;
    request.opsActor = operatorActor(operator);
    return true;
  }
}
