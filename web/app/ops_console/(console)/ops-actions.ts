'use server';

import { redirect } from 'next/navigation';
import { OnboardingAnswerSchema, opsAction, type OnboardingAnswerView } from '@/lib/api/ops';
import { documentFromForm, type FormValues } from '@/lib/ops-console/onboarding-form';

/**
 * The ops console's forms post here (server actions: Next checks the request's origin, and the
 * CSRF token is fetched server-side with the operator's own session). A site or host action sends
 * the browser back to the site's page with what happened, so a reload never repeats it; onboarding
 * answers its form in place, because the keys and links it returns are shown once and never put in
 * an address.
 */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const HOST = /^[a-z0-9.-]{1,253}$/;
const field = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};
const back = (path: string, params: Record<string, string>): never =>
  redirect(`${path}?${new URLSearchParams(params).toString()}`);
const sitePage = (slug: string): string => `/sites/${slug}`;

/** The site a form acts on; an unknown-looking slug goes back to the list. */
function siteOf(form: FormData): string {
  const site = field(form, 'site');
  if (!SLUG.test(site) || site.length > 63) back('/', { error: 'That site is not one the console knows.' });
  return site;
}

function hostOf(form: FormData, site: string): string {
  const host = field(form, 'host').trim().toLowerCase();
  if (!HOST.test(host)) back(sitePage(site), { error: 'Give a host name such as www.dealer.com.au.' });
  return host;
}

export async function siteStatusAction(form: FormData): Promise<void> {
  const site = siteOf(form);
  const status = field(form, 'status');
  if (status !== 'active' && status !== 'suspended') back(sitePage(site), { error: 'Unknown status.' });
  const outcome = await opsAction('PATCH', `/api/ops/sites/${site}`, { status });
  if (!outcome.ok) back(sitePage(site), { error: outcome.detail.slice(0, 300) });
  back(sitePage(site), { done: status === 'active' ? 'resumed' : 'suspended' });
}

export async function retireSiteAction(form: FormData): Promise<void> {
  const site = siteOf(form);
  // Typed, not clicked: retiring takes a whole dealer offline.
  if (field(form, 'confirm').trim() !== site)
    back(sitePage(site), { error: `Type the site's slug, ${site}, to retire it.` });
  const outcome = await opsAction('DELETE', `/api/ops/sites/${site}`);
  if (!outcome.ok) back(sitePage(site), { error: outcome.detail.slice(0, 300) });
  back(sitePage(site), { done: 'retired' });
}

export async function addHostAction(form: FormData): Promise<void> {
  const site = siteOf(form);
  const host = field(form, 'host').trim().toLowerCase();
  const outcome = await opsAction('POST', `/api/ops/sites/${site}/hosts`, { host });
  if (!outcome.ok)
    back(sitePage(site), {
      error: (outcome.errors.find((e) => e.path === 'host')?.message ?? outcome.detail).slice(0, 300),
      field: 'host',
    });
  back(sitePage(site), { done: 'host-added', host });
}

export async function hostAction(form: FormData): Promise<void> {
  const site = siteOf(form);
  const host = hostOf(form, site);
  const action = field(form, 'action');
  const calls: Record<string, () => ReturnType<typeof opsAction>> = {
    verify: () => opsAction('POST', `/api/ops/sites/${site}/hosts/${host}/verify`),
    primary: () => opsAction('PUT', `/api/ops/sites/${site}/hosts/${host}/primary`),
    remove: () => opsAction('DELETE', `/api/ops/sites/${site}/hosts/${host}`),
  };
  const call = Object.hasOwn(calls, action) ? calls[action] : undefined;
  if (!call) return back(sitePage(site), { error: 'That action is not one the console knows.' });
  const outcome = await call();
  if (!outcome.ok) back(sitePage(site), { error: outcome.detail.slice(0, 300), host });
  back(sitePage(site), { done: `host-${action}`, host });
}

export type OnboardState =
  | { status: 'idle' }
  | {
      status: 'refused';
      title: string;
      detail: string;
      problems: { path: string; message: string }[];
      /** What was typed, to fill the form again (never a key or link: those come only from the api). */
      values: FormValues;
      mode: 'form' | 'document';
      attempt: number;
    }
  | { status: 'onboarded'; answer: OnboardingAnswerView };

const MAX_DOCUMENT_CHARACTERS = 500_000;

/** Onboards from the form's fields, or from a pasted document when mode is 'document'. */
export async function onboardAction(previous: OnboardState, form: FormData): Promise<OnboardState> {
  const values: FormValues = {};
  for (const [name, value] of form.entries())
    if (typeof value === 'string' && !name.startsWith('$')) values[name] = value.slice(0, 10_000);
  const mode = values['mode'] === 'document' ? 'document' : 'form';
  const attempt = previous.status === 'refused' ? previous.attempt + 1 : 1;
  const refused = (title: string, detail: string, problems: { path: string; message: string }[] = []) =>
    ({ status: 'refused', title, detail, problems, values, mode, attempt }) as const;

  let document: unknown;
  if (mode === 'document') {
    const raw = field(form, 'document');
    values['document'] = raw.slice(0, MAX_DOCUMENT_CHARACTERS);
    if (raw.length > MAX_DOCUMENT_CHARACTERS)
      return refused(
        'Document too long',
        `Paste at most ${MAX_DOCUMENT_CHARACTERS.toLocaleString('en-AU')} characters.`,
      );
    try {
      document = JSON.parse(raw);
    } catch (error) {
      return refused('Not JSON', `The document is not valid JSON: ${(error as Error).message}`, [
        { path: 'document', message: 'Paste the whole onboarding document, as JSON.' },
      ]);
    }
  } else {
    document = documentFromForm(values);
  }

  const outcome = await opsAction('POST', '/api/ops/onboarding', document);
  if (!outcome.ok) return refused(outcome.title, outcome.detail, outcome.errors);
  const answer = OnboardingAnswerSchema.safeParse(outcome.body);
  if (!answer.success)
    // Onboarded, but the answer could not be read: say so rather than offer to send it again.
    return refused(
      'Onboarded, answer unreadable',
      'The dealer was onboarded, but the console could not read the answer. Open it from the sites list; new feed keys and sign-in links come from npm run ops (docs/onboarding.md).',
    );
  return { status: 'onboarded', answer: answer.data };
}
