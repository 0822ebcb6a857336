import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DateTime } from 'luxon';
import type { DataSource } from 'typeorm';
import {
  ageingBucket,
  AVAILABLE_STATUS_SQL,
  daysBetween,
  daysToSellEstimate,
  describeComparables,
  hasMarketPrice,
  historyDays,
  priceGapWords,
  type AgeingBucket,
} from '@platform/domain';
import { DEFAULT_FACT_ZONE } from '@platform/events';
import { notFound } from '@platform/server-kit';
import type { StockInsightsQuery } from './dealer-insights.schemas';

/** Days of daily views each stock row carries for its sparkline. */
export const SPARKLINE_DAYS = 30;
/** Days of history on a car's page. */
export const CAR_HISTORY_DAYS = 90;

export interface StockInsightRow {
  id: number;
  dealership: string;
  stocknum: string;
  title: string;
  slug: string;
  /** Null for an 'enquire for price' car (stored as 0, null or a placeholder), never $0. */
  price: number | null;
  daysInStock: number;
  bucket: AgeingBucket;
  views7: number;
  views30: number;
  enquiries7: number;
  enquiries30: number;
  score: number | null;
  band: string | null;
  pricePosition: string;
  marketAverage: number | null;
  /** Views per day, oldest first, ending today: SPARKLINE_DAYS of them, or fewer from a newer car's listing day. */
  dailyViews: number[];
}

export interface DailyPoint {
  day: string;
  views: number;
  phoneReveals: number;
  enquiries: number;
  searchAppearances: number;
  price: number | null;
}

export const carNotFound = () => notFound('Car not found', 'No car with this id is in your dealerships’ stock.');

const dayOf = (at: Date): string => DateTime.fromJSDate(at).setZone(DEFAULT_FACT_ZONE).toISODate() as string;
const today = dayOf;
/** A price as the console may print it: an amount, or null for 'enquire for price'. */
const shownPrice = (price: number | null | undefined): number | null => (hasMarketPrice(price) ? price : null);

interface StockCarRow {
  id: number;
  dealership: string;
  stocknum: string;
  slug: string;
  year: number;
  make: string;
  model: string;
  badge: string | null;
  price: number | null;
  created_at: Date;
  score: number | null;
  band: string | null;
  price_position: string | null;
  market_average: number | null;
}

const SORT_KEYS: Record<StockInsightsQuery['sort'], (row: StockInsightRow) => number> = {
  days: (row) => row.daysInStock,
  views7: (row) => row.views7,
  views30: (row) => row.views30,
  enquiries7: (row) => row.enquiries7,
  enquiries30: (row) => row.enquiries30,
  score: (row) => row.score ?? -1,
  price: (row) => row.price ?? -1,
};

/**
 * Stock insights of the user's dealerships (issue 41), read from car_daily_facts and
 * car_insights. Every query is bounded to the dealership ids the caller scoped; figures of other
 * tenants appear only as the anonymous segment numbers car_insights holds.
 */
