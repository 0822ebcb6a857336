'use server';

import { redirect } from 'next/navigation';
import { opsAction } from '@/lib/api/ops';
import type { EditorDocument, EditorOutcome } from '@/lib/site-editor/editor-api';
import { editorOutcome, LAYER_NAME } from '@/lib/site-editor/editor-outcome';

/**
 * The ops console's site editor actions: any layer, any setting, the operator named in the history.
 * Server actions (Next checks the origin; the CSRF token comes with the operator's own session).
 */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const refused = (): EditorOutcome => ({ ok: false, message: 'That is not a layer the console knows.', errors: [] });
const url = (layer: string, action: string) => `/api/ops/site-editor/layers/${encodeURIComponent(layer)}/${action}`;

export async function opsSaveDraftAction(layer: string, base: number, document: EditorDocument) {
  if (!LAYER_NAME.test(layer)) return refused();
  const outcome = await opsAction('PUT', url(layer, 'draft'), { base_version: base, document });
  return editorOutcome(outcome, () => ({
    ok: true,
    message: 'Draft saved. Nobody else sees it until it is published.',
  }));
}

export async function opsPreviewAction(layer: string) {
  if (!LAYER_NAME.test(layer)) return refused();
  const outcome = await opsAction('POST', url(layer, 'preview'));
  return editorOutcome(outcome, (body) => ({
    ok: true,
    message: 'The preview is ready: the site with this draft, in this browser only, for 8 hours.',
    url: (body as { url: string }).url,
  }));
}

export async function opsPublishAction(layer: string) {
  if (!LAYER_NAME.test(layer)) return refused();
  const outcome = await opsAction('POST', url(layer, 'publish'));
  return editorOutcome(outcome, (body) => {
    const version = (body as { version: number }).version;
    return { ok: true, message: `Published as version ${version}. Every process shows it within seconds.`, version };
  });
}

export async function opsDiscardAction(layer: string) {
  if (!LAYER_NAME.test(layer)) return refused();
  const outcome = await opsAction('DELETE', url(layer, 'draft'));
  return editorOutcome(outcome, () => ({ ok: true, message: 'Draft discarded.' }));
}

export async function opsRollbackAction(form: FormData): Promise<void> {
  const site = String(form.get('site') ?? '');
  const layer = String(form.get('layer') ?? '');
  const version = Number(form.get('version'));
  const back = (params: Record<string, string>): never =>
    redirect(`/sites/${site}/history?${new URLSearchParams({ layer, ...params }).toString()}`);
  if (!SLUG.test(site)) redirect('/');
  if (!LAYER_NAME.test(layer) || !Number.isInteger(version) || version < 1) back({ error: 'Unknown version.' });
  const outcome = await opsAction('POST', url(layer, 'rollback'), { version });
  if (!outcome.ok) back({ error: outcome.detail.slice(0, 300) });
  back({
    done: `Version ${version} is live again, published as version ${(outcome as { body: { version: number } }).body.version}.`,
  });
}
