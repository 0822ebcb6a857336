import { cache } from 'react';
import { cookies } from 'next/headers';
import { z } from 'zod';
import {
  DEALER_CSRF_HEADER,
  DEALER_ROLES,
  DEALER_SESSION_COOKIE,
  LEAD_STATUSES,
  REPLY_CHANNELS,
  REPLY_KINDS,
  RESPONSE_STATES,
  TASK_KINDS,
} from '@platform/domain';
import { apiBaseUrl, ApiError, apiGet, ProblemDetailsSchema, segment } from './client';

/**
 * The dealer console's calls to the api, made by the web server on the signed-in dealer user's
 * behalf: the session cookie alone is passed on, with the site the page is rendered for, so the api
 * applies exactly the rules the browser's calls meet (isolation, roles; a session of another site's
 * user reads as signed out). Never cached: every answer is one user's. Reads are `consoleGet` (and
 * the typed helpers below), changes `consoleAction`.
 */

async function consoleHeaders(site: string): Promise<Record<string, string> | null> {
  const token = (await cookies()).get(DEALER_SESSION_COOKIE)?.value;
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return { cookie: `${DEALER_SESSION_COOKIE}=${token}`, 'x-site-slug': site };
}

/** A console GET; null when the user is signed out (no cookie, or the api answers 401). */
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

const DealerMeSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  site: z.string(),
  dealerships: z.array(z.object({ slug: z.string(), name: z.string(), role: z.enum(DEALER_ROLES) })),
  csrfToken: z.string(),
});
export type DealerMe = z.infer<typeof DealerMeSchema>;

/** The signed-in dealer user on this site, or null when signed out; asked once per request. */
export const getDealerMe = cache(async (site: string): Promise<DealerMe | null> =>
  consoleGet(site, '/api/dealer/me', DealerMeSchema),
);

const Person = z.object({ id: z.string(), name: z.string() });

const LeadSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  form: z.string(),
  dealership: z.object({ slug: z.string(), name: z.string() }),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  car: z.object({ id: z.number(), slug: z.string(), stocknum: z.string(), title: z.string() }).nullable(),
  status: z.enum(LEAD_STATUSES),
  lostReason: z.string().nullable(),
  assignee: Person.nullable(),
  response: z.object({
    dueAt: z.string().nullable(),
    firstResponseAt: z.string().nullable(),
    state: z.enum(RESPONSE_STATES).nullable(),
    minutes: z.number().nullable(),
  }),
  timeZone: z.string(),
});
export type DealerLeadSummary = z.infer<typeof LeadSummarySchema>;

const LeadListSchema = z.object({ leads: z.array(LeadSummarySchema), next: z.string().nullable() });

