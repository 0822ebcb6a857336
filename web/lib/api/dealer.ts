import { cache } from 'react';
import { cookies } from 'next/headers';
import { z } from 'zod';
import { DEALER_ROLES, DEALER_SESSION_COOKIE, LEAD_STATUSES } from '@platform/domain';
import { apiGet, ApiError, segment } from './client';

/**
 * The dealer console's server-side calls: the api's /api/dealer endpoints with the user's own
 * session cookie and the site the page is rendered for, so the api applies exactly the rules the
 * browser's calls meet (isolation, roles). Never cached: every answer is one user's.
 */

const DealerMeSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  site: z.string(),
  dealerships: z.array(z.object({ slug: z.string(), name: z.string(), role: z.enum(DEALER_ROLES) })),
  csrfToken: z.string(),
});
export type DealerMe = z.infer<typeof DealerMeSchema>;

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
});
export type DealerLeadSummary = z.infer<typeof LeadSummarySchema>;

const LeadListSchema = z.object({ leads: z.array(LeadSummarySchema), next: z.string().nullable() });

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
});
export type DealerLeadDetail = z.infer<typeof LeadDetailSchema>;

async function init(slug: string): Promise<RequestInit | null> {
  const token = (await cookies()).get(DEALER_SESSION_COOKIE)?.value;
  if (!token) return null;
  return {
    cache: 'no-store',
    headers: { cookie: `${DEALER_SESSION_COOKIE}=${token}`, 'x-site-slug': slug },
    signal: AbortSignal.timeout(10_000),
  };
}

/** The signed-in dealer user on this site, or null when signed out (no cookie, or the api says 401). */
export const getDealerMe = cache(async (slug: string): Promise<DealerMe | null> => {
  const request = await init(slug);
  if (!request) return null;
  try {
    return await apiGet('/api/dealer/me', DealerMeSchema, request);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
});

/** The inbox's filters as the api's query string (empty values left out). */
export function leadQuery(filters: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One page of the inbox; null when signed out. Throws ApiError 400 for filters the api refuses. */
export async function getDealerLeads(
  slug: string,
  filters: Record<string, string | undefined>,
): Promise<z.infer<typeof LeadListSchema> | null> {
  const request = await init(slug);
  if (!request) return null;
  return apiGet(`/api/dealer/leads${leadQuery(filters)}`, LeadListSchema, request);
}

/** One lead; null when it is not the user's (404) or they are signed out (the page tells these apart by getDealerMe). */
export async function getDealerLead(slug: string, id: string): Promise<DealerLeadDetail | null> {
  const request = await init(slug);
  if (!request) return null;
  try {
    return await apiGet(`/api/dealer/leads/${segment(id)}`, LeadDetailSchema, request);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 401)) return null;
    throw error;
  }
}
