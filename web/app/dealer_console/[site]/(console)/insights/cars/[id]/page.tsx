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
import { Band, InsightsNav, positionLabel, priceLabel } from '../../insights-nav';

export const metadata: Metadata = personalPage({ title: 'Car insights · Dealer console' });
export const dynamic = 'force-dynamic';

const dayMonth = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const shortDay = (day: string): string => dayMonth.format(new Date(`${day}T00:00:00Z`));
const dayMonthYear = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const longDay = (day: string): string => dayMonthYear.format(new Date(`${day}T00:00:00Z`));
/** The api's most days of history: a newer car's charts start at its listing day. */
const CHART_DAYS = 90;

/** One market average on the page, or why there is none. */
const MARKET_AVERAGE: Record<'enough' | 'not-enough' | 'pending', (average: number | null) => string> = {
  enough: (average) => (average === null ? '—' : formatDollars(average)),
  'not-enough': () => 'Not enough similar cars',
  pending: () => 'Not worked out yet',
};

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
          <dd>{priceLabel(car.price)}</dd>
        </div>
        <div>
          <dt>Market average</dt>
          <dd>{MARKET_AVERAGE[market.status](market.average)}</dd>
        </div>
        <div>
          <dt>Days in stock</dt>
          <dd>
            {car.daysInStock}{' '}
            <span className={work.muted}>
              (listed <time dateTime={car.listedOn}>{longDay(car.listedOn)}</time>)
            </span>
          </dd>
        </div>
      </dl>
      <section aria-labelledby="why-title" className={work.section}>
        <h2 id="why-title">Why this rating</h2>
        <p>{rating?.explanation ?? 'This car has not been rated yet: ratings are worked out every hour.'}</p>
        <p>{daysToSell.text}</p>
      </section>
      <section aria-labelledby="activity-title" className={work.section}>
        <h2 id="activity-title">
          {daily.length < CHART_DAYS
            ? `Since it was listed on ${longDay(car.listedOn)}`
            : `The last ${CHART_DAYS} days`}
        </h2>
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
            <dd>{market.status === 'pending' ? 'Not worked out yet' : positionLabel(market.position, car.price)}</dd>
          </div>
          <div>
            <dt>Similar cars for sale</dt>
            <dd>{market.comparables}</dd>
          </div>
          <div>
            <dt>Most are priced</dt>
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
        <p>{market.text}</p>
        <p className={work.muted}>
          Price compared with: {market.comparedWith}, live or sold in the last 90 days, at least 5 cars.
          {market.segment ? ` Views and enquiries compared with: ${market.segment}.` : ''}
        </p>
      </section>
    </ConsoleFrame>
  );
}
