import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { ProblemDetailsFilter, type ProblemDetails } from '@platform/server-kit';

/**
 * The watchlist's callers read a success flag and show `message` in an alert (spec 000: 'Watchlist
 * call failure'), so every error here is the usual problem details plus success: false and the
 * detail as message: one conversion, the platform's, with two fields added.
 */
@Catch()
export class WatchlistProblemFilter implements ExceptionFilter {
  private readonly problems = new ProblemDetailsFilter();

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const json = response.json.bind(response);
    response.json = (problem: ProblemDetails) => json({ ...problem, success: false, message: problem.detail });
    this.problems.catch(exception, host);
  }
}
