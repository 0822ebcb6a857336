import { DateTime } from 'luxon';
import type { DataSource } from 'typeorm';
import type { CarEvent } from '@platform/queues';

export type CarEventKind = 'phone_reveal' | 'view';

/** Reports are read by dealers on Australian eastern time; a day boundary there is what they expect. */
export const REPORT_TIME_ZONE = 'Australia/Sydney';

export const reportDay = (at: string): string => DateTime.fromISO(at).setZone(REPORT_TIME_ZONE).toISODate() as string;

/**
 * Adds one event to its car's daily counter. A view also bumps the car's running total, which the
 * vehicle page shows. Counting is idempotent per job only in the sense BullMQ gives (at least once);
 * a rare double count on a retried job is acceptable for popularity figures.
 */
export async function recordCarEvent(dataSource: DataSource, kind: CarEventKind, event: CarEvent): Promise<void> {
  await dataSource.transaction(async (manager) => {
    await manager.query(
      `INSERT INTO car_event_days (car_id, site_id, kind, day, dealership_id, count) VALUES ($1, $2, $3, $4, $5, 1)
       ON CONFLICT (car_id, site_id, kind, day) DO UPDATE SET count = car_event_days.count + 1`,
      [event.carId, event.siteId, kind, reportDay(event.at), event.dealershipId],
    );
    if (kind === 'view') await manager.query(`UPDATE cars SET views = views + 1 WHERE id = $1`, [event.carId]);
  });
}
