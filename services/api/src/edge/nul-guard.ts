import type { NextFunction, Request, Response } from 'express';
import { hasLoneSurrogate, legibleKey } from '@platform/domain';

/** How deeply a query or JSON body may nest: no endpoint reads past a few levels. */
export const MAX_INPUT_DEPTH = 32;

/** Text no PostgreSQL text or jsonb value can hold: a NUL, or half of a UTF-16 surrogate pair. */
const unstorable = (text: string): boolean => text.includes('\u0000') || hasLoneSurrogate(text);

/**
 * The first place a parsed request part holds text PostgreSQL cannot store (a NUL character, or a
 * lone surrogate that JSON's \ud800 escapes can carry), as a path ('q', 'fields.name'), 'too deep'
 * when it nests deeper than MAX_INPUT_DEPTH, or null. Keys are shown with legibleKey, so the path
 * names even a key of control characters. Walked with a list, not the stack, so a body
 * of 100,000 nested brackets (which JSON.parse accepts) cannot overflow it.
 */
export function nulPath(value: unknown): string | 'too deep' | null {
  const pending: { node: unknown; path: string[] }[] = [{ node: value, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { node, path } = next;
    if (typeof node === 'string') {
      if (unstorable(node)) return path.map(legibleKey).join('.') || '(value)';
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    if (path.length >= MAX_INPUT_DEPTH) return 'too deep';
    for (const [key, item] of Object.entries(node).reverse()) {
      if (unstorable(key)) return [...path, key].map(legibleKey).join('.');
      pending.push({ node: item, path: [...path, key] });
    }
  }
  return null;
}

/**
 * The path's segments as the router hands them to handlers (route parameters are decoded), or null
 * when one is not valid percent-encoded UTF-8 ('%', '%zz', a lone '%C0'): no handler can read it.
 */
export function decodedSegments(path: string): string[] | null {
  try {
    return path.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

function refuse(request: Request, response: Response, detail: string, where: string, message: string): void {
  response
    .status(400)
    .type('application/problem+json')
    .json({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail,
      errors: [{ path: where, message }],
      instance: request.originalUrl.replaceAll('\u0000', '').replace(/%00/gi, ''),
    });
}

/**
 * Refuses a request with a NUL character (U+0000) in its path, query or JSON body (or one nested
 * deeper than any endpoint reads), before any
 * handler sees it: no PostgreSQL text can hold one, so it could only end as a failed query (a 500)
 * or a value cut short. The path is checked as handlers see it, decoded: Express keeps
 * `request.path` percent-encoded, so '%00' there is three harmless characters until a route
 * parameter decodes it. Feed pushes are read raw and cleaned row by row by the feed pipeline.
 */
export function nulGuard(request: Request, response: Response, next: NextFunction): void {
  const segments = decodedSegments(request.path);
  if (!segments) {
    return refuse(
      request,
      response,
      'The request path has a malformed percent-encoding (a % not followed by two hex digits, or bytes that are not UTF-8). Encode each path segment with encodeURIComponent and send the request again.',
      'path',
      'must be valid percent-encoded UTF-8',
    );
  }
  const inQuery = nulPath(request.query);
  const inBody = inQuery ? null : nulPath(request.body);
  if (inQuery === 'too deep' || inBody === 'too deep') {
    const part = inQuery ? 'query' : 'body';
    return refuse(
      request,
      response,
      `The request's ${part} nests deeper than ${MAX_INPUT_DEPTH} levels; no endpoint reads that deep. Send the fields it documents.`,
      part,
      `must nest at most ${MAX_INPUT_DEPTH} levels`,
    );
  }
  const where = segments.some((segment) => segment.includes('\u0000'))
    ? 'path'
    : inQuery
      ? `query.${inQuery}`
      : inBody
        ? `body.${inBody}`
        : null;
  if (!where) return next();
  refuse(
    request,
    response,
    `The request contains a NUL character (U+0000) or half of a surrogate pair (invalid Unicode) in ${where}. Remove it and send the request again.`,
    where,
    'must not contain a NUL character (U+0000) or a lone surrogate',
  );
}
