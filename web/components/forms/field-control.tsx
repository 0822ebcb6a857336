import type { ReactNode, Ref } from 'react';
import {
  formatKmInput,
  formatPriceInput,
  HONEYPOT_FIELD,
  parseWholeNumberInput,
  priceQuickPicks,
} from '@platform/domain';
import type { LeadField } from './lead-fields';
import styles from './forms.module.css';

/**
 * What every shopper form shares: reading the form into a submission and drawing one field with
 * its label, hint and error tied to it (aria-describedby), so screen readers read them together.
 */

export type Values = Record<string, unknown>;

/** Reads the form into a submission: blank optional inputs are left out, checkboxes are booleans, numbers stay text for zod to coerce. */
export function readValues(form: HTMLFormElement, fields: LeadField[]): Values {
  const data = new FormData(form);
  const values: Values = {};
  for (const field of fields) {
    if (field.type === 'checkbox') {
      values[field.name] = data.get(field.name) === 'on';
      continue;
    }
    if (field.type === 'checkboxes') {
      const ticked = data.getAll(field.name).filter((value): value is string => typeof value === 'string');
      if (ticked.length > 0) values[field.name] = ticked;
      continue;
    }
    const raw = data.get(field.name);
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (text === '') continue;
    // A formatted amount is sent as the number it shows; anything else as typed, for the schema to refuse.
    const amount = field.type === 'price' || field.type === 'km' ? parseWholeNumberInput(text) : null;
    const value = amount === null ? text : String(amount);
    // 'group.key' fields are one object of answers (the trade-in's adjustmentAnswers); the schema's
    // error paths read the same way, so errors still land on the field.
    const dot = field.name.indexOf('.');
    if (dot > 0) {
      const group = field.name.slice(0, dot);
      const answers = (values[group] ?? {}) as Record<string, string>;
      values[group] = { ...answers, [field.name.slice(dot + 1)]: value };
    } else values[field.name] = value;
  }
  const honeypot = data.get(HONEYPOT_FIELD);
  if (typeof honeypot === 'string' && honeypot !== '') values[HONEYPOT_FIELD] = honeypot;
  const token = data.get('captcha_token');
  if (typeof token === 'string' && token !== '') values['captcha_token'] = token;
  return values;
}

/** One field of a lead form: a labelled input, select, textarea or checkbox with its error. */
export function FieldControl({ field, id, error }: { field: LeadField; id: string; error: string | null }) {
  const errorId = error ? `${id}-error` : undefined;
  const hintId = field.hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': field.required || undefined,
  } as const;
  const defaultValue = typeof field.defaultValue === 'string' ? field.defaultValue : undefined;

  if (field.type === 'hidden') return <input type="hidden" name={field.name} defaultValue={defaultValue} />;

  if (field.type === 'checkbox') {
    return (
      <div className={styles.field}>
        <span className={styles.checkbox}>
          <input type="checkbox" {...common} defaultChecked={field.defaultValue === true} />
          <label htmlFor={id}>{field.label}</label>
        </span>
        {error && (
          <p id={errorId} className={styles.error}>
            {error}
          </p>
        )}
      </div>
    );
  }

  if (field.type === 'checkboxes') {
    // A fieldset, so the group's name (its legend) is read with each option.
    return (
      <fieldset className={`${styles.field} ${styles.group}`} aria-describedby={describedBy}>
        <legend className={styles.label}>{field.label}</legend>
        {field.hint && (
          <span id={hintId} className={styles.hint}>
            {field.hint}
          </span>
        )}
        {(field.options ?? []).map((option, index) => (
          <span key={option.value} className={styles.checkbox}>
            <input type="checkbox" id={`${id}-${index}`} name={field.name} value={option.value} />
            <label htmlFor={`${id}-${index}`}>{option.label}</label>
          </span>
        ))}
        {error && (
          <p id={errorId} className={styles.error}>
            {error}
          </p>
        )}
      </fieldset>
    );
  }

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {field.label}
        {field.required && <span aria-hidden="true"> *</span>}
      </label>
      {field.hint && (
        <span id={hintId} className={styles.hint}>
          {field.hint}
        </span>
      )}
      {field.type === 'price' || field.type === 'km' ? (
        <AmountInput field={field} common={common} defaultValue={defaultValue} />
      ) : field.type === 'textarea' ? (
        <textarea {...common} className={styles.input} rows={4} defaultValue={defaultValue} />
      ) : field.type === 'select' ? (
        <select {...common} className={styles.input} defaultValue={defaultValue ?? ''}>
          {field.placeholder !== undefined && <option value="">{field.placeholder}</option>}
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          className={styles.input}
          type={field.type}
          defaultValue={defaultValue}
          autoComplete={field.autoComplete}
          inputMode={field.inputMode}
          maxLength={field.maxLength}
        />
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The price input ('$' before, separators, quick-picks offered as suggestions) and the kilometre
 * input (separators, 'kms' after), spec 001 §5. Formatted when the shopper leaves the field, so
 * typing is never interrupted; readValues sends the number.
 */
function AmountInput({
  field,
  common,
  defaultValue,
}: {
  field: LeadField;
  common: Record<string, unknown> & { id: string };
  defaultValue: string | undefined;
}) {
  const price = field.type === 'price';
  const format = price ? formatPriceInput : formatKmInput;
  const picksId = `${common.id}-picks`;
  return (
    <span className={styles.affixed}>
      <input
        {...common}
        className={styles.input}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        list={price ? picksId : undefined}
        defaultValue={defaultValue === undefined ? undefined : format(defaultValue)}
        onBlur={(event) => {
          event.currentTarget.value = format(event.currentTarget.value);
        }}
      />
      {!price && (
        <span className={styles.suffix} aria-hidden="true">
          kms
        </span>
      )}
      {price && (
        <datalist id={picksId}>
          {priceQuickPicks(parseWholeNumberInput(defaultValue ?? '')).map((value) => (
            <option key={value} value={formatPriceInput(String(value))} />
          ))}
        </datalist>
      )}
    </span>
  );
}

/** A field's element id within one form: the form's base id and the field name, made id-safe. */
export const fieldIdFor = (baseId: string, name: string): string => `${baseId}-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}`;

/**
 * The top of a refused form: the form error in a destructive alert, then the field messages under
 * 'Please fix the following errors:' (spec 001 §3). Focusable, so the form can move focus here.
 */
export function FormErrorSummary({
  formError,
  list,
  ref,
}: {
  formError: string | null;
  list: string[];
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div ref={ref} tabIndex={-1} className={styles.summary}>
      {formError && (
        <div role="alert" className={styles.alert}>
          {formError}
        </div>
      )}
      {list.length > 0 && (
        <div role="alert" className={styles.errorList}>
          <p className={styles.errorListTitle}>Please fix the following errors:</p>
          <ul>
            {list.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The field people never see: a bot that fills it marks its own submission. */
export function Honeypot({ baseId }: { baseId: string }) {
  const id = fieldIdFor(baseId, HONEYPOT_FIELD);
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** The submit button: disabled with a spinner while sending, announced to screen readers. */
export function SubmitButton({ submitting, children }: { submitting: boolean; children: ReactNode }) {
  return (
    <>
      <button type="submit" className="button button-primary" disabled={submitting}>
        {submitting && <span className={styles.spinner} aria-hidden="true" />}
        {children}
      </button>
      {submitting && (
        <span role="status" className="visually-hidden">
          Sending
        </span>
      )}
    </>
  );
}
