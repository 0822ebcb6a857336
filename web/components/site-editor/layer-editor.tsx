'use client';

import { useMemo, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import {
  changeValue,
  editorProblemPath,
  type EditorDocument,
  type EditorOutcome,
  type LayerView,
} from '@/lib/site-editor/editor-api';
import type { LocationHoursDoc } from '@/lib/site-editor/hours';
import { problemsByPath } from '@/lib/site-editor/problems';
import { HoursEditor } from './hours-editor';
import { SchemaForm, type SchemaNode, type UploadImage } from './schema-form';
import styles from './site-editor.module.css';

/** What the page around the editor does for it: the console's or the ops console's server actions. */
export interface LayerEditorActions {
  save: (baseVersion: number, document: EditorDocument) => Promise<EditorOutcome>;
  preview: () => Promise<EditorOutcome>;
  publish: () => Promise<EditorOutcome>;
  discard: () => Promise<EditorOutcome>;
  /** Uploads an image for an image setting; absent where the console has no upload. */
  uploadImage?: UploadImage;
}

interface Props {
  view: LayerView;
  schema: SchemaNode;
  /** The configuration beneath this layer, for placeholders and the colours' contrast. */
  inherited?: unknown;
  actions: LayerEditorActions;
  historyHref: string;
  canDraft: boolean;
  canPublish: boolean;
}

const at = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

/**
 * The site editor (issue 52): a layer's settings drawn from the schema, its locations' hours, and
 * save draft, preview, publish and discard. Nothing reaches shoppers until Publish; a preview link
 * shows the saved draft on the real site to whoever opens it in this browser.
 */
export function LayerEditor({ view, schema, inherited, actions, historyHref, canDraft, canPublish }: Props) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [document, setDocument] = useState<EditorDocument>(() =>
    structuredClone(view.draft?.document ?? view.published),
  );
  const [base, setBase] = useState(view.draft?.base_version ?? view.version);
  const [dirty, setDirty] = useState(false);
  const [outcome, setOutcome] = useState<EditorOutcome | null>(null);

  const problems = useMemo(() => {
    const config: { path: string[]; message: string }[] = [];
    const locations: Record<string, Record<string, string[]>> = {};
    const other: string[] = [];
    if (outcome && !outcome.ok)
      for (const error of outcome.errors) {
        const { part, path } = editorProblemPath(error.path);
        if (part === 'config') config.push({ path, message: error.message });
        else if (part === 'locations' && path.length > 0) {
          const [slug, ...rest] = path;
          ((locations[slug!] ??= {})[rest.join('.')] ??= []).push(error.message);
        } else other.push(`${path.join('.')}: ${error.message}`);
      }
    return { config: problemsByPath(config), locations, other };
  }, [outcome]);

  const edit = (next: EditorDocument) => {
    setDocument(next);
    setDirty(true);
  };

  const run = (work: () => Promise<EditorOutcome>, after?: (result: EditorOutcome) => void) =>
    startTransition(async () => {
      const result = await work();
      setOutcome(result);
      after?.(result);
    });

  /** Saves first when there are unsaved edits, so preview and publish act on what is on screen. */
  const saved = async (): Promise<EditorOutcome | null> => {
    if (!dirty && view.draft) return null;
    const result = await actions.save(base, document);
    if (result.ok) setDirty(false);
    return result.ok ? null : result;
  };

  const save = () =>
    run(
      () => actions.save(base, document),
      (r) => r.ok && (setDirty(false), router.refresh()),
    );
  const preview = () => run(async () => (await saved()) ?? actions.preview());
  const publish = () =>
    run(
      async () => (await saved()) ?? actions.publish(),
      (r) => {
        if (!r.ok) return;
        if (r.version) setBase(r.version);
        router.refresh();
      },
    );
  const discard = () =>
    run(actions.discard, (r) => {
      if (!r.ok) return;
      setDocument(structuredClone(view.published));
      setBase(view.version);
      setDirty(false);
      router.refresh();
    });
  const rebase = () => {
    setBase(view.version);
    setDirty(true);
    setOutcome(null);
  };

  const stale = view.draft?.stale && base !== view.version;
  const locations = (document.locations ?? {}) as Record<string, LocationHoursDoc>;

  return (
    <div className={styles.editor}>
      <p className={styles.status}>
        Live: version {view.version}.{' '}
        {view.draft
          ? `Your draft, saved ${at.format(new Date(view.draft.updated_at))}, starts from version ${view.draft.base_version}.`
          : 'You have no draft: your edits become one when you save.'}{' '}
        <a href={historyHref}>History and rollback</a>
      </p>
      {view.other_drafts.length > 0 && (
        <p className={styles.note}>
          Also drafting this:{' '}
          {view.other_drafts.map((d) => `${d.author} (${at.format(new Date(d.updated_at))})`).join(', ')}. Whoever
          publishes second must start again from the live version.
        </p>
      )}
      {stale && (
        <div className={styles.warning} role="status">
          <p>
            Someone published version {view.version} after your draft started (version {base}).
          </p>
          <button type="button" className={styles.secondary} onClick={rebase} disabled={pending}>
            Keep my edits on top of version {view.version}
          </button>
        </div>
      )}

      <div aria-live="polite" className={styles.live}>
        {outcome?.ok && (
          <p className={styles.done}>
            {outcome.message}{' '}
            {outcome.url && (
              <a href={outcome.url} target="_blank" rel="noopener">
                Open the preview
              </a>
            )}
          </p>
        )}
        {outcome && !outcome.ok && (
          <div className={styles.error} role="alert">
            <p>{outcome.message}</p>
            {problems.other.length > 0 && (
              <ul>
                {problems.other.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
            {outcome.changes && outcome.changes.length > 0 && (
              <>
                <p>Changed meanwhile:</p>
                <ul>
                  {outcome.changes.map((c) => (
                    <li key={c.path}>
                      <code>{c.path}</code>: {changeValue(c.before)} → {changeValue(c.after)}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
      </div>

      {view.locations.length > 0 && (
        <section aria-labelledby="hours-heading" className={styles.section}>
          <h2 id="hours-heading">Opening hours</h2>
          {view.locations.map((location) => {
            const value = locations[location.slug] ?? { hours: {}, special_hours: [] };
            return (
              <HoursEditor
                key={location.slug}
                location={location}
                value={value}
                disabled={!canDraft || pending}
                problems={problems.locations[location.slug] ?? {}}
                onChange={(next) => edit({ ...document, locations: { ...locations, [location.slug]: next } })}
              />
            );
          })}
        </section>
      )}

      <section aria-labelledby="settings-heading" className={styles.section}>
        <h2 id="settings-heading">Settings</h2>
        <SchemaForm
          schema={schema}
          value={document.config}
          inherited={inherited}
          problems={problems.config}
          disabled={!canDraft || pending}
          uploadImage={actions.uploadImage}
          onChange={(config) => edit({ ...document, config })}
        />
      </section>

      {canDraft && (
        <div className={styles.bar}>
          <button type="button" onClick={save} disabled={pending}>
            Save draft
          </button>
          <button type="button" className={styles.secondary} onClick={preview} disabled={pending}>
            Preview
          </button>
          {canPublish && (
            <button type="button" onClick={publish} disabled={pending}>
              Publish
            </button>
          )}
          {(view.draft || dirty) && (
            <button type="button" className={styles.secondary} onClick={discard} disabled={pending}>
              Discard draft
            </button>
          )}
          {!canPublish && <p className={styles.note}>An owner of the dealership publishes your draft.</p>}
          {dirty && <p className={styles.note}>Unsaved changes.</p>}
        </div>
      )}
    </div>
  );
}
