import { DateTime } from 'luxon';
import { salesHoursOn, type SlotOpeningHours, type SlotSpecialHours } from './test-drive-slots';

/**
 * Time counted in a dealership's sales opening hours only: nights, closed days and special
 * closures do not count, and across a daylight-saving change it counts the real minutes each day
 * has, never wall-clock ones. The first-response clock of a lead and the dealer-response reminder
 * of a reservation both count this way.
 */
export interface BusinessHours {
  timeZone: string;
  hours: readonly SlotOpeningHours[];
  specialHours?: readonly SlotSpecialHours[] | null;
}

/**
 * How far ahead the clock looks for opening hours: a month covers the longest holiday closure a
 * dealer has. A dealership with less open time than asked for in that month (no sales hours
 * entered yet, or closed that long) is given plain elapsed time instead, so nothing it is due to do
 * is put off for weeks.
 */
export const BUSINESS_CLOCK_LOOKAHEAD_DAYS = 31;

/**
 * The instant a wall-clock time happens on a local date. A time the clocks skip that night (2:30 am
 * on the spring-forward night) happens at the jump itself, the first instant the wall clock reads
 * later than it: a dealer opening "at 2:30" opens when 3:00 comes.
 */
function wallInstant(day: DateTime, time: string): DateTime {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  let at = DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour, minute }, { zone: day.zone });
  if (at.hour !== hour || at.minute !== minute) {
    // luxon moved it past the jump by the size of the jump: walk back to the jump's first minute.
    for (let step = 0; step < 180; step++) {
      const before = at.minus({ minutes: 1 });
      if (before.offset === at.offset) at = before;
      else break;
    }
  }
  return at;
}

/** The dealership's open intervals (instants) of each local day from `from`'s, for the lookahead. */
function openIntervals(from: Date, clock: BusinessHours): { open: number; close: number }[] {
  const start = DateTime.fromJSDate(from, { zone: clock.timeZone });
  if (!start.isValid) throw new RangeError(`Unknown time zone: ${clock.timeZone}`);
  const intervals: { open: number; close: number }[] = [];
  for (let offset = 0; offset < BUSINESS_CLOCK_LOOKAHEAD_DAYS; offset++) {
    // Built from the calendar date, never by adding 24 hours: a day can be 23 or 25 hours long.
    const interval = dayInterval(start.startOf('day').plus({ days: offset }), clock);
    if (interval) intervals.push(interval);
  }
  return intervals;
}

/** The open interval (instants) of one local day (its start of day), or null when closed. */
function dayInterval(day: DateTime, clock: BusinessHours): { open: number; close: number } | null {
  const times = salesHoursOn(day.toISODate() as string, day.weekday % 7, clock.hours, clock.specialHours ?? []);
  if (!times) return null;
  const open = wallInstant(day, times.open).toMillis();
  const close = wallInstant(day, times.close).toMillis();
  return close > open ? { open, close } : null;
}

/** The instant `durationMs` of open time after `from` (from the next opening when `from` is while closed). */
export function businessTimeAfter(from: Date, durationMs: number, clock: BusinessHours): Date {
  if (!(durationMs > 0)) throw new RangeError(`durationMs must be positive, got ${durationMs}`);
  let remaining = durationMs;
  const start = from.getTime();
  for (const { open, close } of openIntervals(from, clock)) {
    const begin = Math.max(open, start);
    if (close <= begin) continue;
    if (remaining <= close - begin) return new Date(begin + remaining);
    remaining -= close - begin;
  }
  return new Date(start + durationMs);
}

/**
 * The open time between two instants, in milliseconds: a first response's time as the clock counts
 * it (a reply at 8:03 am to a lead of 9 pm took 3 minutes, not 11 hours). A dealership with no
 * hours in the lookahead counts every minute.
 */
export function businessTimeBetween(from: Date, to: Date, clock: BusinessHours): number {
  const start = from.getTime();
  const end = to.getTime();
  if (end <= start) return 0;
  const intervals = openIntervals(from, clock);
  if (intervals.length === 0) return end - start;
  let total = 0;
  for (const { open, close } of intervals) {
    if (open >= end) break;
    total += Math.max(0, Math.min(close, end) - Math.max(open, start));
  }
  return total;
}

/**
 * businessTimeBetween for many instants on one clock (a report over a year of leads): each local
 * day's opening is worked out once and kept, so a call costs map lookups instead of a month of
 * calendar arithmetic (about 3 ms a lead). The same answers, property-tested.
 */
export function openTimeCounter(clock: BusinessHours): (from: Date, to: Date) => number {
  type Day = { interval: { open: number; close: number } | null; next: string };
  const days = new Map<string, Day>();
  const dayOf = (iso: string): Day => {
    let known = days.get(iso);
    if (!known) {
      const day = DateTime.fromISO(iso, { zone: clock.timeZone });
      known = { interval: dayInterval(day, clock), next: day.plus({ days: 1 }).toISODate() as string };
      days.set(iso, known);
    }
    return known;
  };
  return (from, to) => {
    const start = from.getTime();
    const end = to.getTime();
    if (end <= start) return 0;
    const first = DateTime.fromJSDate(from, { zone: clock.timeZone });
    if (!first.isValid) throw new RangeError(`Unknown time zone: ${clock.timeZone}`);
    let iso = first.toISODate() as string;
    let total = 0;
    let opened = false;
    for (let offset = 0; offset < BUSINESS_CLOCK_LOOKAHEAD_DAYS; offset++) {
      const day = dayOf(iso);
      if (day.interval) {
        opened = true;
        if (day.interval.open >= end) break;
        total += Math.max(0, Math.min(day.interval.close, end) - Math.max(day.interval.open, start));
      }
      iso = day.next;
    }
    return opened ? total : end - start;
  };
}
