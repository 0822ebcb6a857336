'use client';

import { useActionState, useEffect, useRef, type ReactNode } from 'react';
import { onboardAction, type OnboardState } from '@/app/ops_console/(console)/ops-actions';
import { CopyButton } from '@/components/dealer-console/copy-button';
import styles from '@/components/dealer-console/console.module.css';
import type { OnboardingAnswerView, OnboardingOptions } from '@/lib/api/ops';
import { DEALERSHIP, fieldOfPath, FORM_WEEK, LOCATION } from '@/lib/ops-console/onboarding-form';
import { HostState } from './states';
import ops from './ops.module.css';

/** Every named field of the form, so each problem the api names can be put under its own. */
const FIELDS = new Set([
  'site.name',
  'site.slug',
  'site.template',
  'site.time_zone',
  'hosts',
  `${DEALERSHIP}.name`,
  `${DEALERSHIP}.slug`,
  `${DEALERSHIP}.manufacturer`,
  `${DEALERSHIP}.phone`,
  `${DEALERSHIP}.lead_emails`,
  `${DEALERSHIP}.owner.name`,
  `${DEALERSHIP}.owner.email`,
  `${LOCATION}.name`,
  `${LOCATION}.slug`,
  `${LOCATION}.location_type`,
  `${LOCATION}.address.street`,
  `${LOCATION}.address.suburb`,
  `${LOCATION}.address.postcode`,
  `${LOCATION}.phone`,
  ...FORM_WEEK.flatMap((day) => [`week.${day}.open`, `week.${day}.close`]),
  'document',
]);

const idOf = (name: string): string => `f-${name.replace(/[^a-z0-9]+/gi, '-')}`;

const DAY_NAMES: Record<string, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** A suggested week: what most dealers open, for ops to change rather than type from nothing. */
const TYPICAL_WEEK: Record<string, { open: string; close: string } | 'closed'> = {
  monday: { open: '08:30', close: '17:30' },
  tuesday: { open: '08:30', close: '17:30' },
  wednesday: { open: '08:30', close: '17:30' },
  thursday: { open: '08:30', close: '17:30' },
  friday: { open: '08:30', close: '17:30' },
  saturday: { open: '09:00', close: '16:00' },
  sunday: 'closed',
};

type Problems = Map<string, string[]>;

const DNS_PURPOSES: Record<string, string> = {
  verify: 'Proves the dealer controls the domain',
  route: 'Sends the domain to the platform',
};

/** What each field shows: the value sent last time and the api's problems, by field. */
interface FormContext {
  values: Record<string, string>;
  problems: Problems;
}

interface FieldProps {
  form: FormContext;
  name: string;
  label: string;
  hint?: string;
  type?: 'text' | 'email' | 'tel';
  required?: boolean;
  maxLength?: number;
  autoComplete?: string;
  placeholder?: string;
  inputMode?: 'numeric';
}

