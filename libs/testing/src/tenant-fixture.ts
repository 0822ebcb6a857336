import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createStockFixture } from './stock-fixture';

export interface TenantShape {
  /** The site's id, chosen (tests over ids of other sites), or the next one. */
  siteId?: number;
  status?: 'active' | 'suspended';
  retiredAt?: Date | null;
  /** Cars, each with a photo; shoppers' alerts, watchlist items and reservations need one. */
  cars?: number;
  leads?: number;
  shoppers?: number;
  /** The bytes (as text) of one of its photos, shared with another tenant's photo: one stored copy. */
  sharedPhoto?: string;
}

export interface TenantFixture {
  siteId: number;
  slug: string;
  dealershipIds: number[];
  /** Its photos' bytes (as text) and content hashes, the shared one included, then its uploaded site image's. */
  photos: { bytes: string; hash: string }[];
}

/** The content hash of bytes given as text, as the media store keys them. */
export const photoHashOf = (bytes: string): string => createHash('sha256').update(bytes).digest('hex');

/**
 * A whole tenant, as a site holds it after months of trading: a site with two dealerships
 * (createStockFixture) and a row, or a few, in every table that holds a site's or a dealership's
 * data, those without a foreign key to them included (outboxes, counters, the search projection,
 * development copies of emails and payments). For tests of what touches one tenant and no other.
 */
