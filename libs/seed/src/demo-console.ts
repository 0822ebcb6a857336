import { createHash, randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import {
  AVAILABLE_STATUS_SQL,
  carName,
  FeedCarSchema,
  formatDollars,
  photoSrc,
  RESERVE_ONLINE_CATEGORY,
  reserveDeposit,
  sanitiseFeedRow,
  type SiteConfig,
} from '@platform/domain';
import { insertLeadWithDeliveries } from '@platform/reservations';
import { EMPTY_COUNTS, heldSnapshotDetail, partialRunDetail } from '@platform/stock';
import type { ConsoleDemoSeed } from './data';

/** A demo dealership the console work is written for. */
export interface ConsoleDemoDealership {
  id: number;
  slug: string;
  name: string;
  site_id: number;
  site_slug: string;
  config: SiteConfig;
  console_demo: ConsoleDemoSeed;
}

export interface ConsoleDemoCounts {
  reservations: number;
  feed_runs: number;
  /** The leads the held reservations made (a paid hold is a lead, as checkout makes it). */
  leads: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The shopper of a demo hold (a reserved address: the dev mailbox keeps what is sent to it). */
const DEMO_SHOPPER = { name: 'Grace', last_name: 'Kelly', phone: '0412 000 201', postcode: '3030' };

/**
 * Reservable cars as checkout sees them (in stock, shown, not the dealer's own hold, a real price,
 * not test-drive only), taken past the ones the demo leads use (OFFSET 3 LIMIT 4) and far from the
 * first and last cars the e2e tests pick.
 */
const RESERVABLE_CAR = `SELECT c.id, c.slug, c.stocknum, c.year, c.make, c.model, c.badge, c.price, c.data, l.name AS location
  FROM cars c LEFT JOIN locations l ON l.id = c.location_id
  WHERE c.dealership_id = $1 AND c.status = 'in_stock' AND c.show_on_dealer_website AND c.withdrawn_at IS NULL
    AND NOT c.feed_reserved AND c.reservation_id IS NULL AND c.price > 1000 AND COALESCE(c.tag, '') <> 'Test Drive Only'
  ORDER BY c.id OFFSET 8 LIMIT 1`;

/**
 * A shopper's paid hold, left as checkout and the local provider leave one once the shopper has
 * approved the payment: the local payment succeeded (so a refund from the console goes through the
 * local provider), the reservation held with its hold time, the car reserved with its outbox row,
 * and the lead with its deliveries. Written in the seed's transaction.
 */
async function insertHeldReservation(
  manager: EntityManager,
  dealership: ConsoleDemoDealership,
  now: Date,
): Promise<boolean> {
  const [car] = (await manager.query(RESERVABLE_CAR, [dealership.id])) as {
    id: number;
    slug: string;
    stocknum: string;
    year: number;
    make: string;
    model: string;
    badge: string | null;
    price: number;
    data: Record<string, unknown>;
    location: string | null;
  }[];
  if (!car) return false;
  const { config } = dealership;
  const id = randomUUID();
  const title = carName(car);
  const depositCents =
    reserveDeposit(car.data['reserve_deposit'], config.reservations.deposit, config.wording.reserve_deposit_text) * 100;
  const createdAt = new Date(now.getTime() - 45 * MINUTE_MS);
  const heldAt = new Date(createdAt.getTime() + 3 * MINUTE_MS);
  const holdExpiresAt = new Date(heldAt.getTime() + config.reservations.hold_hours * HOUR_MS);
  const contact = { ...DEMO_SHOPPER, email: `grace.kelly.${dealership.slug}@example.com` };
  const image = typeof car.data['primary_image_url'] === 'string' ? car.data['primary_image_url'] : null;

  // The local provider's payment, approved: what its pay page leaves once the shopper says yes.
  const [payment] = (await manager.query(
    `INSERT INTO local_payments (idempotency_key, amount_cents, currency, description, metadata, status, created_at, updated_at)
     VALUES ($1, $2, 'aud', $3, $4, 'succeeded', $5, $6) RETURNING id`,
    [
      `reservation-${id}`,
      depositCents,
      `Deposit to reserve the ${title} at ${dealership.name}`,
      JSON.stringify({
        purpose: 'reservation',
        record_id: id,
        site: dealership.site_slug,
        return_path: `/reservations/${id}`,
      }),
      createdAt,
      heldAt,
    ],
  )) as { id: string }[];
  const paymentRef = payment!.id;
  await manager.query(
    `INSERT INTO reservations (id, kind, site_id, dealership_id, car_id, car_summary, contact, deposit_cents, currency,
       status, payment_provider, payment_ref, payment_deadline, held_at, hold_expires_at, request_hash, created_at, updated_at)
     VALUES ($1, 'reserve', $2, $3, $4, $5, $6, $7, 'aud', 'held', 'local', $8, $9, $10, $11, $12, $13, $10)`,
    [
      id,
      dealership.site_id,
      dealership.id,
      car.id,
      JSON.stringify({
        title,
        slug: car.slug,
        stocknum: car.stocknum,
        make: car.make,
        model: car.model,
        price: car.price,
        image: photoSrc(image, null, 320),
        location: car.location,
        dealership: dealership.name,
      }),
      JSON.stringify(contact),
      depositCents,
      paymentRef,
      new Date(createdAt.getTime() + config.reservations.payment_timeout_minutes * MINUTE_MS),
      heldAt,
      holdExpiresAt,
      createHash('sha256').update(`demo:${id}`).digest('hex'),
      createdAt,
    ],
  );
  await manager.query(`UPDATE cars SET reservation_id = $1 WHERE id = $2`, [id, car.id]);
  await manager.query(`INSERT INTO car_changes (site_id, car_id) VALUES ($1, $2)`, [dealership.site_id, car.id]);
  const leadId = await insertLeadWithDeliveries(manager, {
    siteId: dealership.site_id,
    dealershipId: dealership.id,
    carId: car.id,
    form: 'reservation',
    category: RESERVE_ONLINE_CATEGORY,
    subcategory: null,
    fields: {
      ...contact,
      reservation_id: id,
      deposit: formatDollars(depositCents / 100),
      payment_reference: paymentRef,
      payment_provider: 'local',
      hold_expires_at: holdExpiresAt.toISOString(),
    },
    leads: config.leads,
  });
  await manager.query(`UPDATE leads SET created_at = $2 WHERE id = $1`, [leadId, heldAt]);
  await manager.query(`UPDATE reservations SET lead_id = $2 WHERE id = $1`, [id, leadId]);
  return true;
}

/** The live cars of a dealership (those the guard counts) as its stock system would send them: one feed row each. */
async function liveFeedRows(manager: EntityManager, dealershipId: number): Promise<Record<string, unknown>[]> {
  const cars = (await manager.query(
    `SELECT c.stocknum, c.car_type, c.status, c.make, c.model, c.badge, c.year, c.price, c.before_price,
       c.subscription_price, c.km, c.simple_body, c.simple_fuel, c.simple_transmission, c.simple_drive, c.colour,
       c.seats, c.tag, c.certified, c.feed_reserved AS reserved, c.show_on_dealer_website, c.custom_rank,
       l.slug AS location_slug, c.data
     FROM cars c JOIN locations l ON l.id = c.location_id
     WHERE c.dealership_id = $1 AND c.withdrawn_at IS NULL AND c.status IN ${AVAILABLE_STATUS_SQL} ORDER BY c.id`,
    [dealershipId],
  )) as ({ data: Record<string, unknown> } & Record<string, unknown>)[];
  return cars.map(({ data, ...columns }) =>
    Object.fromEntries(Object.entries({ ...data, ...columns }).filter(([, value]) => value !== null)),
  );
}

/** The rows of the partial run the stock system got wrong, each for a reason the schema names. */
const BAD_ROWS: readonly Record<string, unknown>[] = [
  { make: 'Isuzu', model: 'D-Max', year: 2024, car_type: 'used' },
  { stocknum: 'TRADE-7731', make: 'Ford', model: 'Ranger', year: 2019, car_type: 'used', price: 'ring us' },
  { stocknum: 'TRADE-7732', make: 'Mazda', model: 'BT-50', year: 1850, car_type: 'used', km: -5 },
];

/** Row errors as the ingest words them: the schema's issues, one per field (see FeedIngest.checkRow). */
function rowErrors(row: number, value: Record<string, unknown>) {
  const { value: clean } = sanitiseFeedRow(value);
  const result = FeedCarSchema.safeParse(clean);
  const stocknum = typeof value['stocknum'] === 'string' ? value['stocknum'] : null;
  return result.success
    ? []
    : result.error.issues.map((issue) => ({
        row,
        stocknum,
        path: issue.path.map(String).join('.') || '(row)',
        message: issue.message,
      }));
}

/**
 * Two feed runs to look into: yesterday's delta that was partly rejected (row errors and warnings),
 * and this morning's snapshot the mass-removal guard held, with its payload stored so that an
 * owner's Confirm applies it through the ingest like any held run (and Reject discards it).
 */
async function insertFeedRuns(manager: EntityManager, dealership: ConsoleDemoDealership, now: Date): Promise<number> {
  const live = await liveFeedRows(manager, dealership.id);
  if (live.length < 4) return 0;

  const good = [
    { ...live[0]!, dealer_notes: 'Detailed and photographed' },
    { ...live[1]!, internal_cost: 41250 },
  ];
  const delta = [good[0]!, BAD_ROWS[0]!, good[1]!, BAD_ROWS[1]!, BAD_ROWS[2]!];
  const errors = delta.flatMap((value, index) => rowErrors(index + 1, value));
  const rejected = new Set(errors.map((error) => error.row)).size;
  const partialCounts = { ...EMPTY_COUNTS, received: delta.length, updated: delta.length - rejected, rejected };
  const partialAt = new Date(now.getTime() - 26 * HOUR_MS);
  const partial = randomUUID();
  const partialBody = Buffer.from(JSON.stringify(delta));
  await manager.query(
    `INSERT INTO feed_runs (id, dealership_id, mode, content_type, payload_bytes, status, counts, errors, warnings,
       rows_applied, detail, received_at, started_at, finished_at, updated_at)
     VALUES ($1, $2, 'delta', 'application/json', $3, 'partial', $4, $5, $6, $7, $8, $9, $9, $10, $10)`,
    [
      partial,
      dealership.id,
      partialBody.length,
      JSON.stringify(partialCounts),
      JSON.stringify(errors),
      JSON.stringify([
        `Unknown field 'dealer_notes' (first in row 1) is kept with the car but not used by the platform`,
        `Unknown field 'internal_cost' (first in row 3) is kept with the car but not used by the platform`,
      ]),
      delta.length,
      partialRunDetail(partialCounts),
      partialAt,
      new Date(partialAt.getTime() + MINUTE_MS),
    ],
  );
  await manager.query(`INSERT INTO feed_payloads (feed_run_id, body) VALUES ($1, $2)`, [partial, partialBody]);

  // A snapshot that left out half the stock (a stock system's export cut short): over the guard.
  const kept = live.filter((_, index) => index % 2 === 0);
  const withdrawals = live.filter((_, index) => index % 2 === 1).map((car) => String(car['stocknum']));
  const held = randomUUID();
  const heldBody = Buffer.from(JSON.stringify(kept));
  await manager.query(
    `INSERT INTO feed_runs (id, dealership_id, mode, content_type, payload_bytes, status, counts, detail,
       held_withdrawals, received_at, updated_at)
     VALUES ($1, $2, 'snapshot', 'application/json', $3, 'held', $4, $5, $6, $7, $7)`,
    [
      held,
      dealership.id,
      heldBody.length,
      JSON.stringify({ ...EMPTY_COUNTS, received: kept.length }),
      heldSnapshotDetail(held, {
        removing: withdrawals.length,
        live: live.length,
        share: dealership.config.inventory.mass_removal_guard,
      }),
      JSON.stringify(withdrawals),
      new Date(now.getTime() - 2 * HOUR_MS),
    ],
  );
  await manager.query(`INSERT INTO feed_payloads (feed_run_id, body) VALUES ($1, $2)`, [held, heldBody]);
  return 2;
}

/**
 * The dealer console's demo work for the dealerships whose seed asks for it (ConsoleDemoSeed), in the
 * seed's transaction. Which dealerships is configuration: the seed's data files name them.
 */
export async function insertConsoleDemo(
  manager: EntityManager,
  dealerships: readonly ConsoleDemoDealership[],
  now: Date,
): Promise<ConsoleDemoCounts> {
  const counts: ConsoleDemoCounts = { reservations: 0, feed_runs: 0, leads: 0 };
  for (const dealership of dealerships) {
    if (dealership.console_demo.held_reservation && (await insertHeldReservation(manager, dealership, now))) {
      counts.reservations += 1;
      counts.leads += 1;
    }
    if (dealership.console_demo.feed_runs) counts.feed_runs += await insertFeedRuns(manager, dealership, now);
  }
  return counts;
}
