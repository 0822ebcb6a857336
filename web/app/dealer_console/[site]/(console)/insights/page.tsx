import type { Metadata } from 'next';
import Link from 'next/link';
import { AGEING_BUCKETS, RATING_BANDS } from '@platform/domain';
import { ConsoleFrame, param, SignedOut } from '@/components/dealer-console/console-frame';
import { Sparkline } from '@/components/dealer-console/insight-charts';
import styles from '@/components/dealer-console/insights.module.css';
import work from '@/components/dealer-console/console.module.css';
import { ApiError } from '@/lib/api/client';
import { getDealerMe } from '@/lib/api/dealer';
import { getStockInsights, type StockInsights, type StockRow } from '@/lib/api/dealer-insights';
import { personalPage } from '@/lib/edge/personal-page';
import { summarise } from '@/lib/charts';
import { Pagination } from '@/components/search/pagination';
import { Band, InsightsNav, POSITION_LABELS, positionLabel, priceLabel } from './insights-nav';

export const metadata: Metadata = personalPage({ title: 'Stock insights · Dealer console' });
export const dynamic = 'force-dynamic';

/** The table's sortable columns: the api's sort keys, with the order a click starts in. */
const COLUMNS = [
  { sort: 'days', label: 'Days in stock', first: 'desc' },
  { sort: 'views7', label: 'Views 7 days', first: 'desc' },
  { sort: 'views30', label: 'Views 30 days', first: 'desc' },
  { sort: 'enquiries7', label: 'Enquiries 7 days', first: 'desc' },
  { sort: 'enquiries30', label: 'Enquiries 30 days', first: 'desc' },
  { sort: 'score', label: 'Rating', first: 'asc' },
  { sort: 'price', label: 'Price', first: 'desc' },
] as const;

const FILTER_KEYS = ['dealership', 'band', 'bucket', 'position', 'sort', 'order', 'page'] as const;
/** Cars a page: a 2,000-car group's whole list on one page was 6 MB of HTML and most of a second to render. */
const STOCK_PAGE_SIZE = 100;

/** The page's own query: only the api's parameters, passed on as they are (the api refuses bad values by name). */
function queryOf(search: Record<string, string | string[] | undefined>): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = param(search[key]);
    if (value) query.set(key, value);
  }
  return query;
}

const hrefWith = (query: URLSearchParams, changes: Record<string, string | null>): string => {
  const next = new URLSearchParams(query);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const text = next.toString();
  return `/dealer/insights${text ? `?${text}` : ''}`;
};

function SortHeader({ column, query }: { column: (typeof COLUMNS)[number]; query: URLSearchParams }) {
  const sort = query.get('sort') ?? 'days';
  const order = query.get('order') ?? 'desc';
  const current = sort === column.sort;
  const nextOrder = current ? (order === 'desc' ? 'asc' : 'desc') : column.first;
  return (
    <th
      scope="col"
      className={column.sort === 'score' ? undefined : styles.num}
      aria-sort={current ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <Link href={hrefWith(query, { sort: column.sort, order: nextOrder, page: null })}>
        {column.label}
        {current ? (order === 'asc' ? ' ▲' : ' ▼') : ''}
        <span className="visually-hidden">{`, sort ${nextOrder === 'asc' ? 'lowest' : 'highest'} first`}</span>
      </Link>
    </th>
  );
}

function StockTableRow({ car }: { car: StockRow }) {
  return (
    <tr>
      <th scope="row" data-wide="">
        <Link href={`/dealer/insights/cars/${car.id}`}>{car.title}</Link>
        {car.stocknum ? <span className={work.muted}> · {car.stocknum}</span> : null}
      </th>
      <td className={styles.num} data-label="Days in stock">
        {car.daysInStock}
      </td>
      <td className={styles.num} data-label="Views 7 days">
        {car.views7}
      </td>
      <td className={styles.num} data-label="Views 30 days">
        {car.views30}
      </td>
      <td className={styles.num} data-label="Enquiries 7 days">
        {car.enquiries7}
      </td>
      <td className={styles.num} data-label="Enquiries 30 days">
        {car.enquiries30}
      </td>
      <td data-label="Rating">
        <Band band={car.band} />
        {car.score !== null ? <span className={work.muted}> {car.score}</span> : null}
      </td>
      <td className={styles.num} data-label="Price">
        {priceLabel(car.price)}
      </td>
      <td data-label="Position">{positionLabel(car.pricePosition, car.price)}</td>
      <td data-label="Daily views" data-wide="">
        <Sparkline
          values={car.dailyViews}
          label={summarise('Daily views', dayLabels(car.dailyViews.length), car.dailyViews)}
        />
      </td>
    </tr>
  );
}

/** "29 days ago" ... "today", for a sparkline's summary. */
const dayLabels = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => {
    const ago = count - 1 - i;
    return ago === 0 ? 'today' : ago === 1 ? 'yesterday' : `${ago} days ago`;
  });

