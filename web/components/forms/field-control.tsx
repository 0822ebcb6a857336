import { HONEYPOT_FIELD } from '@platform/domain';
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
    const raw = data.get(field.name);
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (text !== '') values[field.name] = text;
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
      {field.type === 'textarea' ? (
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
