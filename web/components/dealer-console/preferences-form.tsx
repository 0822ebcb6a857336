'use client';

import { useActionState } from 'react';
import { savePreferencesAction } from '@/app/dealer_console/[site]/(console)/settings/settings-actions';
import type { PreferencesState } from '@/lib/dealer-console/preferences';
import styles from './console.module.css';
import own from './preferences-form.module.css';

export interface PreferencesDealership {
  slug: string;
  name: string;
  role: 'owner' | 'sales' | 'viewer';
}

const consentDate = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Australia/Sydney',
});

/** A field's problem, under it; the id its control names in aria-describedby. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className={own.fieldError}>
      {message}
    </p>
  ) : null;
}

/** The ids describing a control: its hint, and its problem when it has one. */
const describedBy = (...ids: (string | false | undefined)[]): string | undefined =>
  ids.filter(Boolean).join(' ') || undefined;

/**
 * The user's own channels, quiet hours and shift. Plain controls in fieldsets, each problem under its
 * field and listed first (so a screen reader hears them), and the values sent are shown again when
 * the api refuses them. Works before the script loads: the form posts to the server action.
 */
export function PreferencesForm(props: {
  site: string;
  siteName: string;
  email: string;
  dealerships: PreferencesDealership[];
  initial: PreferencesState;
}) {
  const [state, action, pending] = useActionState(savePreferencesAction, props.initial);
  const { values, errors } = state;
  const invalid = (name: string): true | undefined => (errors[name] ? true : undefined);
  const problems = Object.entries(errors);
  const idOf = (name: string): string => `pref-${name.replace(/[^a-z0-9-]/gi, '-')}`;
  return (
    <form action={action} className={own.form} noValidate>
      <input type="hidden" name="site" value={props.site} />
      {/* The live region is on the page from the start: one inserted with its text is often not read. */}
      <div role="status">{state.status === 'saved' ? <p className={styles.notice}>Saved.</p> : null}</div>
      {problems.length > 0 ? (
        <div role="alert" className={styles.noticeError}>
          <p className={own.summaryTitle}>Nothing was saved. Please fix:</p>
          <ul className={own.summaryList}>
            {problems.map(([name, message]) => (
              <li key={name}>{name === 'form' ? message : <a href={`#${idOf(name)}`}>{message}</a>}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <fieldset className={own.fieldset}>
        <legend>How you are told about leads</legend>
        <p className={own.hint} id="pref-channels-hint">
          New leads given to you, leads you have not answered in time, and escalations.
        </p>
        <div className={own.check}>
          <input
            type="checkbox"
            id={idOf('notifyEmail')}
            name="notifyEmail"
            defaultChecked={values.notifyEmail}
            aria-invalid={invalid('notifyEmail')}
            aria-describedby={describedBy('pref-email-hint', errors['notifyEmail'] && 'pref-notifyEmail-error')}
          />
          <label htmlFor={idOf('notifyEmail')}>Email</label>
          <p className={own.hint} id="pref-email-hint">
            To {props.email}
          </p>
          <FieldError id="pref-notifyEmail-error" message={errors['notifyEmail']} />
        </div>
        <div className={own.check}>
          <input
            type="checkbox"
            id={idOf('notifySms')}
            name="notifySms"
            defaultChecked={values.notifySms}
            aria-invalid={invalid('notifySms')}
            aria-describedby={describedBy(errors['notifySms'] && 'pref-notifySms-error')}
          />
          <label htmlFor={idOf('notifySms')}>Text message (SMS)</label>
          <FieldError id="pref-notifySms-error" message={errors['notifySms']} />
        </div>
        <div className={own.field}>
          <label htmlFor={idOf('mobile')} className={styles.label}>
            Mobile number
          </label>
          <p className={own.hint} id="pref-mobile-hint">
            An Australian mobile, such as 0412 345 678. Needed for texts.
          </p>
          <input
            type="tel"
            id={idOf('mobile')}
            name="mobile"
            autoComplete="tel-national"
            inputMode="tel"
            maxLength={32}
            defaultValue={values.mobile}
            className={`${styles.input} ${own.mobile}`}
            aria-invalid={invalid('mobile')}
            aria-describedby={describedBy('pref-mobile-hint', errors['mobile'] && 'pref-mobile-error')}
          />
          <FieldError id="pref-mobile-error" message={errors['mobile']} />
        </div>
        <div className={own.check}>
          <input
            type="checkbox"
            id={idOf('smsConsent')}
            name="smsConsent"
            aria-invalid={invalid('smsConsent')}
            aria-describedby={describedBy('pref-consent-hint', errors['smsConsent'] && 'pref-smsConsent-error')}
          />
          <label htmlFor={idOf('smsConsent')} className={own.consent}>
            I agree to receive text messages from {props.siteName}&apos;s dealer console at this mobile number about
            leads: new leads given to me, leads overdue for an answer, and escalations. I can stop them at any time by
            turning text messages off here.
          </label>
          <p className={own.hint} id="pref-consent-hint">
            {state.smsConsentAt
              ? `You agreed on ${consentDate.format(new Date(state.smsConsentAt))}. Tick it again only if you change the number.`
              : 'Needed to turn texts on, and again when you change the number.'}
          </p>
          <FieldError id="pref-smsConsent-error" message={errors['smsConsent']} />
        </div>
      </fieldset>

      <fieldset className={own.fieldset}>
        <legend>Quiet hours for texts</legend>
        <p className={own.hint} id="pref-quiet-hint">
          No texts are sent to you between these times (each dealership&apos;s local time); emails still arrive. Leave
          both empty for none.
        </p>
        <div className={own.times}>
          <div className={own.field}>
            <label htmlFor={idOf('quietStart')} className={styles.label}>
              From
            </label>
            <input
              type="time"
              id={idOf('quietStart')}
              name="quietStart"
              defaultValue={values.quietStart}
              className={styles.input}
              aria-invalid={invalid('quietStart')}
              aria-describedby={describedBy('pref-quiet-hint', errors['quietStart'] && 'pref-quietStart-error')}
            />
            <FieldError id="pref-quietStart-error" message={errors['quietStart']} />
          </div>
          <div className={own.field}>
            <label htmlFor={idOf('quietEnd')} className={styles.label}>
              Until
            </label>
            <input
              type="time"
              id={idOf('quietEnd')}
              name="quietEnd"
              defaultValue={values.quietEnd}
              className={styles.input}
              aria-invalid={invalid('quietEnd')}
              aria-describedby={describedBy('pref-quiet-hint', errors['quietEnd'] && 'pref-quietEnd-error')}
            />
            <FieldError id="pref-quietEnd-error" message={errors['quietEnd']} />
          </div>
        </div>
      </fieldset>

      <fieldset className={own.fieldset}>
        <legend>Taking leads</legend>
        <p className={own.hint} id="pref-takes-hint">
          While you are not taking leads (off shift, on leave), round-robin skips you and gives new leads to the next
          person taking them.
        </p>
        {props.dealerships.map((dealership) => {
          const name = `takes:${dealership.slug}`;
          if (dealership.role === 'viewer')
            return (
              <p key={dealership.slug} className={own.viewer}>
                {dealership.name}: you are a viewer there, and viewers are not given leads.
              </p>
            );
          return (
            <div key={dealership.slug} className={own.check}>
              <input type="hidden" name="dealership" value={dealership.slug} />
              <input
                type="checkbox"
                id={idOf(name)}
                name={name}
                defaultChecked={values.takes[dealership.slug] ?? false}
                aria-invalid={invalid(name)}
                aria-describedby={describedBy('pref-takes-hint', errors[name] && `${idOf(name)}-error`)}
              />
              <label htmlFor={idOf(name)}>Taking leads at {dealership.name}</label>
              <FieldError id={`${idOf(name)}-error`} message={errors[name]} />
            </div>
          );
        })}
      </fieldset>

      <div>
        <button type="submit" className={styles.button} disabled={pending}>
          {pending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
