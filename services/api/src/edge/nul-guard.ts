import type { NextFunction, Request, Response } from 'express';

/** The first place a NUL character appears in a parsed request part, as a path ('q', 'fields.name'), or null. */
export function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '(value)' : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key].join('.');
    const found = nulPath(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses a request with a NUL character (U+0000) in its path, query or JSON body, before any
 * handler sees it: no PostgreSQL text can hold one, so it could only end as a failed query (a 500)
 * or a value cut short. Feed pushes are read raw and cleaned row by row by the feed pipeline.
 */
export function nulGuard(request: Request, response: Response, next: NextFunction): void {
  const where = request.path.includes('\u0000')
    ? 'path'
    : (((part) => (part ? `query.${part}` : null))(nulPath(request.query)) ??
      ((part) => (part ? `body.${part}` : null))(nulPath(request.body)));
  if (!where) return next();
  response
    .status(400)
    .type('application/problem+json')
    .json({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: `The request contains a NUL character (U+0000) in ${where}. Remove it and send the request again.`,
      errors: [{ path: where, message: 'must not contain a NUL character (U+0000)' }],
      instance: request.originalUrl.replaceAll('\u0000', '').replace(/%00/gi, ''),
    });
}
