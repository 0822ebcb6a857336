'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { TextField } from '@/components/forms/text-field';
import { deleteSavedSearch, updateSavedSearch } from '@/lib/api/saved-search-calls';
import { toasts } from '@/lib/toast/toast-state';
import styles from './alerts.module.css';

export interface SavedSearchItemProps {
  siteSlug: string;
  id: string;
  name: string;
  pagePath: string;
  paused: boolean;
  newMatches: number;
  /** 'By SMS, as soon as a car arrives' */
  how: string;
}

/** One saved search on the watchlist page: its new matches, and Rename, Pause or Resume, and Delete. */
export function SavedSearchItem({ siteSlug, id, name, pagePath, paused, newMatches, how }: SavedSearchItemProps) {
  const router = useRouter();
  const [renaming, setRenaming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [gone, setGone] = useState(false);

  async function change(body: { name?: string; paused?: boolean }, done: string): Promise<boolean> {
    setBusy(true);
    setError(null);
    const outcome = await updateSavedSearch(siteSlug, id, body);
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.fields['name'] ?? outcome.message);
      return false;
    }
    toasts.show({ title: done, description: body.name ?? name });
    router.refresh();
    return true;
  }

  async function rename(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const next = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    if (await change({ name: next }, 'Saved search renamed')) setRenaming(false);
  }

  async function remove(): Promise<void> {
    if (!window.confirm(`Delete the saved search '${name}'?`)) return;
    setBusy(true);
    const outcome = await deleteSavedSearch(siteSlug, id);
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    setGone(true);
    toasts.show({ title: 'Saved search deleted', description: name });
    router.refresh();
  }

  if (gone) return null;
  return (
    <li className={styles.search}>
      <div className={styles.searchHead}>
        <h3 className={styles.searchName}>
          <Link href={pagePath} prefetch={false}>
            {name}
          </Link>
        </h3>
        {newMatches > 0 && (
          <span className={styles.newMatches}>
            {newMatches} new {newMatches === 1 ? 'match' : 'matches'} since your last visit
          </span>
        )}
      </div>
      <p className={styles.muted}>{paused ? 'Paused: no alerts are sent.' : how}</p>
      {renaming ? (
        <form className={styles.rename} onSubmit={(event) => void rename(event)}>
          <TextField
            id={`rename-${id}`}
            name="name"
            label="New name"
            defaultValue={name}
            maxLength={100}
            required
            autoFocus
            error={error}
          />
          <button type="submit" className={styles.actionButton} disabled={busy}>
            Save name
          </button>
          <button type="button" className={styles.actionButton} onClick={() => setRenaming(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <div className={styles.actions}>
          <button type="button" className={styles.actionButton} disabled={busy} onClick={() => setRenaming(true)}>
            Rename<span className="visually-hidden"> {name}</span>
          </button>
          <button
            type="button"
            className={styles.actionButton}
            disabled={busy}
            onClick={() => void change({ paused: !paused }, paused ? 'Alerts resumed' : 'Alerts paused')}
          >
            {paused ? 'Resume' : 'Pause'}
            <span className="visually-hidden"> alerts for {name}</span>
          </button>
          <button type="button" className={styles.actionButton} disabled={busy} onClick={() => void remove()}>
            Delete<span className="visually-hidden"> {name}</span>
          </button>
        </div>
      )}
      {error && !renaming && (
        <p className={styles.muted} role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
