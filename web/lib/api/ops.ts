import { cache } from 'react';
import { cookies } from 'next/headers';
import { z } from 'zod';
import { DEALER_CSRF_HEADER, OPS_SESSION_COOKIE } from '@platform/domain';
import { apiBaseUrl, ApiError, apiGet, ProblemDetailsSchema } from './client';

/**
 * The ops console's calls to the api, made by the web server on the signed-in operator's behalf:
 * their session cookie alone is passed on, so the api applies exactly the rules the ops API has
 * (and writes the operator's name to the audit log). Never cached: every answer is one operator's.
 */

async function opsHeaders(): Promise<Record<string, string> | null> {
  const token = (await cookies()).get(OPS_SESSION_COOKIE)?.value;
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return { cookie: `${OPS_SESSION_COOKIE}=${token}` };
}

/** An ops GET; null when the operator is signed out (no cookie, or the api answers 401). */
export async function opsGet<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S> | null> {
  const headers = await opsHeaders();
  if (!headers) return null;
  try {
    return await apiGet(path, schema, { cache: 'no-store', headers });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

const OperatorSchema = z.object({
  operator: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  csrfToken: z.string(),
});
export type Operator = z.infer<typeof OperatorSchema>;

/** The signed-in operator, or null; asked once per request. */
export const getOperator = cache(async (): Promise<Operator | null> => opsGet('/api/ops-console/me', OperatorSchema));

export type OpsOutcome =
  | { ok: true; status: number; body: unknown }
  | {
      ok: false;
      status: number | null;
      title: string;
      detail: string;
      /** Per field path ('dealerships.0.locations.0.postcode'), its message. */
      errors: { path: string; message: string }[];
      /** Extension members of the problem (a stale publish's `changes`). */
      problem?: Record<string, unknown>;
    };

/** A change through the ops API with the operator's session and CSRF token. */
export async function opsAction(
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<OpsOutcome> {
  const headers = await opsHeaders();
  const operator = headers ? await getOperator().catch(() => null) : null;
  if (!headers || !operator)
    return {
      ok: false,
      status: 401,
      title: 'Signed out',
      detail: 'Your session has ended. Sign in again.',
      errors: [],
    };
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}${path}`, {
      method,
      cache: 'no-store',
      headers: {
        ...headers,
        accept: 'application/json',
        [DEALER_CSRF_HEADER]: operator.csrfToken,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    return {
      ok: false,
      status: null,
      title: 'Not sent',
      detail: 'The platform did not answer. Please try again.',
      errors: [],
    };
  }
  const json: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, body: json };
  const problem = ProblemDetailsSchema.safeParse(json);
  const errors = z.object({ errors: z.array(z.object({ path: z.string(), message: z.string() })) }).safeParse(json);
  return {
    ok: false,
    status: response.status,
    title: (problem.success && problem.data.title) || 'Not done',
    detail: (problem.success && problem.data.detail) || `The platform answered ${response.status}.`,
    errors: errors.success ? errors.data.errors : [],
    ...(problem.success ? { problem: problem.data as Record<string, unknown> } : {}),
  };
}

const HostStatusSchema = z.enum(['pending', 'verified', 'failing']);

export const SiteListSchema = z.object({
  sites: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      template: z.string().nullable(),
      status: z.enum(['active', 'suspended', 'retired']),
      retired_at: z.string().nullable(),
      created_at: z.string(),
      hosts: z.array(
        z.object({
          host: z.string(),
          primary: z.boolean(),
          status: HostStatusSchema,
          certificate_asked_at: z.string().nullable(),
        }),
      ),
      dealerships: z.number(),
      cars_live: z.number(),
      last_feed_run: z.object({ dealership: z.string(), status: z.string(), received_at: z.string() }).nullable(),
      leads_today: z.number(),
    }),
  ),
});
export type OpsSiteEntry = z.infer<typeof SiteListSchema>['sites'][number];

const DayHoursSchema = z.union([z.object({ open: z.string(), close: z.string() }), z.literal('closed'), z.unknown()]);

export const SiteDetailSchema = z.object({
  slug: z.string(),
  name: z.string(),
  template: z.string().nullable(),
  status: z.enum(['active', 'suspended', 'retired']),
  retired_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  hosts: z.array(
    z.object({
      host: z.string(),
      primary: z.boolean(),
      status: HostStatusSchema,
      serves: z.boolean(),
      verified_at: z.string().nullable(),
      verified_by: z.enum(['dns', 'http']).nullable(),
      certificate_asked_at: z.string().nullable(),
      dns_records: z.array(z.object({ type: z.string(), name: z.string(), value: z.string() }).loose()),
    }),
  ),
  dealerships: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      manufacturer: z.string().nullable(),
      config: z.record(z.string(), z.unknown()),
      locations: z.array(
        z.object({
          slug: z.string(),
          name: z.string(),
          location_type: z.string(),
          primary: z.boolean(),
          visible: z.boolean(),
          brands: z.array(z.string()),
          address: z.object({ street: z.string(), city: z.string(), state: z.string(), postcode: z.string() }).loose(),
          phone: z.string().nullable(),
          time_zone: z.string(),
          hours: z.record(z.string(), z.record(z.string(), DayHoursSchema)),
          special_hours: z.array(z.object({ date: z.string(), department: z.string(), hours: DayHoursSchema })),
        }),
      ),
    }),
  ),
});
export type OpsSiteDetail = z.infer<typeof SiteDetailSchema>;

export const OnboardingOptionsSchema = z.object({
  templates: z.array(z.object({ name: z.string() })),
  manufacturers: z.array(z.object({ slug: z.string(), name: z.string() })),
  time_zones: z.array(z.string()),
});
export type OnboardingOptions = z.infer<typeof OnboardingOptionsSchema>;

const DnsRecordSchema = z
  .object({ type: z.string(), name: z.string(), value: z.string(), purpose: z.string() })
  .loose();

/** What POST /api/ops/onboarding answers: the keys and links in it are shown once, never stored by the web. */
export const OnboardingAnswerSchema = z.object({
  site: z.object({ slug: z.string(), name: z.string(), url: z.string(), urls: z.array(z.string()) }),
  hosts: z.array(
    z.object({
      host: z.string(),
      primary: z.boolean(),
      status: HostStatusSchema,
      serves: z.boolean(),
      url: z.string(),
      dns_records: z.array(DnsRecordSchema),
    }),
  ),
  dealerships: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      feed_path: z.string(),
      feed_key: z.object({ key: z.string(), prefix: z.string() }),
      owner: z.object({ email: z.string(), name: z.string(), sign_in_url: z.string(), expires_at: z.string() }),
    }),
  ),
});
export type OnboardingAnswerView = z.infer<typeof OnboardingAnswerSchema>;
