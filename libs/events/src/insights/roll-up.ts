import type { DataSource, EntityManager } from 'typeorm';

/** The calendar a dealership's facts are counted on when it has no location (the platform's own). */
export const DEFAULT_FACT_ZONE = 'Australia/Sydney';

/** A reservation counts once it got past payment: an unpaid or lapsed one never held the car. */
const COUNTED_RESERVATIONS = `('held', 'completed', 'released', 'cancelled', 'refunded')`;

export interface RollUpRange {
  /** First and last day (YYYY-MM-DD) to roll up, inclusive. */
  from: string;
  to: string;
  /** Only these dealerships' cars; all when omitted. */
  dealershipIds?: readonly number[];
  /** The moment of the run: today's price is re-read for days not yet over. */
  now?: Date;
}

/**
 * Each dealership's zone (its primary location's, else its first location's) and today there.
 * car_event_days are already counted on Sydney days (that worker predates this); every
 * Australian zone's day starts within three hours of Sydney's, so those counts are taken as they are.
 */
const ZONES = `
  zones AS (
    SELECT d.id AS dealership_id, z.zone, (($4::timestamptz) AT TIME ZONE z.zone)::date AS today
    FROM dealerships d
    CROSS JOIN LATERAL (
      SELECT COALESCE(
        (SELECT l.time_zone FROM locations l WHERE l.dealership_id = d.id ORDER BY l."primary" DESC, l.id LIMIT 1),
        '${DEFAULT_FACT_ZONE}') AS zone
    ) z
    WHERE $3::int[] IS NULL OR d.id = ANY($3::int[])
  )`;

/**
 * Rolls the raw events of [from, to] up into car_daily_facts: one row per car for every day it was
 * listed (listing to sale or withdrawal) and every day anything happened to it. Each row is
 * recomputed from the raw events and upserted, so running a day again gives the same rows.
 * Search appearances are not touched: they come from Redis (flushSearchAppearances). A day's price
 * is the car's price when that day was first rolled up (the hourly runs catch today's), so a past
 * day keeps the price it had; status follows the sale and withdrawal dates.
 */
export async function rollUpFacts(db: DataSource | EntityManager, range: RollUpRange): Promise<number> {
  return db.transaction(async (manager) => {
    for (const setting of ROLL_UP_SETTINGS) await manager.query(setting);
    return rollUpStatement(manager, range);
  });
}

/**
 * Settings for the roll-up's one statement, within its transaction. Its row estimates run to
 * billions (a series per car joined to five aggregates), which switches on JIT compilation that
 * costs more than it saves, and its sorts and hashes spill past the default 4 MB of work_mem: on
 * 5,000 cars x 90 days the two took a chunk from 6.3 s to 4.7 s (docs/performance.md).
 */
const ROLL_UP_SETTINGS = [`SET LOCAL jit = off`, `SET LOCAL work_mem = '64MB'`];

