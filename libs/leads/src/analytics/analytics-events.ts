import type { DataSource } from 'typeorm';
import type { PayloadOf } from '@platform/queues';

/** Stores one analytics event; the page path (no query string, which may carry personal data) and car only. */
export async function recordAnalyticsEvent(dataSource: DataSource, event: PayloadOf<'analyticsEvents'>): Promise<void> {
  await dataSource.query(
    `INSERT INTO analytics_events (site_id, event_id, car_id, path, occurred_at) VALUES ($1, $2, $3, $4, $5)`,
    [event.siteId, event.eventId, event.carId, event.path, event.at],
  );
}

/** The path of a page address, without its query string or fragment; null when it is not a usable address. */
export function pagePath(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url, 'http://site.invalid').pathname.slice(0, 2000);
  } catch {
    return null;
  }
}
