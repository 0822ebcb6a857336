import { z } from 'zod';

/**
 * The one fetch wrapper through which the web talks to the API. Every response is validated with a
 * zod schema before anything renders it; failures throw ApiError with the API's problem details.
 */

export const DEFAULT_API_URL = 'http://localhost:3001';

const ApiUrlSchema = z.url({
  protocol: /^https?$/,
  error: 'API_URL must be an http(s) URL such as http://localhost:3001, or several separated by commas',
});

/** API_URL as last read, parsed: reading it per call keeps it a run-time setting, parsing it once keeps calls cheap. */
let parsed: { raw: string | undefined; urls: string[] } | null = null;
let turn = 0;

/**
 * The API's base URLs without trailing slashes, from API_URL (one URL, or several separated by
 * commas for more than one api process), read on each call (never at build time).
 */
export function apiBaseUrls(env: Record<string, string | undefined> = process.env): string[] {
  const raw = env['API_URL'];
  if (parsed && parsed.raw === raw) return parsed.urls;
  const values = (raw ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  const urls = (values.length > 0 ? values : [DEFAULT_API_URL]).map((value) =>
    ApiUrlSchema.parse(value).replace(/\/+$/, ''),
  );
  parsed = { raw, urls };
  return urls;
}

/**
 * The base URL for the next request: with several api processes, each in turn. Every process
 * answers every request alike (search indexes catch up from the same change log), so no request
 * needs the one before it to have gone to the same process.
 */
export function apiBaseUrl(env: Record<string, string | undefined> = process.env): string {
  const urls = apiBaseUrls(env);
  return urls[turn++ % urls.length]!;
}

/**
 * The API address of a media file (car photos, logos): pages use site-relative /media/... paths and
 * the proxy forwards them here at request time.
 */
export function apiMediaUrl(pathname: string, search = ''): URL {
  // /media/... (photos) and /feeds/... (the syndication files Google and Meta fetch, issue 42).
  if (!pathname.startsWith('/media/') && !pathname.startsWith('/feeds/'))
    throw new Error(`Not a media path: ${pathname}`);
  return new URL(`${pathname}${search}`, `${apiBaseUrl()}/`);
}

/** RFC 9457 problem details, as the API sends them with application/problem+json. */
export const ProblemDetailsSchema = z.looseObject({
  type: z.string().optional(),
  title: z.string().optional(),
  status: z.number().int().optional(),
  detail: z.string().optional(),
});
export type ProblemDetails = z.infer<typeof ProblemDetailsSchema>;

/** A request to the API that did not give a valid answer: an HTTP error, a network failure or an unexpected body. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or null when no response arrived. */
    readonly status: number | null,
    readonly path: string,
    readonly problem: ProblemDetails | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ApiError';
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

/** Next's fetch extensions (data cache lifetime and tags); plain RequestInit elsewhere. */
export type ApiRequestInit = RequestInit & { next?: { revalidate?: number | false; tags?: string[] } };

async function readProblem(response: Response): Promise<ProblemDetails | null> {
  try {
    const parsed = ProblemDetailsSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * {method} {API_URL}{path}, parse JSON and validate it with `schema`. A POST sends `body` as JSON.
 * Throws ApiError for a non-2xx status (with problem details when sent), a network failure or a body
 * that does not match the schema.
 */
async function apiRequest<S extends z.ZodType>(
  method: 'GET' | 'POST',
  path: string,
  schema: S,
  init: ApiRequestInit & { json?: unknown } = {},
): Promise<z.output<S>> {
  const { json, ...rest } = init;
  const url = `${apiBaseUrl()}${path}`;
  const label = `${method} ${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      ...rest,
      method,
      headers: {
        accept: 'application/json',
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...rest.headers,
      },
      body: method === 'POST' ? JSON.stringify(json ?? {}) : undefined,
      signal: rest.signal ?? AbortSignal.timeout(10_000),
    });
  } catch (cause) {
    throw new ApiError(`API unreachable: ${label} (${(cause as Error).message})`, null, path, null, { cause });
  }

  if (!response.ok) {
    const problem = await readProblem(response);
    const reason = problem?.detail ?? problem?.title ?? response.statusText;
    throw new ApiError(`API answered ${response.status} to ${label}: ${reason}`, response.status, path, problem);
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new ApiError(`API sent a body that is not JSON for ${label}`, response.status, path, null, { cause });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(
      `API response for ${label} does not match its schema: ${z.prettifyError(parsed.error)}`,
      response.status,
      path,
      null,
      {
        cause: parsed.error,
      },
    );
  }
  return parsed.data;
}

/** GET {API_URL}{path}, validated with `schema` (see apiRequest for the errors). */
export function apiGet<S extends z.ZodType>(path: string, schema: S, init: ApiRequestInit = {}): Promise<z.output<S>> {
  return apiRequest('GET', path, schema, init);
}

/** POST `body` as JSON to {API_URL}{path} (a search is a POST), validated with `schema`. */
export function apiPost<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: S,
  init: ApiRequestInit = {},
): Promise<z.output<S>> {
  return apiRequest('POST', path, schema, { ...init, json: body });
}

/** Like apiGet, but a 404 answers null instead of throwing. */
export async function apiGetOrNull<S extends z.ZodType>(
  path: string,
  schema: S,
  init?: ApiRequestInit,
): Promise<z.output<S> | null> {
  try {
    return await apiGet(path, schema, init);
  } catch (error) {
    if (error instanceof ApiError && error.isNotFound) return null;
    throw error;
  }
}

/** Encodes one path segment (a slug or host) for an API URL. */
export function segment(value: string): string {
  return encodeURIComponent(value);
}
