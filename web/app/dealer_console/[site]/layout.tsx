import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { ConsoleHeader } from '@/components/dealer-console/console-header';
import { getSite } from '@/lib/api';
import { getConsoleCounts, getDealerMe } from '@/lib/api/dealer';
import { personalPage } from '@/lib/edge/personal-page';
import { CONSOLE_PATH_HEADER } from '@/lib/tenancy/dealer-console';
import { themeStyle } from '@/lib/theme';
import styles from '@/components/dealer-console/console.module.css';

interface ConsoleParams {
  params: Promise<{ site: string }>;
}

export async function generateMetadata({ params }: ConsoleParams): Promise<Metadata> {
  const site = await getSite((await params).site);
  // Personal: the page cache never keeps a console page, and search engines are told to stay out.
  return personalPage({
    title: { default: 'Dealer console', template: `%s | ${site.name} dealer console` },
    robots: { index: false, follow: false },
  });
}

/**
 * The dealer console's shell on a site's host (/dealer/...): the dealer's own brand (the site's theme
 * and logo) around a plain work layout, without the shop's menus, chat, popup or visit analytics.
 */
export default async function ConsoleLayout({ params, children }: ConsoleParams & { children: ReactNode }) {
  const { site: slug } = await params;
  // Counts are asked alongside who is signed in (null for a visitor), not after: no extra round trip.
  const [site, me, counts, requestHeaders] = await Promise.all([
    getSite(slug),
    getDealerMe(slug),
    getConsoleCounts(slug),
    headers(),
  ]);
  return (
    <div className={styles.console} style={themeStyle(site.config.theme)}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <ConsoleHeader
        site={site}
        me={me}
        counts={counts}
        pathname={requestHeaders.get(CONSOLE_PATH_HEADER) ?? '/dealer'}
      />
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
    </div>
  );
}
