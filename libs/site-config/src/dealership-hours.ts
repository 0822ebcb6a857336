import type { DataSource, EntityManager } from 'typeorm';
import { siteOrigin, type BusinessHours, type SlotOpeningHours, type SlotSpecialHours } from '@platform/domain';

/** The sales hours and zone of a dealership's primary location (then its first), or null when it has none. */
export async function dealershipHours(
  db: DataSource | EntityManager,
  dealershipId: number,
): Promise<(BusinessHours & { hours: SlotOpeningHours[]; specialHours: SlotSpecialHours[] }) | null> {
  const [location] = (await db.query(
    `SELECT id, time_zone FROM locations WHERE dealership_id = $1 ORDER BY "primary" DESC, id LIMIT 1`,
    [dealershipId],
  )) as { id: number; time_zone: string }[];
  if (!location) return null;
  const hours = (await db.query(
    `SELECT weekday, status, open, close FROM location_hours WHERE location_id = $1 AND department = 'sales'`,
    [location.id],
  )) as SlotOpeningHours[];
  const specialHours = (await db.query(
    `SELECT to_char(date, 'YYYY-MM-DD') AS date, status, start_hour, end_hour, department FROM location_special_hours
     WHERE location_id = $1 AND date >= CURRENT_DATE - 1`,
    [location.id],
  )) as SlotSpecialHours[];
  return { timeZone: location.time_zone, hours, specialHours };
}

/**
 * The public origin of a dealership's site (its primary host, by the one siteOrigin rule), for the
 * console links in the emails the platform sends its staff.
 */
export async function dealershipOrigin(
  db: DataSource | EntityManager,
  dealershipId: number,
  webPort: number | null,
): Promise<string> {
  const [site] = (await db.query(
    `SELECT h.host, s.slug FROM dealerships d JOIN sites s ON s.id = d.site_id
     LEFT JOIN site_hosts h ON h.site_id = s.id WHERE d.id = $1
     ORDER BY h."primary" DESC NULLS LAST, h.host LIMIT 1`,
    [dealershipId],
  )) as { host: string | null; slug: string }[];
  if (!site) throw new Error(`Dealership ${dealershipId} has no site`);
  return siteOrigin(site, webPort);
}
