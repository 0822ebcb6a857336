'use server';

import { redirect } from 'next/navigation';
import { consoleAction } from '@/lib/api/dealer';

/**
 * The inbox's saved views (issue 53 item 4): saving the filters in the address under a name, and
 * deleting one. Each answers by sending the browser back to the inbox, so a reload repeats nothing.
 */

const SITE = /^[a-z0-9-]{1,100}$/;
const ID = /^[0-9a-f-]{36}$/i;
/** The inbox's filters a view keeps (never a page). */
const SAVED_FILTERS = ['q', 'status', 'form', 'car', 'dealership', 'view', 'sort', 'from', 'to'] as const;

const field = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The inbox at the filters the form carried, with what happened. */
function back(filters: Record<string, string>, outcome: Record<string, string>): never {
  const params = new URLSearchParams({ ...filters, ...outcome });
  redirect(`/dealer?${params.toString()}`);
}

export async function saveViewAction(form: FormData): Promise<void> {
  const site = field(form, 'site');
  const filters: Record<string, string> = {};
  for (const key of SAVED_FILTERS) {
    const value = field(form, key).trim();
    if (value) filters[key] = value;
  }
  if (!SITE.test(site)) back(filters, { viewError: 'That action is not one the console knows.' });
  const name = field(form, 'name');
  const outcome = await consoleAction(site, 'POST', '/api/dealer/saved-views', { name, filters });
  if (!outcome.ok) back(filters, { viewError: outcome.errors?.[0]?.message ?? outcome.detail.slice(0, 300) });
  back(filters, { viewSaved: name.trim().slice(0, 60) });
}

export async function deleteViewAction(form: FormData): Promise<void> {
  const site = field(form, 'site');
  const id = field(form, 'id');
  if (!SITE.test(site) || !ID.test(id)) back({}, { viewError: 'Unknown saved view.' });
  const outcome = await consoleAction(site, 'DELETE', `/api/dealer/saved-views/${id}`);
  if (!outcome.ok) back({}, { viewError: outcome.detail.slice(0, 300) });
  back({}, { viewDeleted: field(form, 'name').slice(0, 60) });
}
