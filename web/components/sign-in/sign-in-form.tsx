'use client';

import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { TextField } from '@/components/forms/text-field';
import styles from '@/components/forms/forms.module.css';
import { postJson } from '@/lib/api/browser';
import { mobileNumberProblem, prepareMobileCheck } from '@/lib/sign-in/mobile-check';

interface SignInFormProps {
  siteSlug: string;
  /** Where to go once signed in (already checked to be a path on this site). */
  redirect: string;
}

type Step = { name: 'phone' } | { name: 'code'; phone: string; display: string };

const CODE_REASONS_NEEDING_A_NEW_CODE = new Set(['expired', 'used', 'too_many_attempts', 'no_code']);

const noSubscription = () => () => undefined;

/** False in the server's HTML and until React has hydrated the form, then true. */
const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * Two steps: the mobile number, then the code texted to it. Validation uses the same schema as the
 * API, so a typo is caught before a text is sent. After signing in the browser loads the redirect
 * in full, so every server-rendered part of the page sees the new session.
 */
export function SignInForm({ siteSlug, redirect }: SignInFormProps) {
  const id = useId();
  const [step, setStep] = useState<Step>({ name: 'phone' });
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [needsNewCode, setNeedsNewCode] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const base = `/api/sites/${encodeURIComponent(siteSlug)}`;
  // The form works only through its handlers: pressed before they are attached, the browser would
  // submit it natively and reload the page with the number in the address, sending nothing.
  const hydrated = useHydrated();

  // The code field replaces the phone field: keep keyboard and screen-reader users with the form.
  useEffect(() => {
    if (step.name === 'code') codeInput.current?.focus();
  }, [step.name]);

  function reset(): void {
    setFieldError(null);
    setFormError(null);
    setNotice(null);
    setNeedsNewCode(false);
  }

  async function sendCode(phone: string): Promise<void> {
    reset();
    const problem = await mobileNumberProblem(phone);
    if (problem) {
      setFieldError(problem);
      return;
    }
    setBusy(true);
    const outcome = await postJson<{ status: string; expires_in_seconds: number }>(`${base}/sign-in/code`, { phone });
    setBusy(false);
    if (!outcome.ok) {
      if (step.name === 'phone') setFieldError(outcome.fields['phone'] ?? null);
      setFormError(outcome.message);
      return;
    }
    const minutes = Math.max(1, Math.round(outcome.data.expires_in_seconds / 60));
    setStep({ name: 'code', phone, display: phone.trim() });
    setNotice(`We sent a code to ${phone.trim()}. It expires in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }

  async function verify(phone: string, code: string): Promise<void> {
    reset();
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setFieldError('Enter the 6-digit code from the SMS.');
      return;
    }
    setBusy(true);
    const outcome = await postJson<{ signed_in: boolean; redirect: string }>(`${base}/sign-in/verify`, {
      phone,
      code,
      redirect,
    });
    if (outcome.ok) {
      window.location.assign(outcome.data.redirect);
      return;
    }
    setBusy(false);
    setFieldError(outcome.fields['code'] ?? null);
    setFormError(outcome.fields['code'] ? null : outcome.message);
    setNeedsNewCode(outcome.reason !== null && CODE_REASONS_NEEDING_A_NEW_CODE.has(outcome.reason));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    if (step.name === 'phone') void sendCode(String(data.get('phone') ?? ''));
    else void verify(step.phone, String(data.get('code') ?? ''));
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} onFocus={prepareMobileCheck} noValidate aria-busy={busy}>
      {formError && (
        <div role="alert" className={styles.alert}>
          {formError}
        </div>
      )}
      {notice && (
        <p role="status" className={styles.status}>
          {notice}
        </p>
      )}

      {step.name === 'phone' ? (
        <>
          <TextField
            id={`${id}-phone`}
            name="phone"
            label="Mobile number"
            hint="We’ll text you a one-time code. Standard message rates may apply."
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            error={fieldError}
          />
          <div className={styles.actions}>
            <button type="submit" className="button button-primary" disabled={busy || !hydrated}>
              {busy ? 'Sending…' : 'Send code'}
            </button>
          </div>
        </>
      ) : (
        <>
          <TextField
            ref={codeInput}
            key="code"
            id={`${id}-code`}
            name="code"
            label="Code"
            hint={`Enter the 6-digit code sent to ${step.display}.`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
            error={fieldError}
          />
          <div className={styles.actions}>
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? 'Signing in…' : 'Sign in'}
            </button>
            <button
              type="button"
              className={styles.linkButton}
              disabled={busy}
              onClick={() => void sendCode(step.phone)}
            >
              {needsNewCode ? 'Request a new code' : 'Send a new code'}
            </button>
            <button
              type="button"
              className={styles.linkButton}
              disabled={busy}
              onClick={() => {
                reset();
                setStep({ name: 'phone' });
              }}
            >
              Use a different number
            </button>
          </div>
        </>
      )}
    </form>
  );
}