/** The form: plain fields for the common dealer (one dealership, one location), or a pasted document. */
export function OnboardForm({ options }: { options: OnboardingOptions }) {
  const [state, action, pending] = useActionState<OnboardState, FormData>(onboardAction, { status: 'idle' });
  const summary = useRef<HTMLDivElement>(null);
  const attempt = state.status === 'refused' ? state.attempt : 0;

  useEffect(() => {
    if (attempt > 0) summary.current?.focus();
  }, [attempt]);

  if (state.status === 'onboarded') return <Onboarded answer={state.answer} />;

  const values = state.status === 'refused' ? state.values : {};
  const problems: Problems = new Map();
  const unplaced: { path: string; message: string }[] = [];
  if (state.status === 'refused')
    for (const problem of state.problems) {
      const field = fieldOfPath(problem.path, FIELDS);
      if (field) problems.set(field, [...(problems.get(field) ?? []), problem.message]);
      else unplaced.push(problem);
    }

  const form: FormContext = { values, problems };
  const refused = state.status === 'refused' ? state : null;
  const documentMode = refused?.mode === 'document';

  return (
    <div className={styles.section} key={attempt}>
      {refused ? (
        <div className={ops.summary} role="alert" tabIndex={-1} ref={summary} aria-labelledby="problems-title">
          <h2 id="problems-title">Nothing was created: {refused.title}</h2>
          <p>{refused.detail}</p>
          {refused.problems.length > 0 ? (
            <ul>
              {refused.problems.map((problem, index) => {
                const field = documentMode ? 'document' : fieldOfPath(problem.path, FIELDS);
                return (
                  <li key={`${problem.path}-${index}`}>
                    {field ? <a href={`#${idOf(field)}`}>{problem.message}</a> : problem.message}{' '}
                    <span className={styles.muted}>({problem.path})</span>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      ) : null}

      <form action={action} className={styles.section} noValidate aria-label="Onboard a dealer">
        <input type="hidden" name="mode" value="form" />
        <fieldset className={ops.fieldset}>
          <legend>Site</legend>
          <div className={ops.fields}>
            <Field
              form={form}
              name="site.name"
              label="Site name"
              required
              maxLength={120}
              placeholder="Geelong Mitsubishi"
            />
            <Field
              form={form}
              name="site.slug"
              label="Site slug"
              required
              maxLength={63}
              placeholder="geelong-mitsubishi"
              hint="Lower-case letters, digits and hyphens. Its development host is <slug>.localhost."
            />
            <Select
              form={form}
              name="site.template"
              label="Template"
              required
              empty="Choose a template"
              choices={options.templates.map((t) => ({ value: t.name, label: t.name }))}
            />
            <Select
              form={form}
              name="site.time_zone"
              label="Time zone"
              empty="From the location's state"
              choices={options.time_zones.map((zone) => ({ value: zone, label: zone.replace('Australia/', '') }))}
            />
          </div>
          <HostsField messages={problems.get('hosts') ?? []} value={values['hosts'] ?? ''} />
        </fieldset>

        <fieldset className={ops.fieldset}>
          <legend>Dealership and its first owner</legend>
          <div className={ops.fields}>
            <Field
              form={form}
              name={`${DEALERSHIP}.name`}
              label="Dealership name"
              maxLength={120}
              hint="The site's name when left blank."
            />
            <Field
              form={form}
              name={`${DEALERSHIP}.slug`}
              label="Dealership slug"
              maxLength={100}
              hint="The site's slug when left blank."
            />
            <Select
              form={form}
              name={`${DEALERSHIP}.manufacturer`}
              label="Brand"
              empty="Multi-make (used cars)"
              choices={options.manufacturers.map((m) => ({ value: m.slug, label: m.name }))}
            />
            <Field
              form={form}
              name={`${DEALERSHIP}.phone`}
              label="Phone"
              type="tel"
              maxLength={20}
              placeholder="03 5222 4400"
            />
            <Field
              form={form}
              name={`${DEALERSHIP}.lead_emails`}
              label="Lead emails"
              maxLength={2000}
              hint="Every lead is emailed here: separate addresses with commas."
            />
            <Field form={form} name={`${DEALERSHIP}.owner.name`} label="Owner's name" required maxLength={120} />
            <Field
              form={form}
              name={`${DEALERSHIP}.owner.email`}
              label="Owner's email"
              type="email"
              required
              maxLength={254}
              hint="They get a one-time link to sign in to the dealer console."
            />
          </div>
        </fieldset>

        <fieldset className={ops.fieldset}>
          <legend>Main location</legend>
          <div className={ops.fields}>
            <Field form={form} name={`${LOCATION}.name`} label="Location name" required maxLength={120} />
            <Select
              form={form}
              name={`${LOCATION}.location_type`}
              label="Department"
              required
              choices={[
                { value: 'sales', label: 'New car sales' },
                { value: 'used', label: 'Used car sales' },
                { value: 'service', label: 'Service' },
                { value: 'parts', label: 'Parts' },
              ]}
            />
            <Field
              form={form}
              name={`${LOCATION}.address.street`}
              label="Street address"
              required
              placeholder="125 Latrobe Terrace"
            />
            <Field form={form} name={`${LOCATION}.address.suburb`} label="Suburb" required maxLength={100} />
            <Field
              form={form}
              name={`${LOCATION}.address.postcode`}
              label="Postcode"
              required
              maxLength={4}
              hint="Four digits; the state and map position come from it."
              inputMode="numeric"
            />
            <Field
              form={form}
              name={`${LOCATION}.phone`}
              label="Location phone"
              type="tel"
              maxLength={20}
              hint="The dealership's phone when left blank."
            />
          </div>
          <fieldset className={ops.fieldset}>
            <legend>Opening hours</legend>
            <p className={ops.hint}>A day left blank is closed. Christmas and other special days can be added later.</p>
            <div className={ops.week}>
              {FORM_WEEK.map((day) => (
                <DayRow key={day} day={day} values={values} problems={problems} fresh={state.status === 'idle'} />
              ))}
            </div>
          </fieldset>
        </fieldset>

        <div>
          <button type="submit" className={styles.button} disabled={pending}>
            {pending ? 'Onboarding…' : 'Onboard this dealer'}
          </button>
        </div>
      </form>

      <details className={styles.disclosure} open={documentMode}>
        <summary>Or paste a whole onboarding document (JSON)</summary>
        <form action={action} className={styles.section} noValidate aria-label="Onboard from a document">
          <input type="hidden" name="mode" value="document" />
          <p className={ops.hint}>
            For several dealerships or locations, special hours and configuration: the document docs/onboarding.md
            describes, such as infra/onboarding/example-dealer.json.
          </p>
          <div className={ops.field}>
            <label htmlFor={idOf('document')}>Onboarding document</label>
            <textarea
              id={idOf('document')}
              name="document"
              className={ops.textarea}
              spellCheck={false}
              defaultValue={values['document'] ?? ''}
              aria-invalid={problems.get('document')?.length ? true : undefined}
            />
            <FieldErrors name="document" messages={problems.get('document') ?? []} />
          </div>
          <div>
            <button type="submit" className={styles.button} disabled={pending}>
              {pending ? 'Onboarding…' : 'Onboard from this document'}
            </button>
          </div>
        </form>
      </details>
    </div>
  );
}

function Field({ form, name, label, hint, type = 'text', required, maxLength = 200, ...rest }: FieldProps) {
  const { values, problems } = form;
  const messages = problems.get(name) ?? [];
  const described = [hint ? `${idOf(name)}-hint` : null, messages.length ? `${idOf(name)}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={ops.field}>
      <label htmlFor={idOf(name)}>
        {label}
        {required ? null : <span className={styles.muted}> (optional)</span>}
      </label>
      {hint ? (
        <p id={`${idOf(name)}-hint`} className={ops.hint}>
          {hint}
        </p>
      ) : null}
      <input
        id={idOf(name)}
        name={name}
        type={type}
        required={required}
        maxLength={maxLength}
        defaultValue={values[name] ?? ''}
        aria-invalid={messages.length ? true : undefined}
        aria-describedby={described || undefined}
        {...rest}
      />
      <FieldErrors name={name} messages={messages} />
    </div>
  );
}

function Select({
  form,
  name,
  label,
  choices,
  required,
  empty,
}: {
  form: FormContext;
  name: string;
  label: string;
  choices: { value: string; label: string }[];
  required?: boolean;
  empty?: string;
}) {
  const { values, problems } = form;
  const messages = problems.get(name) ?? [];
  return (
    <div className={ops.field}>
      <label htmlFor={idOf(name)}>
        {label}
        {required ? null : <span className={styles.muted}> (optional)</span>}
      </label>
      <select
        id={idOf(name)}
        name={name}
        defaultValue={values[name] ?? (empty === undefined ? choices[0]?.value : '')}
        aria-invalid={messages.length ? true : undefined}
        aria-describedby={messages.length ? `${idOf(name)}-error` : undefined}
      >
        {empty !== undefined ? <option value="">{empty}</option> : null}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <FieldErrors name={name} messages={messages} />
    </div>
  );
}

function FieldErrors({ name, messages }: { name: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <p id={`${idOf(name)}-error`} className={styles.error}>
      {messages.join(' ')}
    </p>
  );
}

function HostsField({ messages, value }: { messages: string[]; value: string }) {
  return (
    <div className={ops.field}>
      <label htmlFor={idOf('hosts')}>
        The dealer&apos;s own domains <span className={styles.muted}>(optional)</span>
      </label>
      <p id={`${idOf('hosts')}-hint`} className={ops.hint}>
        One per line, such as www.geelongmitsubishi.com.au and geelongmitsubishi.com.au. Each serves once the dealer
        sets the DNS records shown next; the site&apos;s development host is added and serves at once.
      </p>
      <textarea
        id={idOf('hosts')}
        name="hosts"
        rows={3}
        defaultValue={value}
        spellCheck={false}
        aria-invalid={messages.length ? true : undefined}
        aria-describedby={`${idOf('hosts')}-hint${messages.length ? ` ${idOf('hosts')}-error` : ''}`}
      />
      <FieldErrors name="hosts" messages={messages} />
    </div>
  );
}

function DayRow({
  day,
  values,
  problems,
  fresh,
}: {
  day: string;
  values: Record<string, string>;
  problems: Problems;
  fresh: boolean;
}) {
  const typical = TYPICAL_WEEK[day];
  const open = fresh ? (typical === 'closed' ? '' : (typical?.open ?? '')) : (values[`week.${day}.open`] ?? '');
  const close = fresh ? (typical === 'closed' ? '' : (typical?.close ?? '')) : (values[`week.${day}.close`] ?? '');
  const closed = fresh ? typical === 'closed' : values[`week.${day}.closed`] === 'on';
  const messages = [...(problems.get(`week.${day}.open`) ?? []), ...(problems.get(`week.${day}.close`) ?? [])];
  const errorId = messages.length ? `${idOf(`week.${day}`)}-error` : undefined;
  return (
    <div role="group" aria-labelledby={`${idOf(`week.${day}`)}-label`}>
      <div className={ops.day}>
        <span id={`${idOf(`week.${day}`)}-label`}>{DAY_NAMES[day]}</span>
        <input
          id={idOf(`week.${day}.open`)}
          type="time"
          name={`week.${day}.open`}
          defaultValue={open}
          aria-label={`${DAY_NAMES[day]} opens`}
          aria-invalid={messages.length ? true : undefined}
          aria-describedby={errorId}
        />
        <input
          id={idOf(`week.${day}.close`)}
          type="time"
          name={`week.${day}.close`}
          defaultValue={close}
          aria-label={`${DAY_NAMES[day]} closes`}
          aria-invalid={messages.length ? true : undefined}
          aria-describedby={errorId}
        />
        <label className={ops.closed}>
          <input type="checkbox" name={`week.${day}.closed`} defaultChecked={closed} /> Closed
        </label>
      </div>
      {messages.length ? (
        <p id={errorId} className={styles.error}>
          {messages.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

/** What onboarding answered: addresses, DNS records, and the keys and links shown only now. */
function Onboarded({ answer }: { answer: OnboardingAnswerView }) {
  const records = answer.hosts.filter((h) => h.dns_records.length > 0);
  return (
    <div className={ops.done} role="status" aria-labelledby="onboarded-title">
      <h2 id="onboarded-title">{answer.site.name} is onboarded</h2>
      <p>
        <strong>Copy the feed keys and sign-in links now:</strong> they are shown only once.
      </p>
      <Part title="Site addresses">
        <ul className={styles.plainList}>
          {answer.hosts.map((host) => (
            <li key={host.host}>
              {host.serves ? <a href={host.url}>{host.url}</a> : <span className={ops.mono}>{host.url}</span>}{' '}
              <HostState status={host.status} />
              {host.primary ? <span className={styles.muted}> primary</span> : null}
            </li>
          ))}
        </ul>
        <p>
          <a href={`/sites/${answer.site.slug}`}>Open {answer.site.name} in the console</a>
        </p>
      </Part>
      {records.length > 0 ? (
        <Part title="DNS records the dealer sets">
          <p className={ops.hint}>
            Each domain serves, and gets its HTTPS certificate, once its TXT record is seen: use Verify now on the
            site&apos;s page after the dealer has set them.
          </p>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Type</th>
                  <th scope="col">Name</th>
                  <th scope="col">Value</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {records.flatMap((host) =>
                  host.dns_records.map((record) => (
                    <tr key={`${host.host} ${record.type} ${record.name}`}>
                      <td data-label="Type">{record.type}</td>
                      <td data-label="Name" className={ops.mono}>
                        {record.name}
                      </td>
                      <td data-label="Value" className={ops.mono}>
                        {record.value}
                      </td>
                      <td data-label="Why">{DNS_PURPOSES[record.purpose] ?? record.purpose}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </div>
        </Part>
      ) : null}
      {answer.dealerships.map((dealership) => (
        <Part key={dealership.slug} title={dealership.name}>
          <p>
            Feed: the dealer&apos;s stock system posts to <span className={ops.mono}>{dealership.feed_path}</span> on
            the platform API, with this key as its bearer token.
          </p>
          <div className={styles.urlRow}>
            <code className={styles.secret}>{dealership.feed_key.key}</code>
            <CopyButton text={dealership.feed_key.key} label={`Copy the feed key of ${dealership.name}`} />
          </div>
          <p>
            {dealership.owner.name} ({dealership.owner.email}) signs in to the dealer console with this link, once,
            until {new Date(dealership.owner.expires_at).toLocaleString('en-AU', { timeZone: 'Australia/Sydney' })}:
          </p>
          <div className={styles.urlRow}>
            <code className={styles.secret}>{dealership.owner.sign_in_url}</code>
            <CopyButton
              text={dealership.owner.sign_in_url}
              label={`Copy the sign-in link of ${dealership.owner.name}`}
            />
          </div>
        </Part>
      ))}
      <p>
        <a className={styles.secondary} href="/onboard">
          Onboard another dealer
        </a>
      </p>
    </div>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}
