import Link from 'next/link';
import type { ReactNode } from 'react';
import styles from './console.module.css';

const PAGES = [
  { href: '/dealer/reservations', label: 'Reservations' },
  { href: '/dealer/feed', label: 'Feed health' },
] as const;

/**
 * The frame of a console page until the console shell lands: its title, the console's pages and
 * who is signed in, then what the last action did (from the address the action sent the user to).
 */
export function ConsoleFrame(props: {
  title: string;
  current: (typeof PAGES)[number]['href'];
  user: { name: string; email: string } | null;
  notice?: string | null;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <section className={`container ${styles.page}`} aria-labelledby="console-title">
      <div className={styles.top}>
        <h1 id="console-title">{props.title}</h1>
        <nav aria-label="Dealer console" className={styles.nav}>
          {PAGES.map((page) => (
            <Link key={page.href} href={page.href} aria-current={page.href === props.current ? 'page' : undefined}>
              {page.label}
            </Link>
          ))}
        </nav>
      </div>
      {props.user ? (
        <p className={styles.who}>
          Signed in as {props.user.name} ({props.user.email})
        </p>
      ) : null}
      {props.notice ? (
        <p role="status" className={styles.notice}>
          {props.notice}
        </p>
      ) : null}
      {props.error ? (
        <p role="alert" className={styles.error}>
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
