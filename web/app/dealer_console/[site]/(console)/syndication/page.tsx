import type { Metadata } from 'next';
import Link from 'next/link';
import { isLeftOutReason, leftOutPhrase } from '@platform/domain';
import { ConsoleFrame, SignedOut } from '@/components/dealer-console/console-frame';
import { CopyButton } from '@/components/dealer-console/copy-button';
import { RotateFeedForm } from '@/components/dealer-console/rotate-feed-form';
import styles from '@/components/dealer-console/console.module.css';
import { consoleGet, SyndicationReportSchema, type ConsoleFeedReport } from '@/lib/api/dealer';
import { formatWhen } from '@/lib/dealer-console/format';
import { personalPage } from '@/lib/edge/personal-page';

export const metadata: Metadata = personalPage({ title: 'Google & Meta · Dealer console' });
export const dynamic = 'force-dynamic';

const when = (iso: string | null, never: string): string => (iso ? formatWhen(iso) : never);
const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-AU')} ${n === 1 ? one : many}`;
const phrase = (reason: string) => (isLeftOutReason(reason) ? leftOutPhrase(reason) : reason);
/** Rows of the left-out list drawn per feed: the grouped reasons count them all, and fixing these shows the next. */
const LISTED_CARS = 250;

function FeedCard({ feed, site }: { feed: ConsoleFeedReport; site: string }) {
  const id = `feed-${feed.dealership}-${feed.channel}`;
  const { url } = feed;
  return (
    <section className={styles.card} aria-labelledby={id} data-feed={`${feed.dealership}/${feed.channel}`}>
      <div className={styles.cardHead}>
        <h3 id={id}>{feed.label}</h3>
        <span className={styles.badge}>{feed.enabled ? 'On' : 'Off'}</span>
      </div>
      {!feed.enabled ? (
        <p className={styles.muted}>
          This channel is off for {feed.dealershipName}. Ask the platform team to turn it on; the file is written within
          a few minutes.
        </p>
      ) : null}
      <dl className={styles.facts}>
        <div>
          <dt>Cars included</dt>
          <dd data-testid="included">{feed.included.toLocaleString('en-AU')}</dd>
        </div>
        <div>
          <dt>Cars left out</dt>
          <dd data-testid="left-out">{feed.leftOut.toLocaleString('en-AU')}</dd>
        </div>
        <div>
          <dt>File written</dt>
          <dd>{when(feed.generatedAt, 'Not yet')}</dd>
        </div>
        <div>
          <dt>Last fetched by {feed.channel === 'google' ? 'Google' : 'Meta'}</dt>
          <dd>{when(feed.lastFetchedAt, 'Never')}</dd>
        </div>
      </dl>
      {feed.lastFetchedBy ? (
        <p className={styles.muted}>
          Last fetched by user agent <span className={styles.agent}>{feed.lastFetchedBy}</span>
        </p>
      ) : null}
      {url ? (
        <div className={styles.section}>
          <p className={styles.muted}>
            Give this address to {feed.channel === 'google' ? 'Merchant Center' : 'Commerce Manager'} as the feed to
            fetch. Anyone with it can read the file.
          </p>
          <div className={styles.urlRow}>
            <code className={styles.secret} data-testid="feed-url">
              {url}
            </code>
            <CopyButton text={url} label={`Copy the ${feed.label} feed URL`} />
            {feed.generatedAt ? (
              <a className={styles.secondary} href={feed.downloadPath} download>
                Download<span className="visually-hidden"> the {feed.label} file</span>
              </a>
            ) : null}
          </div>
        </div>
      ) : null}
      {feed.reasons.length > 0 ? (
        <div className={styles.section}>
          <h4 className={styles.subhead}>Why cars are left out</h4>
          <ul data-testid="reasons" className={styles.reasons}>
            {feed.reasons.map((reason) => (
              <li key={reason.reason}>{reason.summary}</li>
            ))}
          </ul>
          <details className={styles.disclosure}>
            <summary>{count(feed.cars.length, 'car left out', 'cars left out')}: the list</summary>
            <div className={styles.tableWrap}>
              <table className={`${styles.table} ${styles.leftOut}`}>
                <thead>
                  <tr>
                    <th scope="col">Car</th>
                    <th scope="col">Why it is left out</th>
                  </tr>
                </thead>
                <tbody>
                  {feed.cars.slice(0, LISTED_CARS).map((car) => (
                    <tr key={car.stocknum}>
                      <td>
                        {car.path ? (
                          <Link href={car.path} prefetch={false}>
                            {car.stocknum}
                          </Link>
                        ) : (
                          car.stocknum
                        )}
                        <br />
                        <span className={styles.muted}>{car.vin ? `VIN ${car.vin}` : 'No VIN'}</span>
                      </td>
                      <td>{car.reasons.map(phrase).join('; ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {feed.cars.length > LISTED_CARS ? (
              <p className={styles.muted}>
                And {count(feed.cars.length - LISTED_CARS, 'more car', 'more cars')}, shown here as these are fixed.
              </p>
            ) : null}
          </details>
        </div>
      ) : feed.generatedAt ? (
        <p className={styles.muted}>Every listed car is in the file.</p>
      ) : null}
      {feed.canRotate && feed.enabled ? (
        <RotateFeedForm site={site} dealership={feed.dealership} channel={feed.channel} label={feed.label} />
      ) : null}
    </section>
  );
}

/**
 * /dealer/syndication: per dealership and channel, what Google's vehicle listings and Meta's
 * automotive catalog get from the stock, what is left out and why, when the file was written and
 * fetched; its address to copy, the file to download, and (owners) a new address.
 */
export default async function DealerSyndicationPage({ params }: { params: Promise<{ site: string }> }) {
  const { site } = await params;
  const report = await consoleGet(site, '/api/dealer/syndication', SyndicationReportSchema);
  if (!report) return <SignedOut />;
  const dealerships = [...new Map(report.feeds.map((f) => [f.dealership, f.dealershipName])).entries()];
  return (
    <ConsoleFrame title="Google & Meta listings">
      <p className={styles.muted}>
        Your stock goes to Google&apos;s vehicle listings and Meta&apos;s automotive catalog as one file each, written
        again within minutes of any change. A car that would be refused is left out, with the reason.
      </p>
      {dealerships.map(([slug, name]) => (
        <section key={slug} className={styles.section} aria-labelledby={`dealership-${slug}`}>
          <h2 id={`dealership-${slug}`}>{name}</h2>
          {report.feeds
            .filter((feed) => feed.dealership === slug)
            .map((feed) => (
              <FeedCard key={feed.channel} feed={feed} site={site} />
            ))}
        </section>
      ))}
    </ConsoleFrame>
  );
}
