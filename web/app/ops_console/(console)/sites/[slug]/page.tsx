import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { isDevelopmentHost, LOCATION_DEPARTMENTS } from '@platform/domain';
import { ConsoleFrame, param } from '@/components/dealer-console/console-frame';
import { certificateText, HostState, SiteState } from '@/components/ops-console/states';
import styles from '@/components/dealer-console/console.module.css';
import ops from '@/components/ops-console/ops.module.css';
import { ApiError } from '@/lib/api/client';
import { opsGet, SiteDetailSchema, type OpsSiteDetail } from '@/lib/api/ops';
import { formatWhen } from '@/lib/dealer-console/format';
import { FORM_WEEK } from '@/lib/ops-console/onboarding-form';
import { addHostAction, hostAction, retireSiteAction, siteStatusAction } from '../../ops-actions';

export const dynamic = 'force-dynamic';

interface SiteParams {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: SiteParams): Promise<Metadata> {
  return { title: (await params).slug };
}

const DONE: Record<string, (host: string | null) => string> = {
  suspended: () => 'Suspended: its pages show the maintenance page, and its syndication and alerts have stopped.',
  resumed: () => 'Active again: its pages, feeds, syndication and alerts are back.',
  retired: () => 'Retired: its hosts serve nothing now. Its data is kept until the retention period ends.',
  'host-added': (host) => `${host} added. Give the dealer its DNS records below.`,
  'host-verify': (host) => `${host} checked: its state is below.`,
  'host-primary': (host) => `${host} is now the primary host: every other host redirects to it.`,
  'host-remove': (host) => `${host} removed: it serves nothing now.`,
};

const VERIFIED_BY = { dns: 'its TXT record', http: 'its HTTP token' } as const;

const DAY_LABELS: Record<string, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

type Location = OpsSiteDetail['dealerships'][number]['locations'][number];

/** One day's hours in words: '08:30–17:30', 'Closed'. */
function dayText(hours: unknown): string {
  if (hours && typeof hours === 'object' && 'open' in hours && 'close' in hours)
    return `${String(hours.open)}–${String(hours.close)}`;
  return 'Closed';
}

/** Where the site is seen from here: its primary host, on the scheme and port this console is served on. */
async function siteUrl(site: OpsSiteDetail): Promise<string | null> {
  const primary = site.hosts.find((h) => h.primary && h.serves);
  if (!primary) return null;
  const requestHeaders = await headers();
  const proto = requestHeaders.get('x-forwarded-proto') === 'https' ? 'https' : 'http';
  const port = /:(\d+)$/.exec(requestHeaders.get('host') ?? '')?.[1];
  return `${proto}://${primary.host}${isDevelopmentHost(primary.host) && port ? `:${port}` : ''}/`;
}

