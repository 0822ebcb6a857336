'use server';

import { revalidatePath } from 'next/cache';
import { consoleAction, getDealerLead } from '@/lib/api/dealer';
import { taskFieldErrors, taskRequest, type TaskFormState } from '@/lib/dealer-console/lead-tasks';

/**
 * The Tasks panel's forms post here (server actions: Next checks the origin, and the CSRF token is
 * fetched server-side with the user's own session). Each answers its form: the values typed and
 * each problem under its field when the api refuses, so nothing typed is lost; the lead page is
 * rendered again with the change.
 */

const ID = /^[0-9a-f-]{36}$/i;
const SITE = /^[a-z0-9-]{1,100}$/;
const field = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};
const LEAD_PAGE = '/dealer_console/[site]/(console)/leads/[id]';

/** Adds a task; its date and time are read on the lead's dealership's clock (the api's, not the form's). */
export async function addTaskAction(previous: TaskFormState, form: FormData): Promise<TaskFormState> {
  const site = field(form, 'site');
  const leadId = field(form, 'leadId');
  if (!SITE.test(site) || !ID.test(leadId))
    return { status: 'error', values: previous.values, errors: { form: 'This page is not one the console knows.' } };
  const lead = await getDealerLead(site, leadId).catch(() => null);
  if (!lead)
    return { status: 'error', values: previous.values, errors: { form: 'This lead is no longer yours to change.' } };
  const request = taskRequest(form, lead.timeZone);
  if ('errors' in request) return { status: 'error', values: request.values, errors: request.errors };
  const outcome = await consoleAction(site, 'POST', `/api/dealer/leads/${leadId}/tasks`, request.body);
  if (!outcome.ok)
    return {
      status: 'error',
      values: request.values,
      errors: taskFieldErrors(outcome.errors, outcome.detail.slice(0, 300)),
    };
  revalidatePath(LEAD_PAGE, 'page');
  // The form starts again for the next task, its date and time as they were (often the same day).
  return { status: 'added', values: { ...request.values, title: '' }, errors: {} };
}

export type CloseTaskState = { error: string | null };

/** Marks a task done, or cancels it. */
export async function closeTaskAction(_: CloseTaskState, form: FormData): Promise<CloseTaskState> {
  const site = field(form, 'site');
  const leadId = field(form, 'leadId');
  const taskId = field(form, 'taskId');
  const how = field(form, 'how');
  if (!SITE.test(site) || !ID.test(leadId) || !ID.test(taskId) || !['done', 'cancel'].includes(how))
    return { error: 'That action is not one the console knows.' };
  const outcome =
    how === 'done'
      ? await consoleAction(site, 'POST', `/api/dealer/leads/${leadId}/tasks/${taskId}/done`)
      : await consoleAction(site, 'DELETE', `/api/dealer/leads/${leadId}/tasks/${taskId}`);
  if (!outcome.ok) return { error: outcome.detail.slice(0, 300) };
  revalidatePath(LEAD_PAGE, 'page');
  return { error: null };
}
