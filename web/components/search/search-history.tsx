'use client';

import Link from 'next/link';
import { useSearchNavigation } from './search-navigation';
import styles from './search.module.css';

/**
 * The shopper's last searches (spec 001 §9: the last 5 are kept), newest first, as links back to
 * them. Read from the browser after the page has loaded, so the server's HTML (and the page cache's
 * copy) never holds one shopper's searches.
 */
export function SearchHistory() {
  const { history } = useSearchNavigation();
  if (history.length === 0) return null;
  return (
    <nav aria-label="Recent searches" className={styles.chipRow}>
      <h2 className={styles.chipHeading}>Recent searches</h2>
      <ul>
        {history.map((entry) => (
          <li key={entry.href}>
            <Link href={entry.href} prefetch={false} className={styles.chip}>
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
