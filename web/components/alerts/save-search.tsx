'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { TextField } from '@/components/forms/text-field';
import formStyles from '@/components/forms/forms.module.css';
import { saveSearch } from '@/lib/api/saved-search-calls';
import styles from './alerts.module.css';

export interface SaveSearchProps {
  siteSlug: string;
  /** The search's criteria (query, sort, filters, ranges), as the search page sent them. */
  criteria: unknown;
  /** The page's path and query, for alerts to link back to. */
  pagePath: string;
  /** The readable summary the name defaults to (made on the server by the domain rule). */
  defaultName: string;
}

/**
 * 'Save this search' for a signed-in shopper: a disclosure (native details/summary, so it opens
 * from the keyboard without script) with the name, how to hear (SMS, email or both) and how often.
 */
export function SaveSearch({ siteSlug, criteria, pagePath, defaultName }: SaveSearchProps) {
  const [email, setEmail] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const channels = form.getAll('channels').map(String) as ('email' | 'sms')[];
    if (channels.length === 0) {
      setErrors({ channels: 'Choose SMS, email or both' });
      return;
    }
    setBusy(true);
    setErrors({});
    setMessage(null);
    const name = String(form.get('name') ?? '').trim();
    const address = String(form.get('email') ?? '').trim();
    const outcome = await saveSearch(siteSlug, {
      ...(name && name !== defaultName ? { name } : {}),
      criteria,
      page_path: pagePath,
      channels,
      frequency: form.get('frequency') === 'digest' ? 'digest' : 'instant',
      ...(channels.includes('email') ? { email: address } : {}),
    });
    setBusy(false);
    if (!outcome.ok) {
      setErrors(outcome.fields);
      setMessage(outcome.message);
      return;
    }
    setSaved(true);
  }

  if (saved) {
    return (
      <p className={styles.saved} role="status">
        Search saved. We will tell you when a car matches.{' '}
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
        <fieldset
          className={styles.fieldset}
          aria-describedby={errors['channels'] ? 'saved-search-channels-error' : undefined}
        >
          <legend className={formStyles.label}>Tell me by</legend>
          <label className={styles.choice}>
            <input type="checkbox" name="channels" value="sms" defaultChecked /> SMS
          </label>
          <label className={styles.choice}>
            <input type="checkbox" name="channels" value="email" onChange={(e) => setEmail(e.currentTarget.checked)} />{' '}
            Email
          </label>
          {errors['channels'] && (
            <p id="saved-search-channels-error" className={formStyles.error}>
              {errors['channels']}
            </p>
          )}
        </fieldset>
        {email && (
          <TextField
            id="saved-search-email"
            name="email"
            type="email"
            label="Email address"
            autoComplete="email"
            maxLength={254}
            required
            error={errors['email']}
          />
        )}
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
