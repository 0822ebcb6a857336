import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { STATUS_CODES } from 'node:http';
import { dependencyOutage, type DependencyEndpoint } from '@platform/db';
import { ProblemException, type ProblemDetails } from './problem';
import { DEFAULT_RETRY_AFTER_SECONDS } from './rate-limit';

/** How long a client is told to wait when PostgreSQL or Redis is unreachable (they restart in seconds). */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/**
 * Turns every error into application/problem+json; unexpected ones are logged, never leaked. A
 * dependency that is unreachable (PostgreSQL or Redis stopped or restarting) is a 503 naming it,
 * with Retry-After: the client did nothing wrong and may simply try again.
 */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemDetails');

  /** `endpoints`: where this process's PostgreSQL and Redis listen, so a 503 can name the one away. */
  constructor(private readonly endpoints: readonly DependencyEndpoint[] = []) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    const outage = exception instanceof HttpException ? null : dependencyOutage(exception, this.endpoints);
    const problem: ProblemDetails = outage
      ? {
          type: 'about:blank',
          title: 'Service Unavailable',
          status: HttpStatus.SERVICE_UNAVAILABLE,
          detail: `${outage} is unreachable for a moment, so this request could not be completed. Please try again in a few seconds.`,
          instance: request.originalUrl,
        }
      : this.toProblem(exception, request);
    if (outage) {
      this.logger.warn(
        { dependency: outage, err: (exception as Error).message, path: request.path },
        'dependency unreachable',
      );
      response.set('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
    } else if (problem.status >= 500) {
      this.logger.error({ err: exception, path: request.path }, 'request failed');
    }
    if (exception instanceof ProblemException) response.set(exception.headers);
    // Every 429 says when to come back, even one raised without a limit to name.
    if (problem.status === 429 && !response.get('Retry-After'))
      response.set('Retry-After', String(DEFAULT_RETRY_AFTER_SECONDS));
    response.status(problem.status).type('application/problem+json').json(problem);
  }

  private toProblem(exception: unknown, request: Request): ProblemDetails {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      if (typeof body === 'object' && body !== null && 'title' in body && 'detail' in body) {
        return {
          type: 'about:blank',
          instance: request.originalUrl,
          ...(body as Omit<ProblemDetails, 'type'>),
          status,
        } as ProblemDetails;
      }
      const message = typeof body === 'string' ? body : ((body as { message?: unknown }).message ?? exception.message);
      return {
        type: 'about:blank',
        title: STATUS_CODES[status] ?? 'Error',
        status,
        detail: Array.isArray(message) ? message.join('; ') : String(message),
        instance: request.originalUrl,
      };
    }
    return {
      type: 'about:blank',
      title: 'Internal Server Error',
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      detail: 'Something went wrong on our side. It has been logged; please try again shortly.',
      instance: request.originalUrl,
    };
  }
}