/** A follow-up task (call back, test drive, finance documents) as the api answers it. */
export const LeadTaskSchema = z.object({
  id: z.string(),
  kind: z.enum(TASK_KINDS),
  title: z.string().nullable(),
  dueAt: z.string(),
  remindAt: z.string().nullable(),
  remindedAt: z.string().nullable(),
  state: z.enum(['done', 'cancelled', 'overdue', 'today', 'upcoming']),
  assignee: Person.nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
  doneBy: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type DealerLeadTask = z.infer<typeof LeadTaskSchema>;

const LeadDetailSchema = LeadSummarySchema.extend({
  category: z.string(),
  subcategory: z.string().nullable(),
  answers: z.record(z.string(), z.unknown()),
  source: z.record(z.string(), z.unknown()),
  valuation: z.record(z.string(), z.unknown()).nullable(),
  deliveries: z.array(
    z.object({ channel: z.string(), status: z.string(), attempts: z.number(), updatedAt: z.string() }),
  ),
  vehicle: z
    .object({ photo: z.string().nullable(), price: z.number().nullable(), path: z.string(), status: z.string() })
    .nullable(),
  canChange: z.boolean(),
  assignees: z.array(Person),
  notes: z.array(
    z.object({
      id: z.string(),
      body: z.string(),
      author: z.object({ id: z.string().nullable(), name: z.string() }),
      createdAt: z.string(),
    }),
  ),
  history: z.array(
    z.object({ at: z.string(), action: z.string(), by: z.string(), detail: z.record(z.string(), z.unknown()) }),
  ),
  reservation: z
    .object({
      id: z.string(),
      kind: z.string(),
      status: z.string(),
      deposit: z.number(),
      holdExpiresAt: z.string().nullable(),
    })
    .nullable(),
  lostReasons: z.array(z.string()),
  location: z.string().nullable(),
  customer: z.object({
    leads: z.array(
      z.object({
        id: z.string(),
        createdAt: z.string(),
        form: z.string(),
        status: z.enum(LEAD_STATUSES),
        car: z.object({ title: z.string() }).nullable(),
        duplicateOf: z.string().nullable(),
      }),
    ),
    reservations: z.array(
      z.object({
        id: z.string(),
        leadId: z.string(),
        kind: z.string(),
        status: z.string(),
        deposit: z.number(),
        createdAt: z.string(),
      }),
    ),
  }),
  duplicateOf: z.string().nullable(),
  replies: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(REPLY_KINDS),
      channel: z.enum(REPLY_CHANNELS),
      by: z.string(),
      to: z.string(),
      subject: z.string().nullable(),
      body: z.string().nullable(),
      status: z.enum(['pending', 'sent', 'skipped', 'dead']),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
  tasks: z.array(LeadTaskSchema).default([]),
});
export type DealerLeadDetail = z.infer<typeof LeadDetailSchema>;

const ReplyComposerSchema = z.object({
  email: z.string().nullable(),
  sms: z.string().nullable(),
  smsRefusal: z.string().nullable(),
  canReply: z.boolean(),
  templates: z.array(
    z.object({ key: z.string(), name: z.string(), subject: z.string(), email: z.string(), sms: z.string().nullable() }),
  ),
});
export type ReplyComposer = z.infer<typeof ReplyComposerSchema>;

/** The lead's reply form (the shopper's reachable channels, the templates filled); null when not the user's. */
export async function getReplyComposer(site: string, id: string): Promise<ReplyComposer | null> {
  try {
    return await consoleGet(site, `/api/dealer/leads/${segment(id)}/replies`, ReplyComposerSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The inbox's filters as the api's query string (empty values left out). */
export function leadQuery(filters: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One page of the inbox; null when signed out. Throws ApiError 400 for filters the api refuses. */
export async function getDealerLeads(
  site: string,
  filters: Record<string, string | undefined>,
): Promise<z.infer<typeof LeadListSchema> | null> {
  return consoleGet(site, `/api/dealer/leads${leadQuery(filters)}`, LeadListSchema);
}

const LeadViewCountsSchema = z.object({
  views: z.object({
    all: z.number(),
    mine: z.number(),
    unassigned: z.number(),
    overdue: z.number(),
    today: z.number(),
  }),
});
export type LeadViewCounts = z.infer<typeof LeadViewCountsSchema>['views'];

/** How many leads each inbox view holds with the other filters applied; null when signed out. */
export async function getDealerLeadViews(
  site: string,
  filters: Record<string, string | undefined>,
): Promise<LeadViewCounts | null> {
  const counted = await consoleGet(site, `/api/dealer/leads/views${leadQuery(filters)}`, LeadViewCountsSchema);
  return counted?.views ?? null;
}

/** One lead; null when it is not the user's (404) or they are signed out (the page tells these apart by getDealerMe). */
export async function getDealerLead(site: string, id: string): Promise<DealerLeadDetail | null> {
  try {
    return await consoleGet(site, `/api/dealer/leads/${segment(id)}`, LeadDetailSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const TaskListSchema = z.object({
  tasks: z.array(
    LeadTaskSchema.extend({
      lead: z.object({
        id: z.string(),
        name: z.string().nullable(),
        status: z.enum(LEAD_STATUSES),
        dealership: z.object({ slug: z.string(), name: z.string() }),
      }),
      timeZone: z.string(),
    }),
  ),
});
export type DealerTaskListItem = z.infer<typeof TaskListSchema>['tasks'][number];

/** The open tasks of a view (mine, overdue, today); null when signed out. */
export async function getDealerTasks(site: string, view: string): Promise<DealerTaskListItem[] | null> {
  const listed = await consoleGet(site, `/api/dealer/tasks?view=${encodeURIComponent(view)}`, TaskListSchema);
  return listed?.tasks ?? null;
}

export type ActionOutcome =
  | { ok: true; body: unknown }
  | {
      ok: false;
      status: number | null;
      title: string;
      detail: string;
      /** The fields the api named (problem details' errors), for a form to show under each. */
      errors?: { path: string; message: string }[];
      /** Extension members of the problem (a stale publish's `changes`). */
      problem?: Record<string, unknown>;
    };

/**
 * A console action (POST or DELETE): the CSRF token comes from /me with the same cookie, so the
 * browser never needs it; the caller (a server action) is itself protected by Next's origin check.
 */
export async function consoleAction(
  site: string,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ActionOutcome> {
  const headers = await consoleHeaders(site);
  const me = headers ? await getDealerMe(site).catch(() => null) : null;
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
        // A file (an uploaded image) goes as its own bytes and type; anything else as JSON.
        ...(body === undefined ? {} : { 'content-type': body instanceof Blob ? body.type : 'application/json' }),
      },
      body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
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
    ...(problem.success && Array.isArray(problem.data['errors'])
      ? { errors: problem.data['errors'] as { path: string; message: string }[] }
      : {}),
    ...(problem.success ? { problem: problem.data as Record<string, unknown> } : {}),
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
  leadId: z.string().nullable(),
});
export type ConsoleReservation = z.infer<typeof ConsoleReservationSchema>;
export const ReservationListSchema = z.object({ reservations: z.array(ConsoleReservationSchema) });

const RunSchema = z.looseObject({
  id: z.string(),
  dealership: z.object({ slug: z.string(), name: z.string() }),
  mode: z.string(),
  status: z.string(),
  rejected: z.boolean().default(false),
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
      laterRun: z.object({ id: z.string(), receivedAt: z.string() }).nullable().default(null),
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

export const DeskPreferencesSchema = z.object({
  notifyEmail: z.boolean(),
  notifySms: z.boolean(),
  mobile: z.string().nullable(),
  smsConsentAt: z.string().nullable(),
  quietStart: z.string().nullable(),
  quietEnd: z.string().nullable(),
  dealerships: z.array(
    z.object({ slug: z.string(), name: z.string(), role: z.enum(DEALER_ROLES), takesLeads: z.boolean() }),
  ),
});
export type DeskPreferences = z.infer<typeof DeskPreferencesSchema>;

/** The signed-in user's own channels, quiet hours and shift; null when signed out. */
export const getDeskPreferences = (site: string): Promise<DeskPreferences | null> =>
  consoleGet(site, '/api/dealer/me/preferences', DeskPreferencesSchema);

const Count = z.number().int().nonnegative();
export const ConsoleCountsSchema = z.object({
  leads: z.object({ new: Count, overdue: Count, mine: Count }),
  reservations: z.object({ active: Count }),
  tasks: z.object({ due: Count, overdue: Count }).optional(),
});
export type ConsoleCounts = z.infer<typeof ConsoleCountsSchema>;

/**
 * The navigation's counts; null when signed out or when the api cannot answer: a badge is never
 * worth failing the page for.
 */
export async function getConsoleCounts(site: string): Promise<ConsoleCounts | null> {
  return consoleGet(site, '/api/dealer/counts', ConsoleCountsSchema).catch(() => null);
}

const SavedViewsSchema = z.object({
  views: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      filters: z.record(z.string(), z.string()),
    }),
  ),
});
export type SavedLeadView = z.infer<typeof SavedViewsSchema>['views'][number];

/** The user's own saved inbox views, by name; null when signed out. */
export async function getSavedViews(site: string): Promise<SavedLeadView[] | null> {
  return (await consoleGet(site, '/api/dealer/saved-views', SavedViewsSchema))?.views ?? null;
}

const BulkOptionsSchema = z.object({
  assignees: z.array(z.object({ id: z.string(), name: z.string() })),
  lostReasons: z.array(z.string()),
});
export type BulkOptions = z.infer<typeof BulkOptionsSchema>;

/** Who bulk assign may give leads to and the lost reasons bulk close offers; null when signed out. */
export async function getBulkOptions(site: string): Promise<BulkOptions | null> {
  return consoleGet(site, '/api/dealer/leads/bulk/options', BulkOptionsSchema);
}
