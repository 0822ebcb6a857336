import type { SiteView } from '@/lib/api';
import type { ConsoleCounts, DealerMe } from '@/lib/api/dealer';
import { consoleNavFor, isCurrent } from '@/lib/dealer-console/nav';
import { NavCount } from './nav-count';
import { SignOutButton } from './sign-out-button';
import styles from './console.module.css';

/** The pages whose links carry live counts (issue 53). */
const COUNTED = new Set(['/dealer', '/dealer/reservations', '/dealer/tasks']);

/**
 * The console's banner: the dealer's logo, the pages they may open (Leads and Reservations with live
 * counts), who is signed in, their notification settings and Sign out.
 */
export function ConsoleHeader({
  site,
  me,
  pathname,
  counts = null,
}: {
  site: SiteView;
  me: DealerMe | null;
  pathname: string;
  counts?: ConsoleCounts | null;
}) {
  const items = me ? consoleNavFor(me.dealerships.map((d) => d.role)) : [];
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <a href={me ? '/dealer' : '/dealer/sign-in'} className={styles.brand}>
          {/* A plain img: logos are small and come from the API's /media. */}
          <img src={site.logo.src} alt={site.logo.alt} className={styles.logo} height={32} />
          <span className={styles.brandText}>Dealer console</span>
        </a>
        {me && (
          <>
            <nav aria-label="Console" className={styles.nav}>
              <ul>
                {items.map((item) => (
                  <li key={item.href}>
                    <a href={item.href} aria-current={isCurrent(item.href, pathname) ? 'page' : undefined}>
                      {item.label}
                      {counts && COUNTED.has(item.href) ? <NavCount href={item.href} initial={counts} /> : null}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <div className={styles.account}>
              <span className={styles.userName}>{me.user.name}</span>
              <a
                href="/dealer/settings"
                className={styles.accountLink}
                aria-current={isCurrent('/dealer/settings', pathname) ? 'page' : undefined}
              >
                Notifications
              </a>
              <SignOutButton csrfToken={me.csrfToken} />
            </div>
          </>
        )}
      </div>
    </header>
  );
}
