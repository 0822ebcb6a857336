import { ProblemException, type FieldError } from '@platform/server-kit';

/** A refused form: each field's error, and the list the form shows under its title (spec 001 §5). */
export function formProblem(errors: FieldError[]): ProblemException {
  const list = [...new Set(errors.map((e) => e.message))];
  return new ProblemException({
    status: 400,
    title: 'Please fix the following errors:',
    detail: list.join(' '),
    errors,
    form_errors: list,
  });
}
