import type { Operator } from '@/lib/api/ops';
import { SignOutButton } from '@/components/dealer-console/sign-out-button';
import styles from '@/components/dealer-console/console.module.css';

const NAV = [
  { href: '/', label: 'Sites' },
  { href: '/onboard', label: 'Onboard a dealer' },
] as const;

const isCurrent = (href: string, pathname: string): boolean =>
  href === '/' ? pathname === '/' || pathname.startsWith('/sites/') : pathname.startsWith(href);

/** The ops console's banner: the platform's name, its pages, who is signed in and Sign out. */
export function OpsHeader({ operator, pathname }: { operator: Operator | null; pathname: string }) {
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <a href={operator ? '/' : '/sign-in'} className={styles.brand}>
          <span className={styles.brandText}>Dealer platform ops</span>
        </a>
        {operator && (
          <>
            <nav aria-label="Ops console" className={styles.nav}>
              <ul>
                {NAV.map((item) => (
                  <li key={item.href}>
                    <a href={item.href} aria-current={isCurrent(item.href, pathname) ? 'page' : undefined}>
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <div className={styles.account}>
              <span className={styles.userName}>{operator.operator.name}</span>
              <SignOutButton
                csrfToken={operator.csrfToken}
                endpoint="/api/ops-console/sign-out"
                signInPage="/sign-in"
              />
            </div>
          </>
        )}
      </div>
    </header>
  );
}
