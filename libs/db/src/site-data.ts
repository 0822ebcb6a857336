/**
 * Where a site's data lives, table by table: the one map the retention purge deletes by and its
 * tests check against. Each entry is a predicate on the table (aliased `t`) naming the rows of the
 * site whose id is $1 and slug is $2. Foreign keys would cascade most of them, but several tables
 * name a site, dealership, lead or payment without one (outboxes, counters, the search projection,
 * development copies), and those are the ones a purge by cascade alone would leave behind.
 *
 * The order is the purge's: a table comes before the tables its predicate reads, so each delete
 * still finds its rows through their parents. A table added to the schema must be placed here or in
 * PLATFORM_TABLES; a test fails until it is.
 */

const DEALERSHIPS = `(SELECT id FROM dealerships WHERE site_id = $1)`;
const CARS = `(SELECT id FROM cars WHERE dealership_id IN ${DEALERSHIPS})`;
const LEADS = `(SELECT id FROM leads WHERE site_id = $1)`;
const SHOPPERS = `(SELECT id FROM shoppers WHERE site_id = $1)`;
const DEALER_USERS = `(SELECT id FROM dealer_users WHERE site_id = $1)`;
const LOCATIONS = `(SELECT id FROM locations WHERE dealership_id IN ${DEALERSHIPS})`;
const PHOTOS = `(SELECT id FROM photos WHERE dealership_id IN ${DEALERSHIPS})`;
const RESERVATIONS = `(SELECT id FROM reservations WHERE site_id = $1)`;
/** Payments the site took, as the provider names them (a reservation's deposit and refund, an online payment). */
const PAYMENT_REFS = `(SELECT payment_provider, payment_ref FROM reservations WHERE site_id = $1 AND payment_ref IS NOT NULL
   UNION SELECT payment_provider, refund_ref FROM reservations WHERE site_id = $1 AND refund_ref IS NOT NULL
   UNION SELECT payment_provider, payment_ref FROM online_payments WHERE site_id = $1 AND payment_ref IS NOT NULL)`;
/** The local (development) payment provider's rows: by the site's slug in their metadata, or as its payments' refs. */
const LOCAL_PAYMENTS = `(SELECT id FROM local_payments WHERE metadata->>'site' = $2
   OR id::text IN (SELECT payment_ref FROM ${PAYMENT_REFS} refs WHERE payment_provider = 'local'))`;

export interface SiteDataTable {
  table: string;
  /** SQL over the table aliased `t`: true for the rows of site $1 (slug $2). */
  rows: string;
}

