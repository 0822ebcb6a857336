import Link from 'next/link';
import type { SiteView } from '@/lib/api';
import { headerMenu } from '@/lib/navigation/header-menu';
import { ROUTES } from '@/lib/routes';
import { HeaderNav } from './header-nav';
import { NavMenu } from './nav-menu';
import styles from './site-header.module.css';

/** The banner: the site's logo (linking home) and the main navigation, on the primary colour. */
export async function SiteHeader({ site }: { site: SiteView }) {
  const items = await headerMenu(site.slug, site.config.navigation.header);
  return (
    <header className={styles.header} data-print-hide>
      <div className={`container ${styles.inner}`}>
        <Link href={ROUTES.home} className={styles.brand} prefetch={false}>
          {/* A plain img: logos are small, come from the API's /media and need no optimisation pipeline. */}
          <img src={site.logo.src} alt={site.logo.alt} className={styles.logo} height={44} />
        </Link>
        <HeaderNav>
          <nav aria-label="Main" className={styles.nav}>
            <NavMenu items={items} />
          </nav>
          <Link href={ROUTES.watchlist} className={styles.account} prefetch={false}>
            My watchlist
          </Link>
        </HeaderNav>
      </div>
    </header>
  );
}