@Injectable()
export class DealerInsights {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async stock(
    dealershipIds: number[],
    query: StockInsightsQuery,
    now = new Date(),
  ): Promise<{ cars: StockInsightRow[]; buckets: Record<AgeingBucket, number>; total: number; matching: number }> {
    const last = today(now);
    // Cars and their facts are read apart and joined here: as one statement, stale statistics (a
    // dealer's first feed, before the table is analysed) planned the facts' aggregate inside a loop
    // over the cars, re-aggregating the whole dealership per car (60 s for 2,000 new cars).
    const [listed, sums] = await Promise.all([
      this.db.query(
        `SELECT c.id, d.slug AS dealership, c.stocknum, c.slug, c.year, c.make, c.model, c.badge, c.price, c.created_at,
                i.score, i.band, i.price_position, i.market_average
         FROM cars c
         JOIN dealerships d ON d.id = c.dealership_id
         LEFT JOIN car_insights i ON i.car_id = c.id
         WHERE c.dealership_id = ANY($1::int[]) AND c.status IN ${AVAILABLE_STATUS_SQL} AND c.withdrawn_at IS NULL`,
        [dealershipIds],
      ) as Promise<StockCarRow[]>,
      this.db.query(
        `SELECT car_id,
                COALESCE(sum(views) FILTER (WHERE day > $2::date - 7), 0)::int AS views7, sum(views)::int AS views30,
                COALESCE(sum(enquiries) FILTER (WHERE day > $2::date - 7), 0)::int AS enquiries7,
                sum(enquiries)::int AS enquiries30
         FROM car_daily_facts
         WHERE dealership_id = ANY($1::int[]) AND day > $2::date - $3::int AND day <= $2::date
         GROUP BY car_id`,
        [dealershipIds, last, SPARKLINE_DAYS],
      ) as Promise<{ car_id: number; views7: number; views30: number; enquiries7: number; enquiries30: number }[]>,
    ]);
    const sumsOf = new Map(sums.map((row) => [row.car_id, row]));
    const all = listed.map((row): StockInsightRow => {
      const daysInStock = daysBetween(row.created_at, now);
      const sum = sumsOf.get(row.id);
      return {
        id: row.id,
        dealership: row.dealership,
        stocknum: row.stocknum,
        title: [row.year, row.make, row.model, row.badge].filter(Boolean).join(' '),
        slug: row.slug,
        price: shownPrice(row.price),
        daysInStock,
        bucket: ageingBucket(daysInStock),
        views7: sum?.views7 ?? 0,
        views30: sum?.views30 ?? 0,
        enquiries7: sum?.enquiries7 ?? 0,
        enquiries30: sum?.enquiries30 ?? 0,
        score: row.score,
        band: row.band,
        pricePosition: row.price_position ?? 'unknown',
        marketAverage: row.market_average,
        dailyViews: [],
      };
    });
    const listedDays = new Map(listed.map((row) => [row.id, dayOf(row.created_at)]));
    const buckets = { '0-30': 0, '31-60': 0, '61-90': 0, '90+': 0 } as Record<AgeingBucket, number>;
    for (const row of all) buckets[row.bucket] += 1;
    const key = SORT_KEYS[query.sort];
    const direction = query.order === 'asc' ? 1 : -1;
    const matching = all
      .filter((row) => (!query.band || row.band === query.band) && (!query.bucket || row.bucket === query.bucket))
      .filter((row) => !query.position || row.pricePosition === query.position)
      .sort((a, b) => direction * (key(a) - key(b)) || a.id - b.id);
    const start = (query.page - 1) * query.limit;
    const cars = matching.slice(start, start + query.limit);
    await this.fillDailyViews(cars, listedDays, last);
    return { cars, buckets, total: all.length, matching: matching.length };
  }

  /** The sparklines, for the page's cars only: a day's views each from the listing day, oldest first, zero where none. */
  private async fillDailyViews(
    cars: StockInsightRow[],
    listedDays: ReadonlyMap<number, string>,
    last: string,
  ): Promise<void> {
    const byCar = new Map(
      cars.map((car) => {
        const days = historyDays(listedDays.get(car.id) ?? last, last, SPARKLINE_DAYS);
        car.dailyViews = days.map(() => 0);
        return [car.id, { series: car.dailyViews, index: new Map(days.map((day, i) => [day, i])) }];
      }),
    );
    if (cars.length === 0) return;
    const rows = (await this.db.query(
      `SELECT car_id, day::text AS day, views FROM car_daily_facts
       WHERE car_id = ANY($1::int[]) AND day > $2::date - $3::int AND day <= $2::date`,
      [[...byCar.keys()], last, SPARKLINE_DAYS],
    )) as { car_id: number; day: string; views: number }[];
    for (const row of rows) {
      const car = byCar.get(row.car_id);
      const at = car?.index.get(row.day);
      if (car && at !== undefined) car.series[at] = row.views;
    }
  }

