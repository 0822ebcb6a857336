import type { EntityManager } from 'typeorm';
import { computeCarInsights, DEFAULT_FACT_ZONE, rollUpFacts } from '@platform/events';

/** Days of generated shopper activity behind the demo's stock insights (the car page's chart length). */
export const DEMO_HISTORY_DAYS = 90;

/**
 * A repeatable number in [0, 1) from text (PostgreSQL's hashtext of a car's slug and a salt), so a
 * fresh seed draws the same history every time without a row-by-row loop in Node.
 */
const unit = (text: string) => `((hashtext(${text}) & 2147483647) % 10007 / 10007.0)`;

/**
 * The demo's 90 days of history (issue 41), in a few set-based statements so the seed stays fast:
 * - views and phone reveals per car and Sydney day in car_event_days, each car with its own
 *   popularity, busier at weekends and in its first fortnight listed, with day-to-day noise;
 * - closed leads spread over the period on cars from the middle of each dealership's stock (the
 *   first and last in-stock cars, which the e2e tests pick, stay without leads);
 * - then the daily facts are rolled up and every live car rated, as the insights worker would;
 * - a price drop half-way through the listing of about one car in four, written into the facts'
 *   past days (the cars table holds only today's price), so the charts have changes to mark.
 * Answers the number of leads written.
 */