async function rollUpStatement(db: EntityManager, range: RollUpRange): Promise<number> {
  const now = (range.now ?? new Date()).toISOString();
  const ids = range.dealershipIds ? [...range.dealershipIds] : null;
  const rows = (await db.query(
    `WITH ${ZONES},
     cars_in AS (
       SELECT c.id, c.dealership_id, c.price, c.status, zn.today,
              (c.created_at AT TIME ZONE zn.zone)::date AS listed_day,
              (c.sold_date AT TIME ZONE zn.zone)::date AS sold_day,
              (c.withdrawn_at AT TIME ZONE zn.zone)::date AS withdrawn_day,
              zn.zone
       FROM cars c JOIN zones zn ON zn.dealership_id = c.dealership_id
     ),
     listed AS (
       SELECT ci.id AS car_id, g::date AS day
       FROM cars_in ci
       CROSS JOIN LATERAL generate_series(
         GREATEST($1::date, ci.listed_day),
         LEAST($2::date, ci.today, COALESCE(LEAST(ci.sold_day, ci.withdrawn_day), $2::date)),
         interval '1 day') g
     ),
     events AS (
       SELECT e.car_id, e.day,
              COALESCE(sum(e.count) FILTER (WHERE e.kind = 'view'), 0)::int AS views,
              COALESCE(sum(e.count) FILTER (WHERE e.kind = 'phone_reveal'), 0)::int AS phone_reveals
       FROM car_event_days e JOIN cars_in ci ON ci.id = e.car_id
       WHERE e.day BETWEEN $1::date AND $2::date
       GROUP BY e.car_id, e.day
     ),
     lead_forms AS (
       SELECT l.car_id, (l.created_at AT TIME ZONE ci.zone)::date AS day, l.form, count(*)::int AS n
       FROM leads l JOIN cars_in ci ON ci.id = l.car_id
       WHERE l.created_at >= $1::date - interval '1 day' AND l.created_at < $2::date + interval '2 days'
       GROUP BY 1, 2, 3
     ),
     enquiries AS (
       SELECT car_id, day, sum(n)::int AS enquiries, jsonb_object_agg(form, n) AS by_form
       FROM lead_forms WHERE day BETWEEN $1::date AND $2::date GROUP BY car_id, day
     ),
     reservations_in AS (
       SELECT r.car_id, (r.created_at AT TIME ZONE ci.zone)::date AS day, count(*)::int AS n
       FROM reservations r JOIN cars_in ci ON ci.id = r.car_id
       WHERE r.status IN ${COUNTED_RESERVATIONS}
         AND r.created_at >= $1::date - interval '1 day' AND r.created_at < $2::date + interval '2 days'
       GROUP BY 1, 2
     ),
     saves AS (
       SELECT w.car_id, (w.created_at AT TIME ZONE ci.zone)::date AS day, count(*)::int AS n
       FROM watchlist_items w JOIN cars_in ci ON ci.id = w.car_id
       WHERE w.created_at >= $1::date - interval '1 day' AND w.created_at < $2::date + interval '2 days'
       GROUP BY 1, 2
     ),
     -- The rows already there for these days (a past day keeps its price): read by the dealership
     -- and day index, not joined to the whole table, which a planner expecting billions of keys
     -- hashed whole on every chunk (50 s for a nightly three days over 6 million facts).
     old AS (
       SELECT f.car_id, f.day, f.price
       FROM car_daily_facts f JOIN cars_in ci ON ci.id = f.car_id
       WHERE f.day BETWEEN $1::date AND $2::date AND ($3::int[] IS NULL OR f.dealership_id = ANY($3::int[]))
     ),
     keys AS (
       SELECT car_id, day FROM listed
       UNION SELECT car_id, day FROM events
       UNION SELECT car_id, day FROM enquiries
       UNION SELECT car_id, day FROM reservations_in WHERE day BETWEEN $1::date AND $2::date
       UNION SELECT car_id, day FROM saves WHERE day BETWEEN $1::date AND $2::date
     ),
     upserted AS (
       INSERT INTO car_daily_facts AS f
         (car_id, day, dealership_id, views, phone_reveals, enquiries, enquiries_by_form, reservations, watchlist_saves, price, status)
       SELECT k.car_id, k.day, ci.dealership_id,
              COALESCE(ev.views, 0), COALESCE(ev.phone_reveals, 0),
              COALESCE(eq.enquiries, 0), COALESCE(eq.by_form, '{}'::jsonb),
              COALESCE(rs.n, 0), COALESCE(sv.n, 0),
              CASE WHEN k.day >= ci.today OR old.car_id IS NULL THEN ci.price ELSE old.price END,
              CASE WHEN ci.withdrawn_day <= k.day THEN 'withdrawn'
                   WHEN ci.sold_day <= k.day THEN 'sold'
                   WHEN ci.status = 'sold' THEN 'in_stock'
                   ELSE ci.status END
       FROM keys k
       JOIN cars_in ci ON ci.id = k.car_id
       LEFT JOIN events ev ON ev.car_id = k.car_id AND ev.day = k.day
       LEFT JOIN enquiries eq ON eq.car_id = k.car_id AND eq.day = k.day
       LEFT JOIN reservations_in rs ON rs.car_id = k.car_id AND rs.day = k.day
       LEFT JOIN saves sv ON sv.car_id = k.car_id AND sv.day = k.day
       LEFT JOIN old ON old.car_id = k.car_id AND old.day = k.day
       ON CONFLICT (car_id, day) DO UPDATE SET
         dealership_id = EXCLUDED.dealership_id, views = EXCLUDED.views, phone_reveals = EXCLUDED.phone_reveals,
         enquiries = EXCLUDED.enquiries, enquiries_by_form = EXCLUDED.enquiries_by_form,
         reservations = EXCLUDED.reservations, watchlist_saves = EXCLUDED.watchlist_saves,
         price = EXCLUDED.price, status = EXCLUDED.status
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM upserted`,
    [range.from, range.to, ids, now],
  )) as { n: number }[];
  return rows[0]?.n ?? 0;
}

/** The dealerships with cars, in id order, for rolling up in chunks. */
export async function dealershipsWithCars(db: DataSource | EntityManager): Promise<number[]> {
  const rows = (await db.query(`SELECT DISTINCT dealership_id AS id FROM cars ORDER BY 1`)) as { id: number }[];
  return rows.map((row) => row.id);
}

/**
 * Rolls every dealership up, a chunk of dealerships per statement, so no one statement holds
 * the whole platform's rows (the nightly run and the backfill both use it).
 */
export async function rollUpAll(
  db: DataSource,
  range: Omit<RollUpRange, 'dealershipIds'>,
  chunk = 50,
): Promise<{ rows: number; dealerships: number }> {
  const ids = await dealershipsWithCars(db);
  let rows = 0;
  for (let i = 0; i < ids.length; i += chunk)
    rows += await rollUpFacts(db, { ...range, dealershipIds: ids.slice(i, i + chunk) });
  return { rows, dealerships: ids.length };
}
