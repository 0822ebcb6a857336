'use server';

import { consoleAction, DeskPreferencesSchema } from '@/lib/api/dealer';
import { fieldErrors, preferencesRequest, type PreferencesState } from '@/lib/dealer-console/preferences';

const SITE = /^[a-z0-9-]{1,100}$/;

/**
 * Saves the user's own notification settings (a server action: Next checks the origin, and the
 * CSRF token is fetched server-side with the user's session). Answers the form with what was saved,
 * or with the values sent and each problem under its field, so nothing typed is lost.
 */
export async function savePreferencesAction(previous: PreferencesState, form: FormData): Promise<PreferencesState> {
  const site = form.get('site');
  const { body, values } = preferencesRequest(form);
  const refused = (errors: Record<string, string>): PreferencesState => ({
    status: 'error',
    values,
    smsConsentAt: previous.smsConsentAt,
    errors,
  });
  if (typeof site !== 'string' || !SITE.test(site)) return refused({ form: 'This page is not one the console knows.' });
  const outcome = await consoleAction(site, 'PUT', '/api/dealer/me/preferences', body);
  if (!outcome.ok) return refused(fieldErrors(outcome.errors, Object.keys(values.takes), outcome.detail.slice(0, 300)));
  const saved = DeskPreferencesSchema.safeParse(outcome.body);
  if (!saved.success) return { status: 'saved', values, smsConsentAt: previous.smsConsentAt, errors: {} };
  return {
    status: 'saved',
    values: {
      notifyEmail: saved.data.notifyEmail,
      notifySms: saved.data.notifySms,
      mobile: saved.data.mobile ?? '',
      quietStart: saved.data.quietStart ?? '',
      quietEnd: saved.data.quietEnd ?? '',
      takes: Object.fromEntries(saved.data.dealerships.map((d) => [d.slug, d.takesLeads])),
    },
    smsConsentAt: saved.data.smsConsentAt,
    errors: {},
  };
}
