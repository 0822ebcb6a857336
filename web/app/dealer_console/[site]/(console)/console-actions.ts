'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { consoleAction } from '@/lib/api/dealer';

/**
 * The console's forms post here (server actions: Next checks the request's origin, and the CSRF
 * token is fetched server-side with the user's own session). Each answers by sending the browser
 * back to its page with what happened, so a reload never repeats an action.
 */

const ID = /^[0-9a-f-]{36}$/i;
const SITE = /^[a-z0-9-]{1,100}$/;
const field = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};
const back = (path: string, params: Record<string, string>): never =>
  redirect(`${path}?${new URLSearchParams(params).toString()}`);

export async function reservationAction(form: FormData): Promise<void> {
  const site = field(form, 'site');
  const id = field(form, 'id');
  const action = field(form, 'action');
  if (!SITE.test(site) || !ID.test(id) || !['complete', 'cancel', 'extend'].includes(action))
    back('/dealer/reservations', { error: 'That action is not one the console knows.' });
  const body = action === 'extend' ? { hours: Number(field(form, 'hours')) } : undefined;
  const outcome = await consoleAction(site, 'POST', `/api/dealer/reservations/${id}/${action}`, body);
  if (!outcome.ok) back('/dealer/reservations', { error: outcome.detail.slice(0, 300), id });
  back('/dealer/reservations', { done: action, id });
}

export async function runAction(form: FormData): Promise<void> {
  const site = field(form, 'site');
  const id = field(form, 'id');
  const action = field(form, 'action');
  if (!SITE.test(site) || !ID.test(id) || !['confirm', 'reject'].includes(action))
    back('/dealer/feed', { error: 'That action is not one the console knows.' });
  const outcome = await consoleAction(site, 'POST', `/api/dealer/feed/runs/${id}/${action}`);
  if (!outcome.ok) back('/dealer/feed', { error: outcome.detail.slice(0, 300), run: id });
  back('/dealer/feed', { done: action, run: id });
}

export async function revokeKeyAction(form: FormData): Promise<void> {
  const site = field(form, 'site');
  const id = field(form, 'id');
  if (!SITE.test(site) || !/^[1-9][0-9]{0,9}$/.test(id)) back('/dealer/feed', { error: 'Unknown key.' });
  const outcome = await consoleAction(site, 'DELETE', `/api/dealer/feed/keys/${id}`);
  if (!outcome.ok) back('/dealer/feed', { error: outcome.detail.slice(0, 300) });
  back('/dealer/feed', { done: 'revoked' });
}

export type NewKeyState =
  | { status: 'idle' }
  | { status: 'created'; key: string; prefix: string; dealership: string }
  | { status: 'error'; message: string };

/** Creates a key and hands its secret to the form that asked, once: it is never stored or put in an address. */
export async function createKeyAction(_: NewKeyState, form: FormData): Promise<NewKeyState> {
  const site = field(form, 'site');
  const dealership = field(form, 'dealership');
  if (!SITE.test(site) || (dealership && !SITE.test(dealership)))
    return { status: 'error', message: 'Choose one of your dealerships.' };
  const outcome = await consoleAction(site, 'POST', '/api/dealer/feed/keys', dealership ? { dealership } : {});
  if (!outcome.ok) return { status: 'error', message: outcome.detail };
  const created = outcome.body as { key: string; prefix: string; dealership: { name: string } };
  // The page renders again with the new key listed (by its prefix); the secret stays in this answer.
  revalidatePath('/dealer_console/[site]/feed', 'page');
  return { status: 'created', key: created.key, prefix: created.prefix, dealership: created.dealership.name };
}

const EMAIL_MAX = 254;
const ROLES = ['owner', 'sales', 'viewer'];

/** An owner invites a user to one of their dealerships (or changes the role of one already there). */
export async function inviteUserAction(form: FormData): Promise<void> {
  const site = field(form, 'site');
  const dealership = field(form, 'dealership');
  const role = field(form, 'role');
  const email = field(form, 'email').slice(0, EMAIL_MAX + 10);
  const name = field(form, 'name').slice(0, 200);
  if (!SITE.test(site) || !SITE.test(dealership) || !ROLES.includes(role))
    back('/dealer/users', { error: 'Choose one of your dealerships and a role.' });
  // The api checks every field and names the one to fix; its words are shown as they are.
  const outcome = await consoleAction(site, 'POST', '/api/dealer/users', { email, name, role, dealership });
  if (!outcome.ok) back('/dealer/users', { error: outcome.detail.slice(0, 300) });
  // Say what happened: inviting someone who already has that role changes nothing and emails no one.
  const what = outcome.ok ? (outcome.body as { outcome?: string } | null)?.outcome : undefined;
  back('/dealer/users', {
    done: what === 'unchanged' ? 'already' : what === 'role_changed' ? 'role-changed' : 'invited',
  });
}

/** An owner gives a user of one of their dealerships another role there (the control beside their name). */
export async function changeRoleAction(form: FormData): Promise<void> {
  const site = field(form, 'site');
  const dealership = field(form, 'dealership');
  const id = field(form, 'id');
  const role = field(form, 'role');
  if (!SITE.test(site) || !SITE.test(dealership) || !ID.test(id) || !ROLES.includes(role))
    back('/dealer/users', { error: 'Choose a role for one of your users.' });
  const outcome = await consoleAction(site, 'PATCH', `/api/dealer/users/${id}`, { dealership, role });
  if (!outcome.ok) back('/dealer/users', { error: outcome.detail.slice(0, 300) });
  back('/dealer/users', { done: 'role-changed' });
}

/** An owner removes a user from one of their dealerships. */
export async function removeUserAction(form: FormData): Promise<void> {
  const site = field(form, 'site');
  const dealership = field(form, 'dealership');
  const id = field(form, 'id');
  if (!SITE.test(site) || !SITE.test(dealership) || !ID.test(id)) back('/dealer/users', { error: 'Unknown user.' });
  const outcome = await consoleAction(
    site,
    'DELETE',
    `/api/dealer/users/${id}?dealership=${encodeURIComponent(dealership)}`,
  );
  if (!outcome.ok) back('/dealer/users', { error: outcome.detail.slice(0, 300) });
  back('/dealer/users', { done: 'removed' });
}

export type RotatedFeedState =
  { status: 'idle' } | { status: 'rotated'; url: string } | { status: 'error'; message: string };

/**
 * An owner changes a feed's URL token. The new URL goes back to the form that asked, once, and is
 * never put in an address; the page renders again, itself showing the current URL.
 */
export async function rotateFeedAction(_: RotatedFeedState, form: FormData): Promise<RotatedFeedState> {
  const site = field(form, 'site');
  const dealership = field(form, 'dealership');
  const channel = field(form, 'channel');
  if (!SITE.test(site) || !SITE.test(dealership) || !['google', 'meta'].includes(channel))
    return { status: 'error', message: 'Choose one of your feeds.' };
  const outcome = await consoleAction(site, 'POST', `/api/dealer/syndication/${dealership}/${channel}/token`);
  if (!outcome.ok) return { status: 'error', message: outcome.detail.slice(0, 300) };
  const { url } = outcome.body as { url: string };
  revalidatePath('/dealer_console/[site]/syndication', 'page');
  return { status: 'rotated', url };
}
