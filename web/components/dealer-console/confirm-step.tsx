import Link from 'next/link';
import type { ReactNode } from 'react';
import styles from './console.module.css';

/**
 * The first step of an action that cannot be taken back: a button that opens the page again with
 * the question (`?{param}={value}`), so the action itself is always a second, explicit press. A
 * plain GET form: it works with the keyboard and without JavaScript, and no window.confirm.
 */
export function AskFirst({
  path,
  param,
  value,
  anchor,
  label,
  children,
  className = styles.secondary,
  keep = {},
}: {
  path: string;
  param: string;
  value: string;
  /** The id of the question, scrolled to when the page opens again. */
  anchor: string;
  label?: string;
  children: ReactNode;
  className?: string;
  /** Other query parameters the page needs to show the same thing (the run on show). */
  keep?: Record<string, string>;
}) {
  return (
    <form method="get" action={`${path}#${anchor}`} className={styles.inline}>
      {Object.entries(keep).map(([name, kept]) => (
        <input key={name} type="hidden" name={name} value={kept} />
      ))}
      <input type="hidden" name={param} value={value} />
      <button type="submit" className={className} aria-label={label}>
        {children}
      </button>
    </form>
  );
}

/** The question itself: what will happen, the action's form (its server action unchanged), and a way out. */
export function ConfirmStep({
  id,
  question,
  consequence,
  action,
  fields,
  confirmLabel,
  cancelHref,
}: {
  id: string;
  question: string;
  consequence: ReactNode;
  action: (form: FormData) => Promise<void>;
  fields: ReactNode;
  confirmLabel: string;
  cancelHref: string;
}) {
  return (
    <form action={action} className={styles.confirm}>
      <fieldset id={id} className={styles.confirmFieldset}>
        <legend className={styles.confirmQuestion}>{question}</legend>
        <p>{consequence}</p>
        {fields}
        <div className={styles.actions}>
          <button type="submit" className={styles.danger}>
            {confirmLabel}
          </button>
          <Link className={styles.secondary} href={cancelHref}>
            Keep it
          </Link>
        </div>
      </fieldset>
    </form>
  );
}
