import type { ReactNode } from 'react';
import styles from './console.module.css';

/**
 * A console page's own frame inside the console layout (which has the navigation and who is signed
 * in): its title, then what the last action did (from the address the action sent the user to).
 */
export function ConsoleFrame(props: {
  title: string;
  notice?: string | null;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <section className={`container ${styles.page}`} aria-labelledby="console-title">
      <div className={styles.top}>
        <h1 id="console-title">{props.title}</h1>
      </div>
      {props.notice ? (
        <p role="status" className={styles.notice}>
          {props.notice}
        </p>
      ) : null}
      {props.error ? (
        <p role="alert" className={styles.noticeError}>
          {props.error}
        </p>
      ) : null}
      {props.children}
    </section>
  );
}

/** Shown instead of a console page to someone not signed in on this site. */
export function SignedOut() {
  return (
    <section className={`container ${styles.page}`} aria-labelledby="console-title">
      <h1 id="console-title">Dealer console</h1>
      <p>
        You are not signed in. Open the sign-in link from your email, or ask your dealership&apos;s owner or the
        platform team for a new one.
      </p>
    </section>
  );
}

/** One search parameter as text (the first when repeated), bounded. */
export function param(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text ? text.slice(0, 300) : null;
}