/** /dealer/insights: every live car with how it performs, sortable and filterable by address. */
export default async function StockInsightsPage({
  params,
  searchParams,
}: {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { site } = await params;
  const query = queryOf(await searchParams);
  const me = await getDealerMe(site);
  if (!me) return <SignedOut />;
  let stock: StockInsights | null = null;
  let problem: string | null = null;
  try {
    stock = await getStockInsights(site, new URLSearchParams([...query, ['limit', String(STOCK_PAGE_SIZE)]]));
  } catch (error) {
    // A hand-edited address the api refuses: say which value, and show the filters to fix it.
    if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 404)) throw error;
    problem = error.problem?.detail ?? error.problem?.title ?? 'Those filters are not valid.';
  }
  if (!stock && !problem) return <SignedOut />;
  const bucket = query.get('bucket');
  const page = Number(query.get('page') ?? 1);
  const pages = Math.ceil((stock?.matching ?? 0) / STOCK_PAGE_SIZE);
  const first = (page - 1) * STOCK_PAGE_SIZE + 1;
  return (
    <ConsoleFrame title="Stock insights" error={problem}>
      <InsightsNav current="stock" />
      <section aria-labelledby="ageing-title" className={work.section}>
        <h2 id="ageing-title">Days in stock</h2>
        <ul className={styles.buckets}>
          {AGEING_BUCKETS.map((b) => (
            <li key={b.id}>
              <Link
                className={styles.bucket}
                href={hrefWith(query, { bucket: bucket === b.id ? null : b.id, page: null })}
                aria-current={bucket === b.id ? 'true' : undefined}
              >
                <span>{b.id} days</span>
                <strong>{stock?.buckets[b.id] ?? 0}</strong>
                <span className={work.muted}>{bucket === b.id ? 'Showing only these' : 'Show only these'}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="stock-title" className={`${work.section} ${styles.shrink}`}>
        <h2 id="stock-title">Live cars ({(stock?.matching ?? 0).toLocaleString('en-AU')})</h2>
        <form method="get" action="/dealer/insights" className={styles.filters}>
          {me.dealerships.length > 1 ? (
            <label>
              Dealership
              <select name="dealership" defaultValue={query.get('dealership') ?? ''}>
                <option value="">All</option>
                {me.dealerships.map((d) => (
                  <option key={d.slug} value={d.slug}>
                    {d.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label>
            Rating
            <select name="band" defaultValue={query.get('band') ?? ''}>
              <option value="">Any</option>
              {RATING_BANDS.map((b) => (
                <option key={b.name} value={b.name}>
                  {b.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            Days in stock
            <select name="bucket" defaultValue={bucket ?? ''}>
              <option value="">Any</option>
              {AGEING_BUCKETS.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.id} days
                </option>
              ))}
            </select>
          </label>
          <label>
            Price position
            <select name="position" defaultValue={query.get('position') ?? ''}>
              <option value="">Any</option>
              {Object.entries(POSITION_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Sort by
            <select name="sort" defaultValue={query.get('sort') ?? 'days'}>
              {COLUMNS.map((column) => (
                <option key={column.sort} value={column.sort}>
                  {column.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Order
            <select name="order" defaultValue={query.get('order') ?? 'desc'}>
              <option value="desc">Highest first</option>
              <option value="asc">Lowest first</option>
            </select>
          </label>
          <button type="submit" className={work.button}>
            Filter
          </button>
          <Link href="/dealer/insights">Clear</Link>
        </form>
        {stock && stock.cars.length > 0 && pages > 1 ? (
          <p className={work.muted}>
            Showing {first.toLocaleString('en-AU')}–{(first + stock.cars.length - 1).toLocaleString('en-AU')} of{' '}
            {stock.matching.toLocaleString('en-AU')}
          </p>
        ) : null}
        {stock && stock.cars.length > 0 ? (
          // Named by its caption, not the section's heading: two regions of one name are axe's landmark-unique.
          <div className={styles.tableWrap} role="region" aria-labelledby="stock-caption" tabIndex={0}>
            <table className={styles.stock}>
              <caption id="stock-caption" className="visually-hidden">
                Live cars with days in stock, views and enquiries over 7 and 30 days, rating, price, price position and
                daily views over the last 30 days (or since listing)
              </caption>
              <thead>
                <tr>
                  <th scope="col">Car</th>
                  {COLUMNS.slice(0, 6).map((column) => (
                    <SortHeader key={column.sort} column={column} query={query} />
                  ))}
                  <SortHeader column={COLUMNS[6]} query={query} />
                  <th scope="col">Position</th>
                  <th scope="col">Daily views, last 30 days</th>
                </tr>
              </thead>
              <tbody>
                {stock.cars.map((car) => (
                  <StockTableRow key={car.id} car={car} />
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={work.muted}>
            {stock && stock.matching > 0 ? (
              <>
                There is no page {page}. <Link href={hrefWith(query, { page: null })}>Go to the first page</Link>
              </>
            ) : (
              'No live car matches these filters.'
            )}
          </p>
        )}
        <Pagination page={page} pages={pages} hrefFor={(p) => hrefWith(query, { page: p === 1 ? null : String(p) })} />
      </section>
    </ConsoleFrame>
  );
}
