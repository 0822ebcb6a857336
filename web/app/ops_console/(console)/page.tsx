import type { Metadata } from 'next';
import { ConsoleFrame, param } from '@/components/dealer-console/console-frame';
import { certificateText, HostState, SiteState } from '@/components/ops-console/states';
import styles from '@/components/dealer-console/console.module.css';
import ops from '@/components/ops-console/ops.module.css';
import { opsGet, SiteListSchema } from '@/lib/api/ops';
import { FEED_RUN_LABELS, formatWhen } from '@/lib/dealer-console/format';

export const metadata: Metadata = { title: 'Sites' };
export const dynamic = 'force-dynamic';

const runState = (status: string): string => FEED_RUN_LABELS[status] ?? status;

/** Every site with its health at a glance: hosts and their verification, cars live, the last feed, leads today. */
export default async function OpsSitesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const withRetired = param(query['retired']) === 'true';
  const list = await opsGet(`/api/ops/sites${withRetired ? '?retired=true' : ''}`, SiteListSchema);
  const sites = list?.sites ?? [];
  return (
    <ConsoleFrame title="Sites" error={param(query['error'])}>
      <div className={ops.actions}>
        <a className={styles.button} href="/onboard">
          Onboard a dealer
        </a>
        <a className={styles.secondary} href={withRetired ? '/' : '/?retired=true'}>
          {withRetired ? 'Hide retired sites' : 'Show retired sites'}
        </a>
      </div>
      {sites.length === 0 ? (
        <p className={styles.muted}>No sites yet. Onboard the first dealer.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">Sites, {sites.length} in all</caption>
            <thead>
              <tr>
                <th scope="col">Site</th>
                <th scope="col">Status</th>
                <th scope="col">Hosts</th>
                <th scope="col">Cars live</th>
                <th scope="col">Last feed</th>
                <th scope="col">Leads today</th>
              </tr>
            </thead>
            <tbody>
              {sites.map((site) => (
                <tr key={site.slug}>
                  <td data-label="Site">
                    <div>
                      <a href={`/sites/${site.slug}`}>{site.name}</a>
                      <br />
                      <span className={styles.muted}>
                        {site.slug}
                        {site.template ? ` · ${site.template}` : ''}
                      </span>
                    </div>
                  </td>
                  <td data-label="Status">
                    <span>
                      <SiteState status={site.status} />
                    </span>
                  </td>
                  <td data-label="Hosts">
                    <ul className={ops.hosts}>
                      {site.hosts.map((host) => (
                        <li key={host.host}>
                          <span className={ops.mono}>{host.host}</span> <HostState status={host.status} />
                          {host.primary ? <span className={styles.muted}> primary</span> : null}
                          <br />
                          <span className={ops.hint}>{certificateText(host)}</span>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td data-label="Cars live">{site.cars_live.toLocaleString('en-AU')}</td>
                  <td data-label="Last feed">
                    {site.last_feed_run ? (
                      <span>
                        {runState(site.last_feed_run.status)}
                        <br />
                        <span className={styles.muted}>
                          {site.last_feed_run.dealership}, {formatWhen(site.last_feed_run.received_at)}
                        </span>
                      </span>
                    ) : (
                      <span className={styles.muted}>None yet</span>
                    )}
                  </td>
                  <td data-label="Leads today">{site.leads_today.toLocaleString('en-AU')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ConsoleFrame>
  );
}
