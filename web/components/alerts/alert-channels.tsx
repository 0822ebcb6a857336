'use client';

import { useState } from 'react';
import { TextField } from '@/components/forms/text-field';
import formStyles from '@/components/forms/forms.module.css';
import styles from './alerts.module.css';

/** The consent sentence of each channel, as the domain rule words it (made on the server). */
export interface ConsentWording {
  sms: string;
  email: string;
}

export interface AlertChannelsProps {
  /** Prefix of the ids in this fieldset (several forms can share a page). */
  idPrefix: string;
  legend: string;
  wording: ConsentWording;
  /** An email address is already on file for this subscription: no address field is asked for. */
  hasEmail?: boolean;
  errors: Record<string, string>;
  /** Channels already consented to (changing alerts on the watchlist); none when asking afresh. */
  ticked?: readonly string[];
}

/**
 * The alert channels a shopper may tick: one box per channel whose label is the exact consent
 * sentence stored when it is ticked. Nothing is ticked for them (Spam Act: consent is asked, not
 * assumed). Ticking email asks for the address.
 */
export function AlertChannels({
  idPrefix,
  legend,
  wording,
  hasEmail = false,
  errors,
  ticked = [],
}: AlertChannelsProps) {
  const [email, setEmail] = useState(ticked.includes('email'));
  const errorId = `${idPrefix}-channels-error`;
  return (
    <>
      <fieldset className={styles.fieldset} aria-describedby={errors['channels'] ? errorId : undefined}>
        <legend className={formStyles.label}>{legend}</legend>
        <label className={styles.consent}>
          <input type="checkbox" name="channels" value="sms" defaultChecked={ticked.includes('sms')} />{' '}
          <span>{wording.sms}</span>
        </label>
        <label className={styles.consent}>
          <input
            type="checkbox"
            name="channels"
            value="email"
            defaultChecked={ticked.includes('email')}
            onChange={(e) => setEmail(e.currentTarget.checked)}
          />{' '}
          <span>{wording.email}</span>
        </label>
        {errors['channels'] && (
          <p id={errorId} className={formStyles.error}>
            {errors['channels']}
          </p>
        )}
      </fieldset>
      {email && !hasEmail && (
        <TextField
          id={`${idPrefix}-email`}
          name="email"
          type="email"
          label="Email address"
          autoComplete="email"
          maxLength={254}
          required
          error={errors['email']}
        />
      )}
    </>
  );
}

/** The channels ticked in a form and the address typed, if any. */
export function readChannels(form: FormData): { channels: ('email' | 'sms')[]; email?: string } {
  const channels = form
    .getAll('channels')
    .map(String)
    .filter((c): c is 'email' | 'sms' => c === 'email' || c === 'sms');
  const email = String(form.get('email') ?? '').trim();
  return { channels, ...(channels.includes('email') && email ? { email } : {}) };
}
