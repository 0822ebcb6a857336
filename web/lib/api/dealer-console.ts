import { cookies } from 'next/headers';
import { z } from 'zod';
import { DEALER_CSRF_HEADER, DEALER_SESSION_COOKIE } from '@platform/domain';
import { apiBaseUrl, ApiError, apiGet, ProblemDetailsSchema } from './client';

/**
 * The dealer console's calls to the API, made by the web server on the signed-in dealer user's
 * behalf: the session cookie alone is passed on, with the site the request came in on (a session
 * of another site's user then reads as signed out). Never cached.
 */

async function consoleHeaders(site: string): Promise<Record<string, string> | null> {
  const token = (await cookies()).get(DEALER_SESSION_COOKIE)?.value;
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return { cookie: `${DEALER_SESSION_COOKIE}=${token}`, 'x-site-slug': site };
}

/** A console GET; null when the user is signed out (no cookie, or the API answers 401). */
export async function consoleGet<S extends z.ZodType>(
  site: string,
  path: string,
  schema: S,
): Promise<z.output<S> | null> {
  const headers = await consoleHeaders(site);
  if (!headers) return null;
  try {
    return await apiGet(path, schema, { cache: 'no-store', headers });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

const MeSchema = z.looseObject({ csrfToken: z.string() });

export type ActionOutcome =
  { ok: true; body: unknown } | { ok: false; status: number | null; title: string; detail: string };

/**
 * A console action (POST or DELETE): the CSRF token comes from /me with the same cookie, so the
 * browser never needs it; the caller (a server action) is itself protected by Next's origin check.
 */
export async function consoleAction(
  site: string,
  method: 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ActionOutcome> {
  const headers = await consoleHeaders(site);
  const me = headers
    ? await apiGet('/api/dealer/me', MeSchema, { cache: 'no-store', headers }).catch(() => null)
    : null;
  if (!headers || !me)
    return { ok: false, status: 401, title: 'Signed out', detail: 'Your session has ended. Open a new sign-in link.' };
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}${path}`, {
      method,
      cache: 'no-store',
      headers: {
        ...headers,
        accept: 'application/json',
        [DEALER_CSRF_HEADER]: me.csrfToken,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    return { ok: false, status: null, title: 'Not sent', detail: 'The platform did not answer. Please try again.' };
  }
  const json: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, body: json };
  const problem = ProblemDetailsSchema.safeParse(json);
  return {
    ok: false,
    status: response.status,
    title: (problem.success && problem.data.title) || 'Not done',
    detail: (problem.success && problem.data.detail) || `The platform answered ${response.status}.`,
  };
}

export const ConsoleReservationSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  active: z.boolean(),
  dealership: z.object({ slug: z.string(), name: z.string() }),
  car: z.looseObject({ title: z.string(), stocknum: z.string().nullable(), slug: z.string().nullable() }),
  shopper: z.object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() }),
  deposit: z.object({ cents: z.number(), currency: z.string() }),
  payment: z.looseObject({ state: z.string(), reference: z.string().nullable() }),
  refund: z
    .object({
      state: z.enum(['pending', 'refunded']),
      attempts: z.number(),
      error: z.string().nullable(),
      refundedAt: z.string().nullable(),
    })
    .nullable(),
  holdExpiresAt: z.string().nullable(),
  minutesLeft: z.number().nullable(),
  extensions: z.object({ used: z.number(), max: z.number(), maxHours: z.number() }),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  can: z.object({ complete: z.boolean(), cancel: z.boolean(), extend: z.boolean() }),
});
export type ConsoleReservation = z.infer<typeof ConsoleReservationSchema>;
export const ReservationListSchema = z.object({ reservations: z.array(ConsoleReservationSchema) });

const RunSchema = z.looseObject({
  id: z.string(),
  dealership: z.object({ slug: z.string(), name: z.string() }),
  mode: z.string(),
  status: z.string(),
  detail: z.string().nullable(),
  counts: z.record(z.string(), z.number()),
  errorCount: z.number(),
  warningCount: z.number(),
  receivedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ConsoleRun = z.infer<typeof RunSchema>;
export const RunListSchema = z.object({ runs: z.array(RunSchema) });
export const RunDetailSchema = RunSchema.extend({
  errors: z.array(
    z.object({ row: z.number(), stocknum: z.string().nullable(), field: z.string(), message: z.string() }),
  ),
  errorsOmitted: z.number(),
  warnings: z.array(z.string()),
  warningsOmitted: z.number(),
  held: z
    .object({
      recorded: z.boolean(),
      withdrawals: z.array(
        z.object({
          stocknum: z.string(),
          title: z.string().nullable(),
          slug: z.string().nullable(),
          live: z.boolean(),
        }),
      ),
    })
    .nullable(),
  can: z.object({ confirm: z.boolean(), reject: z.boolean() }),
});
export type ConsoleRunDetail = z.infer<typeof RunDetailSchema>;
export const KeyListSchema = z.object({
  keys: z.array(
    z.object({
      id: z.number(),
      prefix: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string().nullable(),
      revokedAt: z.string().nullable(),
      dealership: z.object({ slug: z.string(), name: z.string() }),
    }),
  ),
});
export const MeViewSchema = z.looseObject({
  user: z.object({ name: z.string(), email: z.string() }),
  dealerships: z.array(z.object({ slug: z.string(), name: z.string(), role: z.string() })),
});

export const ConsoleUsersSchema = z.object({
  users: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      lastSignedInAt: z.string().nullable(),
      dealerships: z.array(z.object({ slug: z.string(), name: z.string(), role: z.string() })),
    }),
  ),
});
export type ConsoleUser = z.infer<typeof ConsoleUsersSchema>['users'][number];

export const AuditPageSchema = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      dealership: z.string(),
      actor: z.string(),
      action: z.string(),
      detail: z.record(z.string(), z.unknown()),
    }),
  ),
  next: z.string().nullable(),
});

export const SyndicationReportSchema = z.object({
  feeds: z.array(
    z.looseObject({
      dealership: z.string(),
      dealershipName: z.string(),
      channel: z.enum(['google', 'meta']),
      label: z.string(),
      enabled: z.boolean(),
      url: z.string().nullable(),
      downloadPath: z.string(),
      canRotate: z.boolean(),
      generatedAt: z.string().nullable(),
      included: z.number(),
      leftOut: z.number(),
      reasons: z.array(z.object({ reason: z.string(), count: z.number(), summary: z.string() })),
      cars: z.array(
        z.object({
          stocknum: z.string(),
          vin: z.string().nullable(),
          reasons: z.array(z.string()),
          path: z.string().nullable(),
        }),
      ),
      lastFetchedAt: z.string().nullable(),
      lastFetchedBy: z.string().nullable(),
    }),
  ),
});
export type ConsoleFeedReport = z.infer<typeof SyndicationReportSchema>['feeds'][number];
