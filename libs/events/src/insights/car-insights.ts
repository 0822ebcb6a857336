import { DateTime } from 'luxon';
import type { DataSource, EntityManager } from 'typeorm';
import {
  assessCar,
  AVAILABLE_STATUS_SQL,
  Benchmarks,
  COMPARABLE_SOLD_WITHIN_DAYS,
  daysBetween,
  isAvailable,
  marketAverages,
  pricePosition,
  segmentKey,
  type BenchmarkSample,
} from '@platform/domain';
import { DEFAULT_FACT_ZONE } from './roll-up';

/** Sold cars say how fast similar cars sell for a year after their sale. */
export const DAYS_TO_SELL_HISTORY_DAYS = 365;
const WRITE_CHUNK = 5000;

interface CarRow {
  id: number;
  dealership_id: number;
  make: string;
  model: string;
  badge: string | null;
  year: number;
  km: number | null;
  price: number | null;
  status: string;
  state: string | null;
  created_at: Date;
  sold_date: Date | null;
}

/**
 * Rates every live car of the platform and estimates its days to sell (issue 41), from all
 * tenants' cars: live ones' last 7 days of facts and the last year's sales. The segment figures
 * are built once (libs/domain Benchmarks) and each car is measured without its own dealership's
 * cars; the results replace car_insights in chunks, and cars no longer live lose theirs.
 */
export async function computeCarInsights(db: DataSource | EntityManager, now = new Date()): Promise<{ rated: number }> {
  const cars = (await db.query(
    `SELECT c.id, c.dealership_id, c.make, c.model, c.badge, c.year, c.km, c.price, c.status, c.created_at, c.sold_date,
            (SELECT l.state FROM locations l WHERE l.dealership_id = c.dealership_id ORDER BY l."primary" DESC, l.id LIMIT 1) AS state
     FROM cars c
     WHERE c.withdrawn_at IS NULL
       AND (c.status IN ${AVAILABLE_STATUS_SQL}
            OR (c.status = 'sold' AND c.sold_date > $1::timestamptz - make_interval(days => $2)))`,
    [now.toISOString(), DAYS_TO_SELL_HISTORY_DAYS],
  )) as CarRow[];
  const today = DateTime.fromJSDate(now).setZone(DEFAULT_FACT_ZONE).toISODate() as string;
  const weekAgo = DateTime.fromISO(today).minus({ days: 6 }).toISODate() as string;
  const activity = new Map<number, { views7: number; enquiries7: number }>();
  for (const row of (await db.query(
    `SELECT car_id, sum(views)::int AS views, sum(enquiries)::int AS enquiries
     FROM car_daily_facts WHERE day BETWEEN $1::date AND $2::date GROUP BY car_id`,
    [weekAgo, today],
  )) as { car_id: number; views: number; enquiries: number }[])
    activity.set(row.car_id, { views7: row.views, enquiries7: row.enquiries });

  // The market is read from the same pool as the price gauge's comparablePrices (live, or sold in
  // the last 90 days); the older sales are here only for days to sell, yet still get a position.
  const soldSince = now.getTime() - COMPARABLE_SOLD_WITHIN_DAYS * 86_400_000;
  const markets = marketAverages(
    cars,
    (car) => isAvailable(car) || (car.status === 'sold' && !!car.sold_date && car.sold_date.getTime() > soldSince),
  );
  const averages = new Map([...markets].map(([id, figures]) => [id, figures.average]));
  const currentYear = DateTime.fromJSDate(now).setZone(DEFAULT_FACT_ZONE).year;
  const live = cars.filter((car) => car.status !== 'sold');
  const samples: BenchmarkSample[] = cars.map((car) => {
    const average = averages.get(car.id) ?? null;
    const key = segmentKey(car, pricePosition(car.price, average), currentYear);
    return car.status === 'sold'
      ? {
          dealershipId: car.dealership_id,
          key,
          daysToSell: car.sold_date ? daysBetween(car.created_at, car.sold_date) : null,
        }
      : { dealershipId: car.dealership_id, key, activity: activity.get(car.id) ?? { views7: 0, enquiries7: 0 } };
  });
  const benchmarks = new Benchmarks(samples);

  for (let i = 0; i < live.length; i += WRITE_CHUNK) {
    const columns: unknown[][] = Array.from({ length: 16 }, () => []);
    for (const car of live.slice(i, i + WRITE_CHUNK)) {
      const own = activity.get(car.id) ?? { views7: 0, enquiries7: 0 };
      const marketAverage = averages.get(car.id) ?? null;
      const a = assessCar(
        { dealershipId: car.dealership_id, ...car, marketAverage, views7: own.views7, enquiries7: own.enquiries7 },
        benchmarks,
        currentYear,
      );
      [
        car.id,
        car.dealership_id,
        a.score,
        a.band,
        a.explanation,
        a.segment,
        a.expectedViews7,
        a.expectedEnquiries7,
        marketAverage,
        markets.get(car.id)?.comparables ?? 0,
        markets.get(car.id)?.range?.min ?? null,
        markets.get(car.id)?.range?.max ?? null,
        a.pricePosition,
        a.daysToSell,
        a.daysToSellAtMarket,
        now.toISOString(),
      ].forEach((value, column) => columns[column].push(value));
    }
    await db.query(
      `INSERT INTO car_insights (car_id, dealership_id, score, band, explanation, segment, expected_views7, expected_enquiries7,
                                 market_average, market_comparables, market_low, market_high, price_position,
                                 days_to_sell, days_to_sell_at_market, computed_at)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::real[], $8::real[],
                            $9::int[], $10::int[], $11::int[], $12::int[], $13::text[], $14::int[], $15::int[],
                            $16::timestamptz[])
       ON CONFLICT (car_id) DO UPDATE SET dealership_id = EXCLUDED.dealership_id, score = EXCLUDED.score, band = EXCLUDED.band,
         explanation = EXCLUDED.explanation, segment = EXCLUDED.segment, expected_views7 = EXCLUDED.expected_views7,
         expected_enquiries7 = EXCLUDED.expected_enquiries7, market_average = EXCLUDED.market_average,
         market_comparables = EXCLUDED.market_comparables, market_low = EXCLUDED.market_low,
         market_high = EXCLUDED.market_high,
         price_position = EXCLUDED.price_position, days_to_sell = EXCLUDED.days_to_sell,
         days_to_sell_at_market = EXCLUDED.days_to_sell_at_market, computed_at = EXCLUDED.computed_at`,
      columns,
    );
  }
  await db.query(`DELETE FROM car_insights WHERE computed_at < $1::timestamptz`, [now.toISOString()]);
  return { rated: live.length };
}
