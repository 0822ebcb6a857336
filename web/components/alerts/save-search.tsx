'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { TextField } from '@/components/forms/text-field';
import formStyles from '@/components/forms/forms.module.css';
import { saveSearch } from '@/lib/api/saved-search-calls';
import { AlertChannels, readChannels, type ConsentWording } from './alert-channels';
import styles from './alerts.module.css';

export interface SaveSearchProps {
  siteSlug: string;
  /** The search's criteria (query, sort, filters, ranges), as the search page sent them. */
  criteria: unknown;
  /** The page's path and query, for alerts to link back to. */
  pagePath: string;
  /** The readable summary the name defaults to (made on the server by the domain rule). */
  defaultName: string;
  /** The consent sentence of each channel (the domain rule, with the site's name). */
  wording: ConsentWording;
}

/**
 * 'Save this search' for a signed-in shopper: a disclosure (native details/summary, so it opens
 * from the keyboard without script) with the name, the alert channels (each box its consent
 * sentence, none ticked: a search saved with none has no alerts) and how often.
 */
export function SaveSearch({ siteSlug, criteria, pagePath, defaultName, wording }: SaveSearchProps) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saved, setSaved] = useState<'alerts' | 'quiet' | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const { channels, email } = readChannels(form);
    if (channels.includes('email') && !email) {
      setErrors({ email: 'Please enter an email address for email alerts' });
      return;
    }
    setBusy(true);
    setErrors({});
    setMessage(null);
    const name = String(form.get('name') ?? '').trim();
    const outcome = await saveSearch(siteSlug, {
      ...(name && name !== defaultName ? { name } : {}),
      criteria,
      page_path: pagePath,
      channels,
      frequency: form.get('frequency') === 'digest' ? 'digest' : 'instant',
      ...(email ? { email } : {}),
    });
    setBusy(false);
    if (!outcome.ok) {
      setErrors(outcome.fields);
      setMessage(outcome.message);
      return;
    }
    setSaved(channels.length > 0 ? 'alerts' : 'quiet');
  }

  if (saved) {
    return (
      <p className={styles.saved} role="status">
        {saved === 'alerts'
          ? 'Search saved. We will tell you when a car matches.'
          : 'Search saved, without alerts. You can turn them on from your watchlist.'}{' '}
        <Link href="/watchlist" prefetch={false}>
          See your saved searches
        </Link>
      </p>
    );
  }

  return (
    <details className={styles.saveSearch}>
      <summary className={styles.summary}>Save this search</summary>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          id="saved-search-name"
          name="name"
          label="Name"
          defaultValue={defaultName}
          maxLength={100}
          required
          error={errors['name']}
        />
        <AlertChannels idPrefix="saved-search" legend="Alerts (optional)" wording={wording} errors={errors} />
        <fieldset className={styles.fieldset}>
          <legend className={formStyles.label}>How often</legend>
          <label className={styles.choice}>
            <input type="radio" name="frequency" value="instant" defaultChecked /> As soon as a car arrives
          </label>
          <label className={styles.choice}>
            <input type="radio" name="frequency" value="digest" /> One daily summary in the morning
          </label>
        </fieldset>
        {message && Object.keys(errors).length === 0 && (
          <p className={formStyles.error} role="alert">
            {message}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save search'}
        </button>
      </form>
    </details>
  );
}
