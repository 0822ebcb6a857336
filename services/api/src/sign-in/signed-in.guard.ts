import { createParamDecorator, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ProblemException } from '@platform/server-kit';
import { SessionReader, type SignedInShopper } from './session-reader';

type SignedInRequest = Request & { shopper?: SignedInShopper };

export const signInRequired = (): ProblemException =>
  new ProblemException({ status: 401, title: 'Sign-in required', detail: 'Please sign in to continue.' });

/** Admits requests with a live session; the handler reads the shopper with @CurrentShopper(). */
@Injectable()
export class SignedInGuard implements CanActivate {
  constructor(private readonly sessions: SessionReader) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<SignedInRequest>();
    const shopper = await this.sessions.current(request);
    if (!shopper) throw signInRequired();
    request.shopper = shopper;
    return true;
  }
}

/** The signed-in shopper of a route behind SignedInGuard. */
export const CurrentShopper = createParamDecorator((_data: unknown, context: ExecutionContext): SignedInShopper => {
  const shopper = context.switchToHttp().getRequest<SignedInRequest>().shopper;
  if (!shopper) throw signInRequired();
  return shopper;
});
