import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ENV } from '@platform/server-kit';
import type { ApiEnv } from '../env';
import { bearerToken } from '../feeds/read-body';
import { opsDisabled, opsTokenMatches, opsUnauthorized } from './ops-token';

/** Admits requests bearing OPS_TOKEN; with no OPS_TOKEN configured the ops API is off. */
@Injectable()
export class OpsAuthGuard implements CanActivate {
  constructor(@Inject(ENV) private readonly env: ApiEnv) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.env.OPS_TOKEN) throw opsDisabled();
    const request = context.switchToHttp().getRequest<Request>();
    if (!opsTokenMatches(this.env.OPS_TOKEN, bearerToken(request.headers.authorization))) throw opsUnauthorized();
    return true;
  }
}
