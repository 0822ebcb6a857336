'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { TextField } from '@/components/forms/text-field';
import { deleteSavedSearch, updateSavedSearch } from '@/lib/api/saved-search-calls';
import type { Consent } from '@/lib/api/saved-searches';
import { toasts } from '@/lib/toast/toast-state';
import { AlertChannels, readChannels, type ConsentWording } from './alert-channels';
import { ConsentList } from './consent-list';
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
  /** The live consents behind its alerts. */
  consents: Consent[];
  /** The consent sentence of each channel, for turning alerts on. */
  wording: ConsentWording;
  /** An email address is on file for it. */
  hasEmail: boolean;
  /** The channels its alerts come by now (each a live consent). */
  channels: string[];
}

/**
 * One saved search on the watchlist page: its new matches, what the shopper agreed to, and Rename,
 * Turn off alerts (withdraws the consent at once) or, when off, 'Paused — turn on alerts' with the
 * channel boxes (nothing ticked), and Delete.
 */
export function SavedSearchItem({
  siteSlug,
  id,
  name,
  pagePath,
  paused,
  newMatches,
  how,
  consents,
  wording,
  hasEmail,
  channels: current,
}: SavedSearchItemProps) {
  const router = useRouter();
  const [renaming, setRenaming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [optInErrors, setOptInErrors] = useState<Record<string, string>>({});
  const [gone, setGone] = useState(false);

  async function change(
    body: { name?: string; channels?: ('email' | 'sms')[]; email?: string },
    done: string,
  ): Promise<boolean> {
    setBusy(true);
    setError(null);
    setOptInErrors({});
    const outcome = await updateSavedSearch(siteSlug, id, body);
    setBusy(false);
    if (!outcome.ok) {
      if (body.channels) setOptInErrors({ channels: outcome.message, ...outcome.fields });
      else setError(outcome.fields['name'] ?? outcome.message);
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

  async function turnOn(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const { channels, email } = readChannels(new FormData(event.currentTarget));
    if (paused && channels.length === 0)
      return setOptInErrors({ channels: 'Tick SMS, email or both to turn alerts on' });
    if (channels.includes('email') && !email && !hasEmail)
      return setOptInErrors({ email: 'Please enter an email address for email alerts' });
    await change({ channels, ...(email ? { email } : {}) }, channels.length > 0 ? 'Alerts on' : 'Alerts off');
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
      {!paused && (
        <>
          <p className={styles.muted}>{how}</p>
          <ConsentList consents={consents} />
        </>
      )}
      <details className={styles.optIn}>
        <summary className={styles.summary}>
          {paused ? 'Paused — turn on alerts' : 'Change alerts'}
          <span className="visually-hidden"> for {name}</span>
        </summary>
        <form className={styles.form} onSubmit={(event) => void turnOn(event)} noValidate>
          <AlertChannels
            idPrefix={`search-${id}`}
            legend="Tell me about new matches"
            wording={wording}
            hasEmail={hasEmail}
            errors={optInErrors}
            ticked={paused ? [] : current}
          />
          <button type="submit" className="button button-primary" disabled={busy}>
            {paused ? 'Turn on alerts' : 'Save alerts'}
            <span className="visually-hidden"> for {name}</span>
          </button>
        </form>
      </details>
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
          {!paused && (
            <button
              type="button"
              className={styles.actionButton}
              disabled={busy}
              onClick={() => void change({ channels: [] }, 'Alerts off')}
            >
              Turn off alerts<span className="visually-hidden"> for {name}</span>
            </button>
          )}
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