export const SITE_DATA_TABLES: readonly SiteDataTable[] = [
  // The search projection first: deleting documents fires triggers that write the change log and revisions.
  { table: 'search_documents', rows: `t.site_id = $1` },
  { table: 'search_document_changes', rows: `t.site_id = $1` },
  { table: 'search_version_revisions', rows: `t.site_id = $1` },
  { table: 'search_index_versions', rows: `t.site_id = $1` },
  // Outboxes and counters that name the site without a foreign key.
  { table: 'car_changes', rows: `t.site_id = $1` },
  { table: 'alert_car_changes', rows: `t.site_id = $1` },
  { table: 'analytics_events', rows: `t.site_id = $1` },
  { table: 'car_event_days', rows: `t.site_id = $1 OR t.dealership_id IN ${DEALERSHIPS}` },
  { table: 'valuations', rows: `t.site_id = $1` },
  // Development copies of what was sent (kept in tables when no SMTP server or CRM is set).
  {
    table: 'outbound_emails',
    rows: `t.lead_id IN ${LEADS} OR t.delivery_id IN (SELECT id FROM alert_messages WHERE site_id = $1)
      OR t.delivery_id IN (SELECT id FROM reservation_notices WHERE reservation_id IN ${RESERVATIONS})`,
  },
  { table: 'crm_deliveries', rows: `t.dealership_id IN ${DEALERSHIPS} OR t.lead_id IN ${LEADS}` },
  // Payment events and the local provider's payments, found through the site's payments.
  { table: 'payment_events', rows: `(t.provider, t.payment_ref) IN ${PAYMENT_REFS}` },
  { table: 'local_refunds', rows: `t.payment_id IN ${LOCAL_PAYMENTS}` },
  { table: 'local_payments', rows: `t.id IN ${LOCAL_PAYMENTS}` },
  // Shoppers and what they asked for.
  { table: 'alert_consents', rows: `t.site_id = $1 OR t.shopper_id IN ${SHOPPERS} OR t.car_id IN ${CARS}` },
  { table: 'shopper_alerts', rows: `t.site_id = $1 OR t.shopper_id IN ${SHOPPERS} OR t.car_id IN ${CARS}` },
  {
    table: 'saved_search_unstored_matches',
    rows: `t.saved_search_id IN (SELECT id FROM saved_searches WHERE site_id = $1 OR shopper_id IN ${SHOPPERS})`,
  },
  { table: 'saved_searches', rows: `t.site_id = $1 OR t.shopper_id IN ${SHOPPERS}` },
  { table: 'watchlist_items', rows: `t.shopper_id IN ${SHOPPERS} OR t.car_id IN ${CARS}` },
  { table: 'alert_messages', rows: `t.site_id = $1 OR t.shopper_id IN ${SHOPPERS}` },
  { table: 'alert_car_states', rows: `t.car_id IN ${CARS}` },
  { table: 'shopper_sessions', rows: `t.shopper_id IN ${SHOPPERS}` },
  { table: 'sign_in_codes', rows: `t.site_id = $1` },
  { table: 'sms_messages', rows: `t.site_id = $1` },
  // Leads, reservations and payments.
  { table: 'lead_notes', rows: `t.lead_id IN ${LEADS}` },
  { table: 'lead_outbox', rows: `t.lead_id IN ${LEADS}` },
  { table: 'lead_desk_notices', rows: `t.lead_id IN ${LEADS}` },
  { table: 'lead_replies', rows: `t.lead_id IN ${LEADS}` },
  { table: 'lead_tasks', rows: `t.lead_id IN ${LEADS} OR t.dealership_id IN ${DEALERSHIPS}` },
  {
    table: 'lead_bulk_changes',
    rows: `t.lead_id IN ${LEADS} OR t.dealership_id IN ${DEALERSHIPS}
      OR t.batch_id IN (SELECT id FROM lead_bulk_batches WHERE user_id IN ${DEALER_USERS})`,
  },
  { table: 'reservation_notices', rows: `t.reservation_id IN ${RESERVATIONS}` },
  { table: 'online_payments', rows: `t.site_id = $1 OR t.dealership_id IN ${DEALERSHIPS}` },
  { table: 'reservations', rows: `t.site_id = $1 OR t.dealership_id IN ${DEALERSHIPS}` },
  { table: 'leads', rows: `t.site_id = $1 OR t.dealership_id IN ${DEALERSHIPS}` },
  { table: 'shoppers', rows: `t.site_id = $1` },
  // Stock and its photos.
  { table: 'car_daily_facts', rows: `t.car_id IN ${CARS}` },
  { table: 'car_insights', rows: `t.car_id IN ${CARS}` },
  { table: 'car_photos', rows: `t.car_id IN ${CARS} OR t.photo_id IN ${PHOTOS}` },
  { table: 'photo_fetches', rows: `t.photo_id IN ${PHOTOS}` },
  { table: 'photo_spool', rows: `t.photo_id IN ${PHOTOS}` },
  { table: 'photos', rows: `t.dealership_id IN ${DEALERSHIPS}` },
  { table: 'cars', rows: `t.dealership_id IN ${DEALERSHIPS}` },
  { table: 'feed_payloads', rows: `t.feed_run_id IN (SELECT id FROM feed_runs WHERE dealership_id IN ${DEALERSHIPS})` },
  { table: 'feed_runs', rows: `t.dealership_id IN ${DEALERSHIPS}` },
  { table: 'feed_keys', rows: `t.dealership_id IN ${DEALERSHIPS}` },
  { table: 'syndication_feed_chunks', rows: `t.dealership_id IN ${DEALERSHIPS}` },
  { table: 'syndication_feed_left_out', rows: `t.dealership_id IN ${DEALERSHIPS}` },
  { table: 'syndication_feeds', rows: `t.dealership_id IN ${DEALERSHIPS}` },
  // Locations and hours.
  { table: 'location_hours', rows: `t.location_id IN ${LOCATIONS}` },
  { table: 'location_special_hours', rows: `t.location_id IN ${LOCATIONS}` },
  { table: 'location_reviews', rows: `t.location_id IN ${LOCATIONS}` },
  { table: 'locations', rows: `t.dealership_id IN ${DEALERSHIPS}` },
  // The dealer console: its users, their sessions and its own audit log (the dealers' record, not ops').
  { table: 'dealer_insights_email_opt_outs', rows: `t.user_id IN ${DEALER_USERS}` },
  { table: 'dealer_insights_emails', rows: `t.dealership_id IN ${DEALERSHIPS}` },
  { table: 'dealer_audit_log', rows: `t.dealership_id IN ${DEALERSHIPS} OR t.user_id IN ${DEALER_USERS}` },
  { table: 'dealer_memberships', rows: `t.dealership_id IN ${DEALERSHIPS} OR t.user_id IN ${DEALER_USERS}` },
  { table: 'dealer_sessions', rows: `t.user_id IN ${DEALER_USERS}` },
  // The inbox's saved views and bulk changes, each a user's own.
  { table: 'saved_lead_views', rows: `t.user_id IN ${DEALER_USERS}` },
  { table: 'lead_bulk_batches', rows: `t.user_id IN ${DEALER_USERS}` },
  { table: 'dealer_sign_in_links', rows: `t.user_id IN ${DEALER_USERS}` },
  { table: 'dealer_users', rows: `t.site_id = $1` },
  // Its configuration's drafts and published versions (issue 52's editor).
  { table: 'config_drafts', rows: `t.site_id = $1` },
  { table: 'config_versions', rows: `t.site_id = $1` },
  // Images uploaded through the editor (the purge deletes their stored bytes no other site or photo holds).
  { table: 'site_images', rows: `t.site_id = $1` },
  // The tenant itself.
  { table: 'dealerships', rows: `t.site_id = $1` },
  { table: 'dealership_websites', rows: `t.site_id = $1` },
  { table: 'site_hosts', rows: `t.site_id = $1` },
  { table: 'sites', rows: `t.id = $1` },
];

/**
 * Tables that hold no site's data, with why. ops_audit_log names sites but is kept on purpose: it
 * is the record of who created, changed, retired and purged each one (its site_id has no foreign
 * key so that it can outlive the site), and holds no shopper's data.
 */
export const PLATFORM_TABLES: Readonly<Record<string, string>> = {
  migrations: 'the schema history',
  manufacturers: 'brands every site shares',
  site_templates: 'templates every site shares',
  site_config_version: 'one counter for the whole platform',
  ops_audit_log: 'kept: who did what to each site, purges included',
  ops_users: 'platform operators',
  ops_sessions: 'platform operators',
  ops_sign_in_links: 'platform operators',
  ops_sign_in_requests: 'platform operators',
};

/** The parameters a predicate takes: the site's id, and its slug only where named (PostgreSQL refuses one a statement leaves unused). */
export const siteDataParams = (rows: string, siteId: number, slug: string): unknown[] =>
  rows.includes('$2') ? [siteId, slug] : [siteId];
