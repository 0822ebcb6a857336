import type { DataSource, EntityManager } from 'typeorm';
import { DEFAULT_SMS_QUIET_HOURS, quietHoursEnd, type QuietHours } from '@platform/domain';
import { siteConfigStore } from '@platform/site-config';
import { siteZone } from './site-zone';

/** The site's quiet hours for alert texts (site configuration `alerts`). */
export async function smsQuietHours(dataSource: DataSource, siteId: number): Promise<QuietHours> {
  const site = await siteConfigStore(dataSource).site({ id: siteId });
  return site
    ? { start: site.config.alerts.sms_quiet_start, end: site.config.alerts.sms_quiet_end }
    : DEFAULT_SMS_QUIET_HOURS;
}

/**
 * When a text the site makes at `now` may go: null for at once, else the end of its quiet hours on
 * its own wall clock (the zone of its first location).
 */
export async function smsSendAfter(
  dataSource: DataSource,
  manager: EntityManager,
  siteId: number,
  now: Date,
): Promise<Date | null> {
  return quietHoursEnd(now, await siteZone(manager, siteId), await smsQuietHours(dataSource, siteId));
}
