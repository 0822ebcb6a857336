import { DateTime } from 'luxon';
import { DEFAULT_ALERT_ZONE } from '../alerts/alert-schedule';

/** `marketing.campaign`: a named promotion running from its start date to its end date, both whole days. */
export interface CampaignDates {
  name: string;
  /** ISO date: the first day it runs, from midnight in the site's time zone. */
  start: string;
  /** ISO date: the last day it runs, to the end of that day in the site's time zone. */
  end: string;
}

export interface CampaignWindow {
  /** First millisecond it shows (epoch ms). */
  startsAt: number;
  /** Last millisecond it shows (epoch ms). */
  endsAt: number;
}

/**
 * The instants a campaign runs between: its dates are the dealer's calendar days, so they are read
 * in the site's own time zone (a Perth site's campaign ends two hours after a Sydney one's). An
 * unreadable date or zone gives no window: a campaign that cannot be placed in time never shows.
 */
export function campaignWindow(campaign: CampaignDates, zone: string): CampaignWindow | null {
  const start = DateTime.fromISO(campaign.start, { zone });
  const end = DateTime.fromISO(campaign.end, { zone });
  if (!start.isValid || !end.isValid) return null;
  const window = { startsAt: start.startOf('day').toMillis(), endsAt: end.endOf('day').toMillis() };
  return window.startsAt <= window.endsAt ? window : null;
}

/** Running at `now`: from midnight of its start date to the end of its end date, in the site's zone. */
export function campaignLive(campaign: CampaignDates | null, zone: string, now: Date): boolean {
  if (!campaign) return false;
  const window = campaignWindow(campaign, zone);
  const t = now.getTime();
  return window !== null && t >= window.startsAt && t <= window.endsAt;
}

/**
 * The next instant after `now` at which the campaign appears or disappears (epoch ms), or null when
 * it never changes again. A page rendered with or without it is good until then and no longer.
 */
export function campaignChangesAt(campaign: CampaignDates | null, zone: string, now: Date): number | null {
  if (!campaign) return null;
  const window = campaignWindow(campaign, zone);
  if (!window) return null;
  const t = now.getTime();
  if (t < window.startsAt) return window.startsAt;
  if (t <= window.endsAt) return window.endsAt + 1;
  return null;
}

/**
 * A site's time zone: its first dealership's primary location's, as the alert schedule counts a
 * site's day (libs/leads site-zone.ts); Sydney for a site with no location. `dealerships` in the
 * site's order.
 */
export function siteTimeZone(
  dealerships: readonly { id: number }[],
  locations: readonly { dealership_id?: number | null; primary?: boolean | null; time_zone: string }[],
): string {
  for (const dealership of dealerships) {
    const own = locations.filter((location) => location.dealership_id === dealership.id);
    const location = own.find((l) => l.primary) ?? own[0];
    if (location) return location.time_zone;
  }
  return locations[0]?.time_zone ?? DEFAULT_ALERT_ZONE;
}