function Hours({ location }: { location: Location }) {
  const departments = LOCATION_DEPARTMENTS.filter((d) => location.hours[d]);
  if (departments.length === 0) return <p className={styles.muted}>No opening hours given.</p>;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">Opening hours of {location.name}</caption>
        <thead>
          <tr>
            <th scope="col">Department</th>
            {FORM_WEEK.map((day) => (
              <th scope="col" key={day}>
                {DAY_LABELS[day]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {departments.map((department) => (
            <tr key={department}>
              <th scope="row" data-label="Department">
                {department.charAt(0).toUpperCase() + department.slice(1)}
              </th>
              {FORM_WEEK.map((day) => (
                <td key={day} data-label={DAY_LABELS[day]}>
                  {dayText(location.hours[department]?.[day])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One site whole: its state, hosts with their DNS records, dealerships, locations and hours. */
export default async function OpsSitePage({ params, searchParams }: SiteParams) {
  const { slug } = await params;
  const query = await searchParams;
  const site = await opsGet(`/api/ops/sites/${encodeURIComponent(slug)}`, SiteDetailSchema).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
  if (!site) notFound();
  const done = param(query['done']);
  const host = param(query['host']);
  const url = await siteUrl(site);
  const retired = site.status === 'retired';
  return (
    <ConsoleFrame title={site.name} notice={done && DONE[done] ? DONE[done](host) : null} error={param(query['error'])}>
      <section className={styles.section} aria-labelledby="site-title">
        <h2 id="site-title" className="visually-hidden">
          Site
        </h2>
        <dl className={styles.factGrid}>
          <div>
            <dt>Status</dt>
            <dd>
              <SiteState status={site.status} />
            </dd>
          </div>
          <div>
            <dt>Slug</dt>
            <dd>{site.slug}</dd>
          </div>
          <div>
            <dt>Template</dt>
            <dd>{site.template ?? '—'}</dd>
          </div>
          <div>
            <dt>Onboarded</dt>
            <dd>{formatWhen(site.created_at)}</dd>
          </div>
          {site.retired_at ? (
            <div>
              <dt>Retired</dt>
              <dd>{formatWhen(site.retired_at)}</dd>
            </div>
          ) : null}
        </dl>
        {!retired ? (
          <div className={ops.actions}>
            {url ? (
              <a className={styles.secondary} href={url}>
                Open the site
              </a>
            ) : null}
            <form action={siteStatusAction}>
              <input type="hidden" name="site" value={site.slug} />
              <input type="hidden" name="status" value={site.status === 'active' ? 'suspended' : 'active'} />
              <button type="submit" className={styles.secondary}>
                {site.status === 'active' ? 'Suspend (maintenance page)' : 'Resume'}
              </button>
            </form>
          </div>
        ) : null}
      </section>

      {!retired && (
        <section className={styles.section} aria-labelledby="config-title">
          <h2 id="config-title">Configuration</h2>
          <p>Change settings, hours, banners and offers through drafts, preview, publish and rollback.</p>
          <ul>
            {[
              { layer: `site:${site.slug}`, name: `${site.name} (the whole site)` },
              ...site.dealerships.map((d) => ({ layer: `dealership:${d.slug}`, name: d.name })),
            ].map(({ layer, name }) => (
              <li key={layer}>
                <a href={`/sites/${site.slug}/edit?layer=${encodeURIComponent(layer)}`}>Edit {name}</a>
                {' · '}
                <a href={`/sites/${site.slug}/history?layer=${encodeURIComponent(layer)}`}>History</a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className={styles.section} aria-labelledby="hosts-title">
        <h2 id="hosts-title">Hosts</h2>
        <p className={styles.muted}>
          A custom domain serves nothing, and gets no certificate, until its TXT record is seen (or its token is found
          over HTTP); it is checked again every hour. Caddy issues its certificate on its first HTTPS visit.
        </p>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Host</th>
                <th scope="col">State</th>
                <th scope="col">DNS records the dealer sets</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {site.hosts.map((h) => (
                <tr key={h.host}>
                  <td data-label="Host">
                    <div>
                      <span className={ops.mono}>{h.host}</span>
                      {h.primary ? <span className={styles.muted}> (primary)</span> : null}
                    </div>
                  </td>
                  <td data-label="State">
                    <div>
                      <HostState status={h.status} />
                      <br />
                      <span className={styles.muted}>
                        {h.serves ? 'Serves pages' : 'Serves nothing yet'}
                        {h.verified_at
                          ? `, verified ${formatWhen(h.verified_at)}${h.verified_by ? ` by ${VERIFIED_BY[h.verified_by]}` : ''}`
                          : ''}
                        <br />
                        {certificateText(h)}
                      </span>
                    </div>
                  </td>
                  <td data-label="DNS records">
                    {h.dns_records.length === 0 ? (
                      <span className={styles.muted}>None: a development host</span>
                    ) : (
                      <ul className={ops.hosts}>
                        {h.dns_records.map((record) => (
                          <li key={`${record.type} ${record.name}`} className={ops.mono}>
                            {record.type} {record.name} {record.value}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td data-label="">
                    {!retired ? (
                      <div className={ops.actions}>
                        {!isDevelopmentHost(h.host) ? (
                          <HostButton site={site.slug} host={h.host} action="verify" label="Verify now" />
                        ) : null}
                        {h.serves && !h.primary ? (
                          <HostButton site={site.slug} host={h.host} action="primary" label="Make primary" />
                        ) : null}
                        {!h.primary ? (
                          <HostButton site={site.slug} host={h.host} action="remove" label="Remove" />
                        ) : null}
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {!retired ? (
          <form action={addHostAction} className={styles.form}>
            <input type="hidden" name="site" value={site.slug} />
            <div className={ops.field}>
              <label htmlFor="new-host">Add a host</label>
              <input
                id="new-host"
                name="host"
                required
                maxLength={253}
                placeholder="www.dealer.com.au"
                autoComplete="off"
                aria-describedby="new-host-hint"
                aria-invalid={param(query['field']) === 'host' ? true : undefined}
              />
              <p id="new-host-hint" className={ops.hint}>
                The dealer&apos;s own domain; www. and the apex both, if they use both.
              </p>
            </div>
            <button type="submit" className={styles.button}>
              Add host
            </button>
          </form>
        ) : null}
      </section>

      <section className={styles.section} aria-labelledby="dealerships-title">
        <h2 id="dealerships-title">Dealerships and locations</h2>
        {site.dealerships.map((dealership) => (
          <article key={dealership.slug} className={styles.card} aria-labelledby={`dealership-${dealership.slug}`}>
            <h3 id={`dealership-${dealership.slug}`}>{dealership.name}</h3>
            <dl className={styles.factGrid}>
              <div>
                <dt>Slug</dt>
                <dd>{dealership.slug}</dd>
              </div>
              <div>
                <dt>Brand</dt>
                <dd>{dealership.manufacturer ?? 'Multi-make'}</dd>
              </div>
              <div>
                <dt>Lead emails</dt>
                <dd>{leadEmails(dealership.config).join(', ') || '—'}</dd>
              </div>
            </dl>
            {dealership.locations.map((location) => (
              <section key={location.slug} className={styles.section} aria-label={location.name}>
                <h4>
                  {location.name}
                  {location.primary ? <span className={styles.muted}> (main location)</span> : null}
                  {!location.visible ? <span className={styles.muted}> (hidden)</span> : null}
                </h4>
                <dl className={styles.factGrid}>
                  <div>
                    <dt>Department</dt>
                    <dd>{location.location_type}</dd>
                  </div>
                  <div>
                    <dt>Address</dt>
                    <dd>
                      {location.address.street}, {location.address.city} {location.address.state.toUpperCase()}{' '}
                      {location.address.postcode}
                    </dd>
                  </div>
                  <div>
                    <dt>Phone</dt>
                    <dd>{location.phone ?? '—'}</dd>
                  </div>
                  <div>
                    <dt>Time zone</dt>
                    <dd>{location.time_zone}</dd>
                  </div>
                </dl>
                <Hours location={location} />
                {location.special_hours.length > 0 ? (
                  <div>
                    <h5>Special hours</h5>
                    <ul className={styles.plainList}>
                      {location.special_hours.map((day) => (
                        <li key={`${day.date} ${day.department}`}>
                          {day.date}, {day.department === 'all' ? 'every department' : day.department}:{' '}
                          {dayText(day.hours)}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </section>
            ))}
          </article>
        ))}
      </section>

      {!retired ? (
        <section className={styles.section} aria-labelledby="retire-title">
          <h2 id="retire-title">Retire this site</h2>
          <form action={retireSiteAction} className={`${styles.confirm} ${styles.form}`}>
            <input type="hidden" name="site" value={site.slug} />
            <p>
              Retiring takes the dealer offline: its hosts serve nothing and get no certificate, and its data is purged
              once the retention period ends. Suspend it instead to show a maintenance page for a while.
            </p>
            <div className={ops.field}>
              <label htmlFor="retire-confirm">Type {site.slug} to confirm</label>
              <input id="retire-confirm" name="confirm" required autoComplete="off" maxLength={63} />
            </div>
            <button type="submit" className={styles.danger}>
              Retire {site.name}
            </button>
          </form>
        </section>
      ) : null}
    </ConsoleFrame>
  );
}

function HostButton({ site, host, action, label }: { site: string; host: string; action: string; label: string }) {
  return (
    <form action={hostAction}>
      <input type="hidden" name="site" value={site} />
      <input type="hidden" name="host" value={host} />
      <input type="hidden" name="action" value={action} />
      <button type="submit" className={styles.secondary} aria-label={`${label}: ${host}`}>
        {label}
      </button>
    </form>
  );
}

/** The addresses a dealership's leads are emailed to (its configuration's leads.notify_emails). */
function leadEmails(config: Record<string, unknown>): string[] {
  const leads = config['leads'];
  const emails = leads && typeof leads === 'object' ? (leads as Record<string, unknown>)['notify_emails'] : null;
  return Array.isArray(emails) ? emails.filter((e): e is string => typeof e === 'string') : [];
}
