import { HttpException } from '@nestjs/common';
import type { ZodError } from 'zod';

/** One field-level error inside a problem: the JSON path of the field and what to do about it. */
export interface FieldError {
  path: string;
  message: string;
}

/** RFC 9457 problem details, with `errors` listing field problems where there are any. */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  errors?: FieldError[];
  /** RFC 9457 extension members, e.g. form_errors for a form's error list. */
  [extension: string]: unknown;
}

/** What a thrown problem names: the standard members (type defaults to about:blank) and any extensions. */
export type ProblemInit = Partial<Pick<ProblemDetails, 'type' | 'instance' | 'errors'>> &
  Pick<ProblemDetails, 'title' | 'status' | 'detail'> &
  Record<string, unknown>;

/** An expected failure carried to the client as problem details, with any headers it needs (a 429's Retry-After). */
export class ProblemException extends HttpException {
  constructor(
    readonly problem: ProblemInit,
    readonly headers: Record<string, string> = {},
  ) {
    super({ type: 'about:blank', ...problem }, problem.status);
  }
}

export function notFound(title: string, detail: string): ProblemException {
  return new ProblemException({ status: 404, title, detail });
}

/** '(root)' only for the whole value: a key that is the empty string keeps its own (empty) name. */
const pathOf = (path: readonly PropertyKey[]): string => (path.length === 0 ? '(root)' : path.map(String).join('.'));

/** One error per field; an unknown key is named in its own path, so a misspelt filter is easy to find. */
export function fieldErrorsOf(error: ZodError): FieldError[] {
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          path: pathOf([...issue.path, key]),
          message: `Unknown field '${key}': remove it or check its spelling`,
        }))
      : [{ path: pathOf(issue.path), message: issue.message }],
  );
}

export function validationProblem(error: ZodError, where: string): ProblemException {
  const errors = fieldErrorsOf(error);
  return new ProblemException({
    status: 400,
    title: 'Invalid request',
    detail: `The ${where} is invalid: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    errors,
  });
}
