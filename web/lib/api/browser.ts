/**
 * How the site's browser code calls the API: same-origin /api/... paths that the proxy forwards,
 * so the session cookie goes along. Answers are returned, never thrown, because every caller shows
 * the outcome to the shopper: field errors under their inputs, anything else as one message.
 * No server-only imports here: this runs in client components.
 */

export interface FieldProblem {
  path: string;
  message: string;
}

export type ApiOutcome<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      /** HTTP status, or 0 when no answer arrived. */
      status: number;
      /** One sentence for the shopper. */
      message: string;
      /** Per field, the first message. */
      fields: Record<string, string>;
      /** The `reason` member some problems carry (sign-in: wrong_code, expired, …). */
      reason: string | null;
      /** A refused form's de-duplicated messages ('Please fix the following errors:'), when sent. */
      list: string[];
    };

const NETWORK_MESSAGE = 'We could not reach the server. Please check your connection and try again.';
const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

function fieldsOf(errors: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!Array.isArray(errors)) return fields;
  for (const error of errors as Partial<FieldProblem>[]) {
    if (typeof error?.path === 'string' && typeof error.message === 'string' && !(error.path in fields))
      fields[error.path] = error.message;
  }
  return fields;
}

/** Reads an error answer: problem details (detail, errors, reason) or the watchlist's { success: false, message }. */
export function failureOf(status: number, body: unknown): Extract<ApiOutcome<never>, { ok: false }> {
  const problem = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const message =
    (typeof problem['message'] === 'string' && problem['message']) ||
    (typeof problem['detail'] === 'string' && problem['detail']) ||
    (status === 429 ? 'Too many requests. Please wait a moment and try again.' : FALLBACK_MESSAGE);
  const list = Array.isArray(problem['form_errors'])
    ? problem['form_errors'].filter((item): item is string => typeof item === 'string')
    : [];
  return {
    ok: false,
    status,
    message,
    fields: fieldsOf(problem['errors']),
    reason: typeof problem['reason'] === 'string' ? problem['reason'] : null,
    list,
  };
}

/** POST JSON to a same-origin API path. */
export function postJson<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<ApiOutcome<T>> {
  return sendJson<T>('POST', path, body, headers);
}

/** Sends JSON with any method (PATCH, DELETE) to a same-origin API path. */
export async function sendJson<T>(
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<ApiOutcome<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: NETWORK_MESSAGE, fields: {}, reason: null, list: [] };
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // An HTML error page from something in between: the status says enough.
  }
  return response.ok ? { ok: true, status: response.status, data: parsed as T } : failureOf(response.status, parsed);
}
