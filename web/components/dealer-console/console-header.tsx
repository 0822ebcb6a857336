import type { SiteView } from '@/lib/api';
import type { DealerMe } from '@/lib/api/dealer';
import { consoleNavFor, isCurrent } from '@/lib/dealer-console/nav';
import { SignOutButton } from './sign-out-button';
import styles from './console.module.css';

/** The console's banner: the dealer's logo, the pages they may open, who is signed in and Sign out. */
export function ConsoleHeader({ site, me, pathname }: { site: SiteView; me: DealerMe | null; pathname: string }) {
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
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <div className={styles.account}>
              <span className={styles.userName}>{me.user.name}</span>
              <SignOutButton csrfToken={me.csrfToken} />
            </div>
          </>
        )}
      </div>
    </header>
  );
}
