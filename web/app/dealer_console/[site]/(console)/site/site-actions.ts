'use server';

import { redirect } from 'next/navigation';
import { consoleAction } from '@/lib/api/dealer';
import type { EditorDocument, EditorOutcome } from '@/lib/site-editor/editor-api';
import { editorOutcome, LAYER_NAME } from '@/lib/site-editor/editor-outcome';

/**
 * The dealer console's site editor actions (server actions: Next checks the origin, and the CSRF
 * token is fetched server-side with the user's own session). The editor page binds site and layer.
 */

const SITE = /^[a-z0-9-]{1,100}$/;
const refused = (): EditorOutcome => ({ ok: false, message: 'That is not a layer of your site.', errors: [] });
const url = (layer: string, action: string) => `/api/dealer/site/layers/${encodeURIComponent(layer)}/${action}`;

export async function saveDraftAction(site: string, layer: string, base: number, document: EditorDocument) {
  if (!SITE.test(site) || !LAYER_NAME.test(layer)) return refused();
  const outcome = await consoleAction(site, 'PUT', url(layer, 'draft'), { base_version: base, document });
  return editorOutcome(outcome, () => ({
    ok: true,
    message: 'Draft saved. Nobody else sees it until it is published.',
  }));
}

export async function previewAction(site: string, layer: string) {
  if (!SITE.test(site) || !LAYER_NAME.test(layer)) return refused();
  const outcome = await consoleAction(site, 'POST', url(layer, 'preview'));
  return editorOutcome(outcome, (body) => ({
    ok: true,
    message: 'Your preview is ready: it shows your draft on your site, in this browser only, for 8 hours.',
    url: (body as { url: string }).url,
  }));
}

export async function publishAction(site: string, layer: string) {
  if (!SITE.test(site) || !LAYER_NAME.test(layer)) return refused();
  const outcome = await consoleAction(site, 'POST', url(layer, 'publish'));
  return editorOutcome(outcome, (body) => {
    const version = (body as { version: number }).version;
    return { ok: true, message: `Published as version ${version}. Your site shows it within seconds.`, version };
  });
}

export async function discardAction(site: string, layer: string) {
  if (!SITE.test(site) || !LAYER_NAME.test(layer)) return refused();
  const outcome = await consoleAction(site, 'DELETE', url(layer, 'draft'));
  return editorOutcome(outcome, () => ({ ok: true, message: 'Draft discarded.' }));
}

/** Rollback is a plain form (it works before scripts load) that answers with the history page again. */
export async function rollbackAction(form: FormData): Promise<void> {
  const site = String(form.get('site') ?? '');
  const layer = String(form.get('layer') ?? '');
  const version = Number(form.get('version'));
  const back = (params: Record<string, string>): never =>
    redirect(`/dealer/site/history?${new URLSearchParams({ layer, ...params }).toString()}`);
  if (!SITE.test(site) || !LAYER_NAME.test(layer) || !Number.isInteger(version) || version < 1)
    back({ error: 'That is not a version of your site.' });
  const outcome = await consoleAction(site, 'POST', url(layer, 'rollback'), { version });
  if (!outcome.ok) back({ error: outcome.detail.slice(0, 300) });
  back({
    done: `Version ${version} is live again, published as version ${(outcome as { body: { version: number } }).body.version}.`,
  });
}

/** An image for an image setting, stored through the platform's media pipeline (the api sniffs and caps it). */
export async function uploadImageAction(
  site: string,
  form: FormData,
): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  const file = form.get('image');
  if (!SITE.test(site) || !(file instanceof Blob)) return { ok: false, message: 'Choose an image file.' };
  if (file.size > 10 * 1024 * 1024) return { ok: false, message: 'The image is over 10 MB: make it smaller.' };
  const outcome = await consoleAction(site, 'POST', '/api/dealer/site/images', file);
  if (!outcome.ok) return { ok: false, message: outcome.errors?.[0]?.message ?? outcome.detail };
  return { ok: true, url: (outcome.body as { url: string }).url };
}
