import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { formatDollars } from '@platform/domain';
import { ConsoleFrame, SignedOut } from '@/components/dealer-console/console-frame';
import { LineChart } from '@/components/dealer-console/insight-charts';
import styles from '@/components/dealer-console/insights.module.css';
import work from '@/components/dealer-console/console.module.css';
import { getCarInsights } from '@/lib/api/dealer-insights';
import { personalPage } from '@/lib/edge/personal-page';
import { Band, InsightsNav, POSITION_LABELS } from '../../insights-nav';

export const metadata: Metadata = personalPage({ title: 'Car insights · Dealer console' });
export const dynamic = 'force-dynamic';

const dayMonth = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const shortDay = (day: string): string => dayMonth.format(new Date(`${day}T00:00:00Z`));

/** /dealer/insights/cars/[id]: one car's 90 days, its rating and why, the market and days to sell. */
export default async function CarInsightsPage({ params }: { params: Promise<{ site: string; id: string }> }) {
  const { site, id } = await params;
  const insights = await getCarInsights(site, id);
  if (insights === 'not-found') notFound();
  if (!insights) return <SignedOut />;
  const { car, rating, market, daysToSell, daily, priceChanges } = insights;
  const labels = daily.map((point) => point.day);
  const axis = daily.map((point) => shortDay(point.day));
  const markers = priceChanges.map((change) => ({
    index: labels.indexOf(change.day),
    label: `${shortDay(change.day)}: price ${formatDollars(change.from)} to ${formatDollars(change.to)}`,
  }));
  return (
    <ConsoleFrame title={car.title}>
      <InsightsNav current={null} />
      <p>
        <Link href="/dealer/insights">← All stock</Link>
        {car.stocknum ? <span className={work.muted}> · stock {car.stocknum}</span> : null}
      </p>
      <dl className={styles.figures}>
        <div>
          <dt>Rating</dt>
          <dd>
            {rating ? (
              <>
                {rating.score} <Band band={rating.band} />
              </>
            ) : (
              'Not rated yet'
            )}
          </dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{car.price !== null ? formatDollars(car.price) : '—'}</dd>
        </div>
        <div>
          <dt>Market average</dt>
          <dd>{market.average !== null ? formatDollars(market.average) : '—'}</dd>
        </div>
        <div>
          <dt>Days in stock</dt>
          <dd>{car.daysInStock}</dd>
        </div>
      </dl>
      <section aria-labelledby="why-title" className={work.section}>
        <h2 id="why-title">Why this rating</h2>
        <p>{rating?.explanation ?? 'This car has not been rated yet: ratings are worked out every hour.'}</p>
        {daysToSell.text ? <p>{daysToSell.text}</p> : null}
      </section>
      <section aria-labelledby="activity-title" className={work.section}>
        <h2 id="activity-title">The last 90 days</h2>
        <LineChart
          title="Vehicle page views per day"
          labels={labels}
          axisLabels={axis}
          series={[{ name: 'Views', values: daily.map((point) => point.views) }]}
          markers={markers}
          extraColumns={[{ name: 'Price ($)', values: daily.map((point) => point.price) }]}
        />
        <LineChart
          title="Phone reveals and enquiries per day"
          labels={labels}
          axisLabels={axis}
          series={[
            { name: 'Phone reveals', values: daily.map((point) => point.phoneReveals) },
            { name: 'Enquiries', values: daily.map((point) => point.enquiries) },
          ]}
          markers={markers}
        />
      </section>
      <section aria-labelledby="market-title" className={work.section}>
        <h2 id="market-title">Against the market</h2>
        <dl className={styles.figures}>
          <div>
            <dt>Price position</dt>
            <dd>{POSITION_LABELS[market.position] ?? market.position}</dd>
          </div>
          <div>
            <dt>Comparable cars</dt>
            <dd>{market.comparables}</dd>
          </div>
          <div>
            <dt>Market range</dt>
            <dd>{market.range ? `${formatDollars(market.range.min)} – ${formatDollars(market.range.max)}` : '—'}</dd>
          </div>
          <div>
            <dt>Similar cars’ views a week</dt>
            <dd>{market.expectedViews7 !== null ? Math.round(market.expectedViews7 * 10) / 10 : '—'}</dd>
          </div>
          <div>
            <dt>Similar cars’ enquiries a week</dt>
            <dd>{market.expectedEnquiries7 !== null ? Math.round(market.expectedEnquiries7 * 10) / 10 : '—'}</dd>
          </div>
        </dl>
        {market.description ? <p>{market.description}</p> : null}
        {market.segment ? <p className={work.muted}>Compared with: {market.segment}.</p> : null}
      </section>
    </ConsoleFrame>
  );
}