export async function createTenantFixture(
  dataSource: DataSource,
  tag: string,
  shape: TenantShape = {},
): Promise<TenantFixture> {
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    dataSource.query(query, params) as Promise<T[]>;
  const one = async <T = { id: number }>(query: string, params: unknown[] = []): Promise<T> => {
    const [row] = await sql<T>(query, params);
    if (row === undefined) throw new Error(`No row returned by: ${query.slice(0, 80)}`);
    return row;
  };
  if (shape.siteId !== undefined) await sql(`SELECT setval('sites_id_seq', $1, false)`, [shape.siteId]);
  const stock = await createStockFixture(dataSource, tag);
  const siteId = stock.siteId;
  const slug = `test-site-${tag}`;
  const dealershipIds = [stock.north.id, stock.west.id];
  await sql(`UPDATE sites SET status = $2, retired_at = $3 WHERE id = $1`, [
    siteId,
    shape.status ?? 'active',
    shape.retiredAt ?? null,
  ]);
  await sql(`INSERT INTO site_hosts (host, site_id, "primary") VALUES ($1, $2, true)`, [`${slug}.localhost`, siteId]);
  await sql(`INSERT INTO dealership_websites (site_id, name, slug, url) VALUES ($1, 'Service', $2, $3)`, [
    siteId,
    `web-${tag}`,
    `https://service.${tag}.example`,
  ]);
  const location = stock.north.primaryLocationId;
  await sql(`INSERT INTO location_hours (location_id, department, weekday, status) VALUES ($1, 'sales', 1, 'Open')`, [
    location,
  ]);
  await sql(`INSERT INTO location_special_hours (location_id, date, status) VALUES ($1, '2026-12-25', 'Closed')`, [
    location,
  ]);
  await sql(
    `INSERT INTO location_reviews (location_id, external_id, author_name, rating, published_at) VALUES ($1, $2, 'A. Reviewer', 5, now())`,
    [location, `review-${tag}`],
  );
  await sql(`INSERT INTO ops_audit_log (actor, action, site_id, subject) VALUES ('ops-token', 'onboarding', $1, $2)`, [
    siteId,
    `site:${slug}`,
  ]);

  // The dealer console.
  const user = await one<{ id: string }>(
    `INSERT INTO dealer_users (site_id, email, name) VALUES ($1, $2, 'Owner') RETURNING id`,
    [siteId, `owner@${tag}.example`],
  );
  await sql(`INSERT INTO dealer_memberships (user_id, dealership_id, role) VALUES ($1, $2, 'owner')`, [
    user.id,
    stock.north.id,
  ]);
  await sql(`INSERT INTO dealer_sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
    user.id,
    photoHashOf(`session-${tag}`),
  ]);
  await sql(
    `INSERT INTO dealer_sign_in_links (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')`,
    [user.id, photoHashOf(`link-${tag}`)],
  );
  await sql(
    `INSERT INTO dealer_audit_log (dealership_id, actor, action, user_id) VALUES ($1, 'owner', 'lead.status', $2)`,
    [stock.north.id, user.id],
  );
  await sql(`INSERT INTO saved_lead_views (user_id, name, filters) VALUES ($1, 'My overdue', '{"view":"overdue"}')`, [
    user.id,
  ]);
  await sql(`INSERT INTO dealer_insights_emails (dealership_id, week, recipients) VALUES ($1, '2026-11-23', 1)`, [
    stock.north.id,
  ]);
  await sql(`INSERT INTO dealer_insights_email_opt_outs (user_id) VALUES ($1)`, [user.id]);
  // The site editor's versions and drafts of the dealership's layer.
  await sql(
    `INSERT INTO config_versions (layer, site_id, version, document, author, author_name) VALUES ($1, $2, 1, '{"config": {}}', 'dealer', 'Owner')`,
    [`dealership:${stock.north.id}`, siteId],
  );
  await sql(
    `INSERT INTO config_drafts (layer, site_id, author, author_name, base_version, document) VALUES ($1, $2, 'dealer', 'Owner', 1, '{"config": {}}')`,
    [`dealership:${stock.north.id}`, siteId],
  );
  // An image uploaded through the editor: its bytes are the site's own, like its cars' photos.
  const siteImage = { bytes: `site image ${tag}`, hash: photoHashOf(`site image ${tag}`) };
  await sql(
    `INSERT INTO site_images (site_id, hash, format, width, height, byte_size, uploaded_by) VALUES ($1, $2, 'jpeg', 1920, 540, 1000, $3)`,
    [siteId, siteImage.hash, `dealer:${user.id}`],
  );

  // Feeds and syndication.
  const run = await one<{ id: string }>(
    `INSERT INTO feed_runs (id, dealership_id, mode, content_type, payload_bytes, counts)
     VALUES (gen_random_uuid(), $1, 'snapshot', 'application/json', 2, '{}') RETURNING id`,
    [stock.north.id],
  );
  await sql(`INSERT INTO feed_payloads (feed_run_id, body) VALUES ($1, '\\x5b5d')`, [run.id]);
  await sql(`INSERT INTO feed_keys (dealership_id, key_hash, key_prefix) VALUES ($1, $2, 'fk_test')`, [
    stock.north.id,
    photoHashOf(`feed-key-${tag}`),
  ]);
  await sql(`INSERT INTO syndication_feeds (dealership_id, channel) VALUES ($1, 'google')`, [stock.west.id]);
  await sql(
    `INSERT INTO syndication_feed_chunks (dealership_id, channel, generation, seq, bytes) VALUES ($1, 'google', 1, 0, '\\x00')`,
    [stock.west.id],
  );
  await sql(`INSERT INTO search_index_versions (site_id, version, state) VALUES ($1, 1, 'live')`, [siteId]);

  // Stock, its photos and what was counted of it.
  const photos: TenantFixture['photos'] = [];
  const carIds: number[] = [];
  for (let i = 0; i < (shape.cars ?? 2); i++) {
    const dealershipId = i % 2 === 0 ? stock.north.id : stock.west.id;
    const car = await one(
      `INSERT INTO cars (dealership_id, stocknum, slug, car_type, make, model, year) VALUES ($1, $2, $3, 'used', 'Toyota', 'Hilux', 2022) RETURNING id`,
      [dealershipId, `S${i}`, `hilux-${tag}-${i}`],
    );
    carIds.push(car.id);
    const bytes = i === 0 && shape.sharedPhoto ? shape.sharedPhoto : `photo ${tag} ${i}`;
    const hash = photoHashOf(bytes);
    photos.push({ bytes, hash });
    const photo = await one(
      `INSERT INTO photos (dealership_id, source_url, status, content_hash, format) VALUES ($1, $2, 'stored', $3, 'jpeg') RETURNING id`,
      [dealershipId, `https://photos.${tag}.example/${i}.jpg`, hash],
    );
    await sql(`INSERT INTO car_photos (car_id, photo_id, field, position) VALUES ($1, $2, 'images', 0)`, [
      car.id,
      photo.id,
    ]);
    await sql(`INSERT INTO photo_fetches (photo_id, job_key) VALUES ($1, $2)`, [photo.id, `run-${tag}-${i}`]);
    await sql(`INSERT INTO photo_spool (photo_id, bytes, failure) VALUES ($1, '\\xffd8', 'ENOSPC')`, [photo.id]);
    await sql(`INSERT INTO car_daily_facts (car_id, day, dealership_id) VALUES ($1, '2026-11-27', $2)`, [
      car.id,
      dealershipId,
    ]);
    await sql(
      `INSERT INTO car_insights (car_id, dealership_id, computed_at, score, band, explanation, segment, expected_views7, expected_enquiries7, price_position)
       VALUES ($1, $2, now(), 50, 'fair', 'Seen as often as similar cars', 'used-ute', 10, 1, 'market')`,
      [car.id, dealershipId],
    );
    await sql(
      `INSERT INTO car_event_days (car_id, site_id, kind, day, dealership_id, count) VALUES ($1, $2, 'view', '2026-11-27', $3, 4)`,
      [car.id, siteId, dealershipId],
    );
    await sql(`INSERT INTO car_changes (site_id, car_id) VALUES ($1, $2)`, [siteId, car.id]);
    await sql(`INSERT INTO alert_car_changes (site_id, car_id) VALUES ($1, $2)`, [siteId, car.id]);
    await sql(`INSERT INTO alert_car_states (car_id, status, reserved) VALUES ($1, 'in_stock', false)`, [car.id]);
    await sql(`INSERT INTO analytics_events (site_id, event_id, car_id, occurred_at) VALUES ($1, 25, $2, now())`, [
      siteId,
      car.id,
    ]);
    await sql(
      `INSERT INTO syndication_feed_left_out (dealership_id, channel, generation, car_id, stocknum, reasons) VALUES ($1, 'google', 1, $2, $3, '{no-photo}')`,
      [dealershipId, car.id, `S${i}`],
    );
    // The search projection: its triggers write the revision and the change log.
    await sql(
      `INSERT INTO search_documents (site_id, version, id, dealership_id, dealership_slug, stocknum, search_text, year, custom_rank, created_at, show_on_dealer_website, source_version, hit)
       VALUES ($1, 1, $2, $3, 'north', $4, 'toyota hilux', 2022, 0, now(), true, 1, '{}')`,
      [siteId, car.id, dealershipId, `S${i}`],
    );
  }

  // Shoppers and what they asked for.
  for (let i = 0; i < (shape.shoppers ?? 1); i++) {
    const phone = `+6140000${String(i).padStart(4, '0')}`;
    const shopper = await one<{ id: string }>(`INSERT INTO shoppers (site_id, phone) VALUES ($1, $2) RETURNING id`, [
      siteId,
      phone,
    ]);
    await sql(
      `INSERT INTO shopper_sessions (shopper_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
      [shopper.id, photoHashOf(`shopper-session-${tag}-${i}`)],
    );
    await sql(
      `INSERT INTO sign_in_codes (site_id, phone_hash, code_hash, expires_at) VALUES ($1, $2, 'code', now() + interval '5 minutes')`,
      [siteId, photoHashOf(phone)],
    );
    await sql(`INSERT INTO sms_messages (site_id, phone, body) VALUES ($1, $2, 'Your code is 123456')`, [
      siteId,
      phone,
    ]);
    const search = await one<{ id: string }>(
      `INSERT INTO saved_searches (shopper_id, site_id, name, criteria, page_path, selective_keys) VALUES ($1, $2, 'Utes', '{}', '/cars', '{}') RETURNING id`,
      [shopper.id, siteId],
    );
    await sql(`INSERT INTO saved_search_unstored_matches (saved_search_id, matches) VALUES ($1, 2)`, [search.id]);
    await sql(
      `INSERT INTO alert_consents (shopper_id, site_id, channel, subject, wording, source) VALUES ($1, $2, 'email', 'all', 'Email me', 'watchlist')`,
      [shopper.id, siteId],
    );
    const message = await one<{ id: string }>(
      `INSERT INTO alert_messages (notification_id, shopper_id, site_id, channel, alert_ids) VALUES (gen_random_uuid(), $1, $2, 'email', '{}') RETURNING id`,
      [shopper.id, siteId],
    );
    await sql(
      `INSERT INTO outbound_emails (delivery_id, recipients, subject, raw) VALUES ($1, '{shopper@example.com}', 'New utes', 'raw')`,
      [message.id],
    );
    const car = carIds[i % Math.max(carIds.length, 1)];
    if (car !== undefined) {
      await sql(`INSERT INTO watchlist_items (shopper_id, car_id) VALUES ($1, $2)`, [shopper.id, car]);
      await sql(
        `INSERT INTO shopper_alerts (shopper_id, site_id, saved_search_id, car_id, kind, dedupe_key, frequency, channels, status)
         VALUES ($1, $2, $3, $4, 'new_match', $5, 'instant', '{email}', 'sent')`,
        [shopper.id, siteId, search.id, car, `new-${car}`],
      );
    }
  }

  // Leads and where they went.
  for (let i = 0; i < (shape.leads ?? 1); i++) {
    const valuation = await one<{ id: string }>(
      `INSERT INTO valuations (site_id, vehicle, status, comparables, valid_until) VALUES ($1, '{}', 'estimate', 3, now() + interval '7 days') RETURNING id`,
      [siteId],
    );
    const lead = await one<{ id: string }>(
      `INSERT INTO leads (site_id, dealership_id, location_id, car_id, form, category, fields, user_data, valuation_id)
       VALUES ($1, $2, $3, $4, 'contact', 'enquiry', '{}', '{}', $5) RETURNING id`,
      [siteId, stock.north.id, location, carIds[0] ?? null, valuation.id],
    );
    await sql(`INSERT INTO lead_notes (lead_id, author_name, body) VALUES ($1, 'Owner', 'Called back')`, [lead.id]);
    await sql(`INSERT INTO lead_desk_notices (lead_id, kind, user_ids) VALUES ($1, 'unassigned', '{}')`, [lead.id]);
    await sql(
      `INSERT INTO lead_replies (lead_id, kind, channel, author_name, recipient, subject, body)
       VALUES ($1, 'reply', 'email', 'Owner', 'shopper@example.com', 'Your enquiry', 'Thanks')`,
      [lead.id],
    );
    const task = await one<{ id: string }>(
      `INSERT INTO lead_tasks (lead_id, dealership_id, kind, due_at, remind_at) VALUES ($1, $2, 'call_back', now() + interval '1 day', now()) RETURNING id`,
      [lead.id, stock.north.id],
    );
    await sql(`INSERT INTO lead_desk_notices (lead_id, kind, user_ids, task_id) VALUES ($1, 'task_due', '{}', $2)`, [
      lead.id,
      task.id,
    ]);
    const batch = await one<{ id: string }>(
      `INSERT INTO lead_bulk_batches (user_id, action) VALUES ($1, 'close') RETURNING id`,
      [user.id],
    );
    await sql(
      `INSERT INTO lead_bulk_changes (batch_id, lead_id, dealership_id, before, after) VALUES ($1, $2, $3, '{}', '{}')`,
      [batch.id, lead.id, stock.north.id],
    );
    const delivery = await one<{ id: string }>(
      `INSERT INTO lead_outbox (lead_id, channel) VALUES ($1, 'email') RETURNING id`,
      [lead.id],
    );
    await sql(
      `INSERT INTO outbound_emails (delivery_id, lead_id, recipients, subject, raw) VALUES ($1, $2, '{sales@example.com}', 'New lead', 'raw')`,
      [delivery.id, lead.id],
    );
    await sql(
      `INSERT INTO crm_deliveries (delivery_id, lead_id, dealership_id, payload) VALUES (gen_random_uuid(), $1, $2, '{}')`,
      [lead.id, stock.north.id],
    );
  }

  // A deposit through the local payment provider, refunded, and an online payment through Stripe.
  const payment = await one<{ id: string }>(
    `INSERT INTO local_payments (idempotency_key, amount_cents, currency, description, metadata) VALUES ($1, 50000, 'aud', 'Deposit', $2) RETURNING id`,
    [`deposit-${tag}`, JSON.stringify({ purpose: 'reservation', site: slug })],
  );
  await sql(`INSERT INTO local_refunds (payment_id, idempotency_key, amount_cents) VALUES ($1, $2, 50000)`, [
    payment.id,
    `refund-${tag}`,
  ]);
  const reservation = await one<{ id: string }>(
    `INSERT INTO reservations (site_id, dealership_id, car_id, car_summary, contact, deposit_cents, payment_provider, payment_ref, payment_deadline, status)
     VALUES ($1, $2, $3, '{}', '{}', 50000, 'local', $4, now(), 'refunded') RETURNING id`,
    [siteId, stock.north.id, carIds[0] ?? null, payment.id],
  );
  const notice = await one<{ id: string }>(
    `INSERT INTO reservation_notices (reservation_id, kind, recipients, subject, body) VALUES ($1, 'cancelled', '{shopper@example.com}', 'Cancelled', 'body') RETURNING id`,
    [reservation.id],
  );
  await sql(
    `INSERT INTO outbound_emails (delivery_id, recipients, subject, raw) VALUES ($1, '{shopper@example.com}', 'Cancelled', 'raw')`,
    [notice.id],
  );
  await sql(
    `INSERT INTO payment_events (provider, event_id, type, payment_ref, outcome) VALUES ('local', $1, 'payment.succeeded', $2, 'applied')`,
    [`evt-local-${tag}`, payment.id],
  );
  await sql(
    `INSERT INTO online_payments (site_id, dealership_id, reference, amount_cents, contact, payment_provider, payment_ref)
     VALUES ($1, $2, $3, 9900, '{}', 'stripe', $4)`,
    [siteId, stock.west.id, `INV-${tag}`, `pi_${tag}`],
  );
  await sql(
    `INSERT INTO payment_events (provider, event_id, type, payment_ref, outcome) VALUES ('stripe', $1, 'payment_intent.succeeded', $2, 'applied')`,
    [`evt_${tag}`, `pi_${tag}`],
  );
  photos.push(siteImage);
  return { siteId, slug, dealershipIds, photos };
}
