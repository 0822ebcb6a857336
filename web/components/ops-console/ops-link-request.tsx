'use client';

import { useState, type FormEvent } from 'react';
import { postJson } from '@/lib/api/browser';
import styles from '@/components/dealer-console/console.module.css';

/**
 * An operator asks for a one-time sign-in link by email (POST /api/ops-console/sign-in/request).
 * The answer is the same whether or not the address is an operator's, so the page says "if".
 */
export function OpsLinkRequest() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; form?: string }>({});

  async function request(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    const outcome = await postJson('/api/ops-console/sign-in/request', { email });
    setBusy(false);
    if (outcome.ok) return setSent(true);
    setErrors(outcome.fields['email'] ? { email: outcome.fields['email'] } : { form: outcome.message });
  }

  if (sent)
    return (
      <div className={styles.stack}>
        <p role="status">
          If {email} is an operator&apos;s address, a sign-in link is on its way. It works once, for 15 minutes.
        </p>
        <button type="button" className={styles.linkButton} onClick={() => setSent(false)}>
          Use another email address
        </button>
      </div>
    );

  return (
    <form className={styles.stack} onSubmit={(event) => void request(event)} noValidate>
      <p>We will email you a link to sign in with.</p>
      <label className={styles.label} htmlFor="ops-email">
        Email address
      </label>
      <input
        id="ops-email"
        className={styles.input}
        type="email"
        name="email"
        autoComplete="email"
        required
        maxLength={254}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        aria-invalid={errors.email ? true : undefined}
        aria-describedby={errors.email ? 'ops-email-error' : undefined}
      />
      {errors.email && (
        <p id="ops-email-error" className={styles.error}>
          {errors.email}
        </p>
      )}
      {errors.form && (
        <p role="alert" className={styles.error}>
          {errors.form}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={busy}>
        Email me a sign-in link
      </button>
    </form>
  );
}