  /** One car's page; null when the car is not in these dealerships (the caller answers 404 either way). */
  async car(dealershipIds: number[], carId: number, now = new Date()) {
    const [car] = (await this.db.query(
      `SELECT c.id, c.stocknum, c.slug, c.year, c.make, c.model, c.badge, c.price, c.km, c.status, c.created_at, c.sold_date,
              d.slug AS dealership, i.score, i.band, i.explanation, i.segment, i.expected_views7, i.expected_enquiries7,
              i.market_average, i.market_comparables, i.market_low, i.market_high, i.price_position,
              i.days_to_sell, i.days_to_sell_at_market, i.computed_at
       FROM cars c JOIN dealerships d ON d.id = c.dealership_id LEFT JOIN car_insights i ON i.car_id = c.id
       WHERE c.id = $1 AND c.dealership_id = ANY($2::int[])`,
      [carId, dealershipIds],
    )) as Record<string, any>[];
    if (!car) return null;
    const last = today(now);
    const facts = (await this.db.query(
      `SELECT day::text AS day, views, phone_reveals, enquiries, search_appearances, price FROM car_daily_facts
       WHERE car_id = $1 AND day > $2::date - $3::int AND day <= $2::date ORDER BY day`,
      [carId, last, CAR_HISTORY_DAYS],
    )) as {
      day: string;
      views: number;
      phone_reveals: number;
      enquiries: number;
      search_appearances: number;
      price: number | null;
    }[];
    const byDay = new Map(facts.map((fact) => [fact.day, fact]));
    // From the listing day: days before it were not quiet days, the car was not for sale yet.
    const daily: DailyPoint[] = historyDays(dayOf(car.created_at), last, CAR_HISTORY_DAYS).map((day) => {
      const fact = byDay.get(day);
      return {
        day,
        views: fact?.views ?? 0,
        phoneReveals: fact?.phone_reveals ?? 0,
        enquiries: fact?.enquiries ?? 0,
        searchAppearances: fact?.search_appearances ?? 0,
        price: shownPrice(fact?.price),
      };
    });
    const priceChanges: { day: string; from: number; to: number }[] = [];
    let previous: number | null = null;
    for (const point of daily) {
      if (point.price !== null && previous !== null && point.price !== previous)
        priceChanges.push({ day: point.day, from: previous, to: point.price });
      if (point.price !== null) previous = point.price;
    }
    // One market reading, the hourly job's (car_insights), the same one the rating, its explanation
    // and the stock list were worked out from: reading the comparables again here gave the page a
    // second, different market average (issue 53). Figures only: how many, their range and centre.
    const price = shownPrice(car.price);
    const daysInStock = daysBetween(car.created_at, car.sold_date ?? now);
    const rated = car.computed_at !== null && car.computed_at !== undefined;
    const marketAverage: number | null = rated ? car.market_average : null;
    const comparables: number = rated ? Number(car.market_comparables ?? 0) : 0;
    const status = !rated ? 'pending' : marketAverage === null ? 'not-enough' : 'enough';
    const gap = priceGapWords(price, marketAverage);
    const days = daysToSellEstimate({
      days: car.days_to_sell ?? null,
      daysAtMarket: car.days_to_sell_at_market ?? null,
      marketAverage,
      daysInStock,
    });
    return {
      car: {
        id: car.id,
        dealership: car.dealership,
        stocknum: car.stocknum,
        slug: car.slug,
        title: [car.year, car.make, car.model, car.badge].filter(Boolean).join(' '),
        price,
        status: car.status,
        daysInStock,
        listedOn: dayOf(car.created_at),
      },
      rating:
        car.score === null
          ? null
          : { score: car.score, band: car.band, explanation: car.explanation, computedAt: car.computed_at },
      market: {
        status,
        segment: car.segment ?? null,
        comparedWith: describeComparables({
          make: car.make,
          model: car.model,
          badge: car.badge,
          year: car.year,
          km: car.km,
        }),
        expectedViews7: car.expected_views7 ?? null,
        expectedEnquiries7: car.expected_enquiries7 ?? null,
        average: marketAverage,
        position: price === null ? 'unknown' : (car.price_position ?? 'unknown'),
        comparables,
        range:
          status === 'enough' && car.market_low !== null && car.market_high !== null
            ? { min: car.market_low, max: car.market_high }
            : null,
        text:
          status === 'pending'
            ? 'The market is worked out every hour; not yet for this car.'
            : status === 'not-enough'
              ? 'Not enough similar cars to compare its price with.'
              : price === null
                ? 'Enquire for price: its price is not compared with the market.'
                : `${gap ? gap.charAt(0).toUpperCase() + gap.slice(1) : 'Its price is not compared with the market'}.`,
      },
      daysToSell: {
        days: car.days_to_sell ?? null,
        atMarket: car.days_to_sell_at_market ?? null,
        text: days.text,
        overdue: days.overdue,
      },
      daily,
      priceChanges,
    };
  }

