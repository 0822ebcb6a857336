import type { DataSource } from 'typeorm';
import type { PayloadOf } from '@platform/queues';

/**
 * Stores one analytics event: the page path (no query string, which may carry personal data), the
 * car and the bounded user data the api built (spec 001 §7). The car's dealership is read here
 * when the event did not name it, and only for a car of the event's own site, so a page cannot
 * tie its event to another site's dealership.
 */
export async function recordAnalyticsEvent(dataSource: DataSource, event: PayloadOf<'analyticsEvents'>): Promise<void> {
  await dataSource.query(
    `INSERT INTO analytics_events (site_id, event_id, car_id, path, occurred_at, user_data)
     VALUES ($1, $2, $3, $4, $5,
       CASE WHEN $6::jsonb IS NULL THEN NULL
       ELSE $6::jsonb || jsonb_build_object('car_dealership_id', COALESCE(
         ($6::jsonb ->> 'car_dealership_id')::int,
         (SELECT c.dealership_id FROM cars c JOIN dealerships d ON d.id = c.dealership_id WHERE c.id = $3 AND d.site_id = $1)
       )) END)`,
    [
      event.siteId,
      event.eventId,
      event.carId,
      event.path,
      event.at,
      event.userData ? JSON.stringify(event.userData) : null,
    ],
  );
}
