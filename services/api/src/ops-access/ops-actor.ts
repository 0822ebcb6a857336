import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';

/** Who makes an ops change: the machine token, or an operator signed in to the ops console. */
export const OPS_TOKEN_ACTOR = 'ops-token';

const actors = new AsyncLocalStorage<string>();

/** The actor of the ops request being handled ('ops-token' outside one: the CLI and tests call services directly). */
export function currentOpsActor(): string {
  return actors.getStore() ?? OPS_TOKEN_ACTOR;
}

/** The audit log's name for an operator: stable (their id) and readable (their address). */
export const operatorActor = (operator: { id: string; email: string }): string =>
  `operator:${operator.id}:${operator.email}`;

type WithActor = { opsActor?: string };

/**
 * Runs an ops handler with its actor in scope, so ops_audit_log names who made each change without
 * every service taking it as a parameter. OpsAuthGuard puts the actor on the request; the handler
 * runs when the observable is subscribed, so subscribing inside run() scopes all of its work.
 */
@Injectable()
export class OpsActorInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const actor = context.switchToHttp().getRequest<WithActor>().opsActor ?? OPS_TOKEN_ACTOR;
    return new Observable((subscriber) => actors.run(actor, () => next.handle().subscribe(subscriber)));
  }
}