  async overview(dealershipIds: number[], now = new Date()) {
    const last = today(now);
    const [byForm, byWeek, stock, response, ranked] = await Promise.all([
      this.db.query(
        `SELECT form, count(*)::int AS leads FROM leads
         WHERE dealership_id = ANY($1::int[]) AND created_at > $2::timestamptz - interval '90 days'
         GROUP BY form ORDER BY 2 DESC, 1`,
        [dealershipIds, now.toISOString()],
      ) as Promise<{ form: string; leads: number }[]>,
      this.db.query(
        `SELECT w::date::text AS week, COALESCE(count(l.id), 0)::int AS leads
         FROM generate_series(date_trunc('week', $2::date - 77), date_trunc('week', $2::date), interval '1 week') w
         LEFT JOIN leads l ON l.dealership_id = ANY($1::int[])
           AND (l.created_at AT TIME ZONE '${DEFAULT_FACT_ZONE}') >= w AND (l.created_at AT TIME ZONE '${DEFAULT_FACT_ZONE}') < w + interval '1 week'
         GROUP BY w ORDER BY w`,
        [dealershipIds, last],
      ) as Promise<{ week: string; leads: number }[]>,
      this.db.query(
        `SELECT count(*) FILTER (WHERE status IN ${AVAILABLE_STATUS_SQL} AND withdrawn_at IS NULL)::int AS live,
                count(*) FILTER (WHERE status = 'sold' AND sold_date > $2::timestamptz - interval '90 days')::int AS sold90,
                avg(EXTRACT(EPOCH FROM sold_date - created_at) / 86400)
                  FILTER (WHERE status = 'sold' AND sold_date > $2::timestamptz - interval '90 days') AS avg_days
         FROM cars WHERE dealership_id = ANY($1::int[])`,
        [dealershipIds, now.toISOString()],
      ) as Promise<{ live: number; sold90: number; avg_days: string | null }[]>,
      // Response time: from a lead's arrival to its first status change in the console's audit log.
      this.db.query(
        `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY minutes) AS median, count(*)::int AS leads
         FROM (SELECT EXTRACT(EPOCH FROM min(a.created_at) - l.created_at) / 60 AS minutes
               FROM leads l JOIN dealer_audit_log a ON a.subject_type = 'lead' AND a.subject_id = l.id::text AND a.action = 'lead.status_changed'
               WHERE l.dealership_id = ANY($1::int[]) AND l.created_at > $2::timestamptz - interval '30 days'
               GROUP BY l.id, l.created_at) t`,
        [dealershipIds, now.toISOString()],
      ) as Promise<{ median: number | null; leads: number }[]>,
      this.db.query(
        `SELECT c.id, c.year, c.make, c.model, c.badge, i.score, i.band, i.explanation
         FROM car_insights i JOIN cars c ON c.id = i.car_id
         WHERE i.dealership_id = ANY($1::int[]) AND c.status IN ${AVAILABLE_STATUS_SQL} AND c.withdrawn_at IS NULL
         ORDER BY i.score DESC, c.id`,
        [dealershipIds],
      ) as Promise<
        {
          id: number;
          year: number;
          make: string;
          model: string;
          badge: string | null;
          score: number;
          band: string;
          explanation: string;
        }[]
      >,
    ]);
    const performer = (row: (typeof ranked)[number]) => ({
      id: row.id,
      title: [row.year, row.make, row.model, row.badge].filter(Boolean).join(' '),
      score: row.score,
      band: row.band,
      explanation: row.explanation,
    });
    const { live, sold90, avg_days } = stock[0] ?? { live: 0, sold90: 0, avg_days: null };
    return {
      leadsByForm: byForm,
      leadsByWeek: byWeek,
      // Stock turn: sales of the last 90 days, annualised, over the stock held now.
      stockTurn: live > 0 ? Math.round(((sold90 * 365) / 90 / live) * 10) / 10 : null,
      liveCars: live,
      soldLast90Days: sold90,
      averageDaysToSell: avg_days === null ? null : Math.round(Number(avg_days)),
      leadResponseMinutes:
        response[0]?.median === null || response[0]?.median === undefined
          ? null
          : Math.round(Number(response[0].median)),
      respondedLeads: response[0]?.leads ?? 0,
      top: ranked.slice(0, 5).map(performer),
      bottom: ranked.length > 5 ? ranked.slice(-5).reverse().map(performer) : [],
    };
  }
}
