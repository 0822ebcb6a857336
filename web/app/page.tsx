import type { Metadata } from 'next';
import { connection } from 'next/server';
import { siteOrigin } from '@platform/domain';
import { listSites } from '@/lib/api';
import { servedPort } from '@/lib/tenancy/host';
import styles from './site-index.module.css';

export const metadata: Metadata = { title: 'Sites (development)', robots: { index: false } };

/**
 * Development index, served on bare localhost / 127.0.0.1 only (proxy.ts sends every other host to
 * its site or to "Site not found"): every site with a link to its local address.
 */
export default async function SiteIndexPage() {
  // Rendered per request, never at build time: the list is the database's now, the port the
  // running server's, and the scripts need the request's CSP nonce.
  await connection();
  const port = servedPort();
  const sites = await listSites();

  return (
    <main id="main" className={`container ${styles.page}`}>
      <h1>Sites</h1>
      <p className={styles.lead}>
        Development index: each site answers on its own host name. Open one below; <code>*.localhost</code> resolves to
        this machine.
      </p>
      {sites.length === 0 ? (
        <p>No sites yet. Seed the database to add the demo sites.</p>
      ) : (
        <ul className={styles.list}>
          {sites.map((site) => {
            const url = siteOrigin({ host: null, slug: site.slug }, port);
            return (
              <li
                key={site.slug}
                className={styles.item}
                style={site.primaryColour ? { borderLeftColor: site.primaryColour } : undefined}
              >
                <a href={url} className={styles.name}>
                  {site.name}
                </a>
                <span className={styles.url}>{url}</span>
                {site.hosts.length > 0 && <span className={styles.hosts}>Hosts: {site.hosts.join(', ')}</span>}
                {site.configError && <span className={styles.error}>Configuration error: {site.configError}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
