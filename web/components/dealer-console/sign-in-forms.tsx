'use client';

import { useRef, useState, type FormEvent } from 'react';
import { postJson } from '@/lib/api/browser';
import styles from './console.module.css';

/** After signing in: the page asked for (the inbox by default), loaded afresh so every server component sees the new session. */
const signedIn = (home = '/dealer'): void => window.location.assign(home);

/**
 * Spends a one-time link's token when the person presses the button (never on page load). The ops
 * console uses it too, with its own endpoint, home page and fallback.
 */
export function LinkSignIn({
  token,
  endpoint = '/api/dealer/sign-in/link',
  home = '/dealer',
  fallback = { href: '/dealer/sign-in', label: 'Sign in with an email code instead' },
}: {
  token: string;
  endpoint?: string;
  home?: string;
  fallback?: { href: string; label: string };
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signIn(): Promise<void> {
    setBusy(true);
    setError(null);
    const outcome = await postJson(endpoint, { token });
    if (outcome.ok) return signedIn(home);
    setBusy(false);
    setError(outcome.fields['token'] ?? outcome.message);
  }

  return (
    <div className={styles.stack}>
      <button type="button" className="button button-primary" disabled={busy} onClick={() => void signIn()}>
        Sign in
      </button>
      {error && (
        <p role="alert" className={styles.error}>
          {error} <a href={fallback.href}>{fallback.label}</a>.
        </p>
      )}
    </div>
  );
}

/** 'Try again in 5 minutes.' from a 429's Retry-After seconds (or a general wait). */
function waitMessage(seconds: number | null): string {
  if (!seconds) return 'Too many attempts. Please wait a few minutes and try again.';
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

async function retryAfter(
  path: string,
  body: unknown,
): Promise<{ status: number; seconds: number | null; data: unknown }> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const header = Number(response.headers.get('retry-after'));
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    // No body (202) or not JSON.
  }
  return { status: response.status, seconds: Number.isFinite(header) && header > 0 ? header : null, data };
}

/**
 * Email, then the code sent to it (POST /api/dealer/sign-in/request, then /sign-in/code). `next` (a
 * console page, checked by the page) is opened after signing in, and the emailed link carries it too.
 */
export function EmailCodeSignIn({ next = '/dealer' }: { next?: string }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; code?: string; form?: string }>({});
  const codeInput = useRef<HTMLInputElement>(null);

  async function requestCode(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    const outcome = await postJson('/api/dealer/sign-in/request', next === '/dealer' ? { email } : { email, next });
    setBusy(false);
    if (!outcome.ok) {
      setErrors({ email: outcome.fields['email'], form: outcome.fields['email'] ? undefined : outcome.message });
      return;
    }
    setSent(true);
    requestAnimationFrame(() => codeInput.current?.focus());
  }

  async function submitCode(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    setBusy(true);
    setErrors({});
    let answer;
    try {
      answer = await retryAfter('/api/dealer/sign-in/code', { email, code });
    } catch {
      setBusy(false);
      setErrors({ form: 'We could not reach the server. Please check your connection and try again.' });
      return;
    }
    if (answer.status === 200) return signedIn(next);
    setBusy(false);
    if (answer.status === 429) return setErrors({ form: waitMessage(answer.seconds) });
    const problem = (answer.data ?? {}) as { detail?: string; errors?: { path?: string; message?: string }[] };
    const codeError = problem.errors?.find((e) => e.path === 'code')?.message;
    setErrors(codeError ? { code: codeError } : { form: problem.detail ?? 'That did not work. Please try again.' });
  }

  if (!sent)
    return (
      <form className={styles.stack} onSubmit={(event) => void requestCode(event)} noValidate>
        <p>We will email you a code to sign in with.</p>
        <label className={styles.label} htmlFor="dealer-email">
          Email address
        </label>
        <input
          id="dealer-email"
          className={styles.input}
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'dealer-email-error' : undefined}
        />
        {errors.email && (
          <p id="dealer-email-error" className={styles.error}>
            {errors.email}
          </p>
        )}
        {errors.form && (
          <p role="alert" className={styles.error}>
            {errors.form}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={busy}>
          Email me a code
        </button>
      </form>
    );

  return (
    <form className={styles.stack} onSubmit={(event) => void submitCode(event)} noValidate>
      <p role="status">If {email} can sign in here, a code is on its way. It works for a few minutes.</p>
      <label className={styles.label} htmlFor="dealer-code">
        Code
      </label>
      <input
        id="dealer-code"
        ref={codeInput}
        className={styles.input}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        maxLength={12}
        aria-invalid={errors.code ? true : undefined}
        aria-describedby={errors.code ? 'dealer-code-error' : undefined}
      />
      {errors.code && (
        <p id="dealer-code-error" className={styles.error}>
          {errors.code}
        </p>
      )}
      {errors.form && (
        <p role="alert" className={styles.error}>
          {errors.form}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={busy}>
        Sign in
      </button>
      <button type="button" className={styles.linkButton} onClick={() => setSent(false)}>
        Use another email address
      </button>
    </form>
  );
}