export async function insertDemoHistory(manager: EntityManager, now: Date): Promise<number> {
  const today = `(($1::timestamptz) AT TIME ZONE '${DEFAULT_FACT_ZONE}')::date`;
  // Per car its pull and reveal ratio, per car-day one noise draw shared by views and reveals.
  await manager.query(
    `WITH car_days AS (
       SELECT c.id, d.site_id, c.dealership_id, g::date AS day,
              floor(
                (1.5 + 9 * ${unit('c.slug')})                                           -- the car's own pull
                * (CASE WHEN extract(isodow FROM g) IN (6, 7) THEN 1.6 ELSE 1 END)     -- busier weekends
                * (1 + 1.5 * exp(-(g::date - (c.created_at AT TIME ZONE '${DEFAULT_FACT_ZONE}')::date) / 10.0)) -- new listings
                * (0.6 + 0.8 * (hashtext(c.slug || g::date::text) & 1023) / 1023.0)  -- day-to-day noise
              )::int AS views,
              0.09 + 0.06 * ${unit(`c.slug || 'r'`)} AS reveal_ratio,
              (hashtext(g::date::text || c.slug) & 1023) / 1023.0 AS reveal_noise
       FROM cars c
       JOIN dealerships d ON d.id = c.dealership_id
       CROSS JOIN LATERAL generate_series(
         GREATEST((c.created_at AT TIME ZONE '${DEFAULT_FACT_ZONE}')::date, ${today} - ${DEMO_HISTORY_DAYS - 1}),
         LEAST(${today}, COALESCE((c.sold_date AT TIME ZONE '${DEFAULT_FACT_ZONE}')::date, ${today})),
         interval '1 day') g
       WHERE c.withdrawn_at IS NULL
     )
     INSERT INTO car_event_days (car_id, site_id, kind, day, dealership_id, count)
     SELECT id, site_id, k.kind, day, dealership_id, k.n
     FROM car_days
     CROSS JOIN LATERAL (VALUES ('view', views), ('phone_reveal', floor(views * reveal_ratio + reveal_noise - 0.3)::int)) k(kind, n)
     WHERE k.n > 0`,
    [now.toISOString()],
  );
  const leads = (await manager.query(
    `WITH ranked AS (
       SELECT c.id, c.dealership_id, d.site_id, c.slug, c.created_at,
              row_number() OVER (PARTITION BY c.dealership_id ORDER BY c.id) AS rn,
              count(*) OVER (PARTITION BY c.dealership_id) AS total
       FROM cars c JOIN dealerships d ON d.id = c.dealership_id
       WHERE c.status = 'in_stock' AND c.withdrawn_at IS NULL
     ),
     picked AS (
       SELECT r.*, g AS n FROM ranked r
       CROSS JOIN LATERAL generate_series(1, 1 + floor(3 * ${unit(`r.slug || 'leads'`)})::int) g
       WHERE r.rn > 7 AND r.rn <= r.total - 3 AND ${unit(`r.slug || 'lead'`)} < 0.12
     ),
     timed AS (
       SELECT p.*, GREATEST(p.created_at, $1::timestamptz - interval '89 days')
                   + (($1::timestamptz - interval '8 days' - GREATEST(p.created_at, $1::timestamptz - interval '89 days'))
                      * ${unit(`p.slug || p.n::text || 'when'`)}) AS at,
              (ARRAY['vehicle', 'test_drive', 'finance', 'vehicle', 'trade_in'])[1 + (p.n + p.rn::int) % 5] AS form
       FROM picked p WHERE p.created_at < $1::timestamptz - interval '9 days'
     )
     INSERT INTO leads (site_id, dealership_id, car_id, form, category, fields, user_data, status, lost_reason,
                        status_changed_at, created_at)
     SELECT site_id, dealership_id, id, form,
            CASE form WHEN 'vehicle' THEN 'Vehicle Enquiry' WHEN 'test_drive' THEN 'Test Drive'
                      WHEN 'finance' THEN 'Finance Enquiry' ELSE 'Trade-In Valuation' END,
            jsonb_build_object('name', 'Demo Shopper ' || id || '-' || n,
                               'email', 'shopper.' || id || '.' || n || '@example.com', 'phone', '0412 000 ' || lpad((id % 1000)::text, 3, '0')),
            '{"source": "demo"}'::jsonb,
            CASE WHEN n % 3 = 0 THEN 'lost' ELSE 'won' END,
            CASE WHEN n % 3 = 0 THEN 'Bought elsewhere' END,
            at + interval '40 minutes' + (n * interval '25 minutes'), at
     FROM timed
     RETURNING 1`,
    [now.toISOString()],
  )) as unknown[];
  const to = ((await manager.query(`SELECT ${today}::text AS day`, [now.toISOString()])) as { day: string }[])[0]!.day;
  const from = (
    (await manager.query(`SELECT (${today} - ${DEMO_HISTORY_DAYS})::text AS day`, [now.toISOString()])) as {
      day: string;
    }[]
  )[0]!.day;
  await rollUpFacts(manager, { from, to, now });
  // About one car in four listed for three weeks or more was dearer until half-way through its listing.
  await manager.query(
    `UPDATE car_daily_facts f
     SET price = f.price + GREATEST(500, round(c.price * (0.03 + 0.04 * ${unit(`c.slug || 'drop'`)}) / 100) * 100)::int
     FROM cars c
     WHERE c.id = f.car_id AND c.price IS NOT NULL AND f.price IS NOT NULL
       AND ${unit(`c.slug || 'price'`)} < 0.25
       AND (c.created_at AT TIME ZONE '${DEFAULT_FACT_ZONE}')::date < ${today} - 21
       AND f.day < GREATEST((c.created_at AT TIME ZONE '${DEFAULT_FACT_ZONE}')::date, ${today} - ${DEMO_HISTORY_DAYS - 1})
                   + ((${today} - GREATEST((c.created_at AT TIME ZONE '${DEFAULT_FACT_ZONE}')::date, ${today} - ${DEMO_HISTORY_DAYS - 1})) / 2)`,
    [now.toISOString()],
  );
  // Each worked demo lead's first status change, as the console records it, so the overview's lead
  // response time has a figure (the demo has no console users: the actor is named 'Demo'). Written in
  // time order: the log is read newest first by id, so backdated rows in lead order read out of time.
  await manager.query(
    `INSERT INTO dealer_audit_log (dealership_id, actor, action, subject_type, subject_id, detail, created_at)
     SELECT dealership_id, 'Demo', 'lead.status_changed', 'lead', id::text,
            jsonb_build_object('from', 'new', 'to', status), status_changed_at
     FROM leads WHERE status <> 'new' AND status_changed_at IS NOT NULL
     ORDER BY status_changed_at, id`,
  );
  await computeCarInsights(manager, now);
  return leads.length;
}
