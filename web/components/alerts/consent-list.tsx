import type { Consent } from '@/lib/api/saved-searches';
import styles from './alerts.module.css';

const agreedOn = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Australia/Sydney',
});

/** What the shopper agreed to for a saved search or car: each channel's words and the day. */
export function ConsentList({ consents }: { consents: Consent[] }) {
  if (consents.length === 0) return null;
  // Paragraphs, not a list: it sits inside a saved search's or car's own list item.
  return (
    <div className={styles.consents}>
      {consents.map((consent) => (
        <p key={`${consent.channel}-${consent.granted_at}`}>
          {consent.channel === 'sms' ? 'SMS' : 'Email'}, agreed {agreedOn.format(new Date(consent.granted_at))}: “
          {consent.wording}”
        </p>
      ))}
    </div>
  );
}
