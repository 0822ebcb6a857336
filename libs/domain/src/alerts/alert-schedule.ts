import { DateTime } from 'luxon';
import type { AlertKind } from './car-alerts';

/** The local hour (0-23) daily digests go out at, unless configured otherwise. */
export const DEFAULT_DIGEST_HOUR = 8;
/** Messages one shopper gets per local day at most, unless configured otherwise. */
export const DEFAULT_ALERTS_PER_DAY = 10;
/** The zone of a site whose locations name none. */
export const DEFAULT_ALERT_ZONE = 'Australia/Sydney';

/**
 * The latest digest moment at or before `now`: today's `hour`:00 in the site's zone when that has
 * passed, else yesterday's. A digest sends every alert queued before it, so each day's matches go
 * out together the next morning (or this morning, for those of the night).
 */
export function lastDigestMoment(now: Date, zone: string, hour: number): Date {
  const local = DateTime.fromJSDate(now).setZone(zone);
  let moment = local.set({ hour, minute: 0, second: 0, millisecond: 0 });
  if (moment > local) moment = moment.minus({ days: 1 });
  return moment.toJSDate();
}

/** Midnight starting the site-local day `now` falls on: the daily limit counts from here. */
export const localDayStart = (now: Date, zone: string): Date =>
  DateTime.fromJSDate(now).setZone(zone).startOf('day').toJSDate();

/**
 * Splits the messages due to a shopper into those sent now and those held back by the daily limit
 * (`sentToday` already went out this local day). Order is kept: the oldest go first.
 */
export function withinDailyLimit<T>(due: readonly T[], sentToday: number, limit: number): { send: T[]; capped: T[] } {
  const room = Math.max(0, limit - sentToday);
  return { send: due.slice(0, room), capped: due.slice(room) };
}

/** One alert as a digest lists it. */
export interface DigestAlert {
  kind: AlertKind;
  /** The saved search it matched; null for a followed or watchlisted car. */
  savedSearchId: string | null;
  savedSearchName: string | null;
  carId: number;
  createdAt: Date;
}

export interface DigestGroup<T extends DigestAlert> {
  /** The saved search's name, or 'Cars you follow'. */
  title: string;
  savedSearchId: string | null;
  alerts: T[];
}

export const FOLLOWED_CARS_TITLE = 'Cars you follow';

/**
 * Groups a day's alerts for one digest: one group per saved search (new matches), in the order
 * their first match arrived, then the followed cars' news; a car appears once per group, with its
 * latest news.
 */
export function groupDigest<T extends DigestAlert>(alerts: readonly T[]): DigestGroup<T>[] {
  const sorted = [...alerts].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const groups = new Map<string, DigestGroup<T>>();
  for (const alert of sorted) {
    const id = alert.savedSearchId ?? '';
    let group = groups.get(id);
    if (!group) {
      group = {
        title: alert.savedSearchId ? (alert.savedSearchName ?? 'Saved search') : FOLLOWED_CARS_TITLE,
        savedSearchId: alert.savedSearchId,
        alerts: [],
      };
      groups.set(id, group);
    }
    const earlier = group.alerts.findIndex((other) => other.carId === alert.carId);
    if (earlier >= 0) group.alerts.splice(earlier, 1);
    group.alerts.push(alert);
  }
  const followed = groups.get('');
  groups.delete('');
  return [...groups.values(), ...(followed ? [followed] : [])];
}
