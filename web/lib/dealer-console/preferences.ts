/**
 * The Notifications page's form (issue 53): what it sends to PUT /api/dealer/me/preferences, and
 * which of its fields each of the api's problems belongs under. Pure, for the server action and its
 * tests.
 */

/** The form's fields as shown: what the user last saved, or what they sent when it was refused. */
export interface PreferencesValues {
  notifyEmail: boolean;
  notifySms: boolean;
  mobile: string;
  quietStart: string;
  quietEnd: string;
  /** Taking leads, by dealership slug (those where the user is not a viewer). */
  takes: Record<string, boolean>;
}

export type PreferencesState = {
  status: 'idle' | 'saved' | 'error';
  values: PreferencesValues;
  /** When the user agreed to texts; null while SMS is off. */
  smsConsentAt: string | null;
  /** Messages by field name ('mobile', 'takes:north-motors'); 'form' for one no field owns. */
  errors: Record<string, string>;
};

const SLUG = /^[a-z0-9-]{1,100}$/;
/** A text field's bound: the api refuses longer ones itself; this only keeps junk out of the request. */
const TEXT_MAX = 100;

type Form = { get(name: string): unknown; getAll(name: string): unknown[] };
const text = (form: Form, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim().slice(0, TEXT_MAX) : '';
};

/** The form as the api's body, and the values to show again should it be refused. */
export function preferencesRequest(form: Form): { body: Record<string, unknown>; values: PreferencesValues } {
  const slugs = [...new Set(form.getAll('dealership'))].filter(
    (slug): slug is string => typeof slug === 'string' && SLUG.test(slug),
  );
  const values: PreferencesValues = {
    notifyEmail: form.get('notifyEmail') === 'on',
    notifySms: form.get('notifySms') === 'on',
    mobile: text(form, 'mobile'),
    quietStart: text(form, 'quietStart'),
    quietEnd: text(form, 'quietEnd'),
    takes: Object.fromEntries(slugs.map((slug) => [slug, form.get(`takes:${slug}`) === 'on'])),
  };
  const body = {
    notifyEmail: values.notifyEmail,
    notifySms: values.notifySms,
    mobile: values.mobile || null,
    smsConsent: form.get('smsConsent') === 'on',
    quietStart: values.quietStart || null,
    quietEnd: values.quietEnd || null,
    dealerships: slugs.map((slug) => ({ slug, takesLeads: values.takes[slug] })),
  };
  return { body, values };
}

const FIELDS = new Set(['notifyEmail', 'notifySms', 'mobile', 'smsConsent', 'quietStart', 'quietEnd']);

/**
 * The api's field problems by the form's field names: `dealerships.1.takesLeads` is the second
 * dealership the form sent. The first message of a field wins; a problem no field owns is 'form'.
 */
export function fieldErrors(
  errors: readonly { path: string; message: string }[] | undefined,
  slugs: readonly string[],
  fallback: string,
): Record<string, string> {
  const named: Record<string, string> = {};
  for (const error of errors ?? []) {
    const row = /^dealerships\.(\d+)\./.exec(error.path);
    const slug = row ? slugs[Number(row[1])] : undefined;
    const field = FIELDS.has(error.path) ? error.path : slug ? `takes:${slug}` : 'form';
    named[field] ??= error.message;
  }
  if (Object.keys(named).length === 0) named['form'] = fallback;
  return named;
}
