import type { EntityManager } from 'typeorm';
import { DEFAULT_ALERT_ZONE } from '@platform/domain';

/** The zone a site's alert day and morning hour are counted in: its first location's. */
export async function siteZone(manager: EntityManager, siteId: number): Promise<string> {
  const [row] = (await manager.query(
    `SELECT l.time_zone FROM dealerships d JOIN locations l ON l.dealership_id = d.id
     WHERE d.site_id = $1 ORDER BY d.position, d.id, l."primary" DESC, l.id LIMIT 1`,
    [siteId],
  )) as { time_zone: string }[];
  return row?.time_zone ?? DEFAULT_ALERT_ZONE;
}
