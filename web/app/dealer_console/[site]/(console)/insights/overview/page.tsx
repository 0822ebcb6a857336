import type { Metadata } from 'next';
import Link from 'next/link';
import { leadFormLabel } from '@platform/domain';
import { ConsoleFrame, SignedOut } from '@/components/dealer-console/console-frame';
import { BarChart } from '@/components/dealer-console/insight-charts';
import styles from '@/components/dealer-console/insights.module.css';
import work from '@/components/dealer-console/console.module.css';
import { getInsightsOverview, type Overview } from '@/lib/api/dealer-insights';
import { personalPage } from '@/lib/edge/personal-page';
import { Band, InsightsNav } from '../insights-nav';

export const metadata: Metadata = personalPage({ title: 'Dealership overview · Dealer console' });
export const dynamic = 'force-dynamic';

const weekOf = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const week = (day: string): string => weekOf.format(new Date(`${day}T00:00:00Z`));

/** "2 h 5 min", "35 min" */
function minutes(value: number): string {
  if (value < 60) return `${value} min`;
  const hours = Math.floor(value / 60);
  return value % 60 ? `${hours} h ${value % 60} min` : `${hours} h`;
}

function Performers({ title, id, cars }: { title: string; id: string; cars: Overview['top'] }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {cars.length === 0 ? (
        <p className={work.muted}>Not enough rated cars yet.</p>
      ) : (
        <ol>
          {cars.map((car) => (
            <li key={car.id}>
              <Link href={`/dealer/insights/cars/${car.id}`}>{car.title}</Link> <Band band={car.band} /> {car.score}
              {car.explanation ? <div className={work.muted}>{car.explanation}</div> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** /dealer/insights/overview: leads by form and week, stock turn, days to sell, best and worst cars, response time. */
export default async function InsightsOverviewPage({ params }: { params: Promise<{ site: string }> }) {
  const { site } = await params;
  const overview = await getInsightsOverview(site);
  if (!overview) return <SignedOut />;
  const totalLeads = overview.leadsByForm.reduce((sum, row) => sum + row.leads, 0);
  return (
    <ConsoleFrame title="Dealership overview">
      <InsightsNav current="overview" />
      <dl className={styles.figures}>
        <div>
          <dt>Live cars</dt>
          <dd>{overview.liveCars}</dd>
        </div>
        <div>
          <dt>Sold in the last 90 days</dt>
          <dd>{overview.soldLast90Days}</dd>
        </div>
        <div>
          <dt>Stock turn (a year)</dt>
          <dd>{overview.stockTurn ?? '—'}</dd>
        </div>
        <div>
          <dt>Average days to sell</dt>
          <dd>{overview.averageDaysToSell ?? '—'}</dd>
        </div>
        <div>
          <dt>Lead response time (median, 30 days)</dt>
          <dd>{overview.leadResponseMinutes !== null ? minutes(overview.leadResponseMinutes) : '—'}</dd>
        </div>
      </dl>
      <section aria-labelledby="leads-title" className={work.section}>
        <h2 id="leads-title">Leads</h2>
        <BarChart
          title="Leads per week, last 12 weeks"
          name="Leads"
          unit="weeks"
          labelHeading="Week starting"
          labels={overview.leadsByWeek.map((row) => week(row.week))}
          values={overview.leadsByWeek.map((row) => row.leads)}
        />
        <table className={styles.stock}>
          <caption>Leads by form, last 90 days ({totalLeads} in all)</caption>
          <thead>
            <tr>
              <th scope="col">Form</th>
              <th scope="col" className={styles.num}>
                Leads
              </th>
            </tr>
          </thead>
          <tbody>
            {overview.leadsByForm.map((row) => (
              <tr key={row.form}>
                <th scope="row">{leadFormLabel(row.form)}</th>
                <td className={styles.num} data-label="Leads">
                  {row.leads}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="performers-title" className={work.section}>
        <h2 id="performers-title">Top and bottom performers</h2>
        <div className={styles.performers}>
          <Performers title="Top 5" id="top-title" cars={overview.top} />
          <Performers title="Bottom 5" id="bottom-title" cars={overview.bottom} />
        </div>
      </section>
    </ConsoleFrame>
  );
}
