import { ProblemException, rateLimitHeaders } from '@platform/server-kit';
import type { CodeCheck } from './sign-in-codes';

export type CodeFailure = Exclude<CodeCheck, { valid: true }>;

/** Problem details with a `reason` member, so the web can offer 'Request a new code' where it helps. */
export function signInProblem(
  status: number,
  title: string,
  detail: string,
  reason: string,
  field?: string,
  headers: Record<string, string> = {},
): ProblemException {
  const problem = { status, title, detail, ...(field ? { errors: [{ path: field, message: detail }] } : {}), reason };
  return new ProblemException(problem, headers);
}

/** The problem for a refused code; `subject` names where codes go (a shopper's number, a dealer's email). */
export function codeProblem(failure: CodeFailure, subject: { field: string; noun: string }): ProblemException {
  switch (failure.reason) {
    case 'wrong_code':
      return signInProblem(
        400,
        'Wrong code',
        `That code is not right. Please check it and try again (${failure.attemptsLeft} ${failure.attemptsLeft === 1 ? 'attempt' : 'attempts'} left).`,
        failure.reason,
        'code',
      );
    case 'expired':
      return signInProblem(
        400,
        'Code expired',
        'This code has expired. Please request a new code.',
        failure.reason,
        'code',
      );
    case 'too_many_attempts':
      return signInProblem(
        429,
        'Too many attempts',
        'Too many attempts. Please request a new code.',
        failure.reason,
        'code',
        // This code takes no more tries; its lifetime is the honest upper bound on when one would work again.
        rateLimitHeaders({
          policy: 'sign-in-attempts-per-code',
          limit: failure.limit,
          windowSeconds: failure.windowSeconds,
          retryAfterSeconds: failure.windowSeconds,
        }),
      );
    case 'used':
      return signInProblem(
        400,
        'Code already used',
        'This code has already been used. Please request a new code.',
        failure.reason,
        'code',
      );
    case 'no_code':
      return signInProblem(
        400,
        'No code requested',
        `No code has been sent to this ${subject.noun}. Please request a code first.`,
        failure.reason,
        subject.field,
      );
  }
}
