import { DateTime } from 'luxon';

/** A site's quiet hours for texts, as local wall-clock times 'HH:MM'; equal times mean none. */
export interface QuietHours {
  start: string;
  end: string;
}

/** 9 pm to 8 am in the site's zone: no alert texts arrive at night. */
export const DEFAULT_SMS_QUIET_HOURS: QuietHours = { start: '21:00', end: '08:00' };

/** 'HH:MM', 00:00 to 23:59. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const minuteOfDay = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether `at` falls in the quiet hours, read on the wall clock of `zone` (a window may span midnight). */
export function isQuietTime(at: Date, zone: string, hours: QuietHours): boolean {
  const start = minuteOfDay(hours.start);
  const end = minuteOfDay(hours.end);
  if (start === end) return false;
  const local = DateTime.fromJSDate(at, { zone });
  const minute = local.hour * 60 + local.minute;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * When a text found at `at` may go: null when `at` is outside the quiet hours (now), else the first
 * moment after them: the next `end` on the zone's wall clock. A daylight-saving jump that skips
 * that wall time (no 02:30 on the spring-forward night) makes the jump itself the first moment.
 * Property-tested around every clock change of several zones (spec: alert-rules.spec.ts).
 */
export function quietHoursEnd(at: Date, zone: string, hours: QuietHours): Date | null {
  if (!isQuietTime(at, zone, hours)) return null;
  const local = DateTime.fromJSDate(at, { zone });
  const endMinute = minuteOfDay(hours.end);
  // The wall time on a given local date (built from the date, not shifted from another time: a
  // time moved out of a skipped hour would carry that shift into the next day).
  const endOn = (day: DateTime): DateTime =>
    DateTime.fromObject(
      { year: day.year, month: day.month, day: day.day, hour: Math.floor(endMinute / 60), minute: endMinute % 60 },
      { zone },
    );
  // Every instant that wall time passes on a date: twice the night the clocks go back (luxon
  // reads it as one of them), else once.
  const passings = (day: DateTime): DateTime[] => {
    const read = endOn(day);
    const turnedBack = read.minus({ hours: 3 }).offset - read.plus({ hours: 3 }).offset;
    const all =
      turnedBack > 0 ? [read.minus({ minutes: turnedBack }), read, read.plus({ minutes: turnedBack })] : [read];
    return all.filter((t) => t.hour === read.hour && t.minute === read.minute);
  };
  let end = [...passings(local), ...passings(local.plus({ days: 1 }))]
    .filter((t) => t > local)
    .reduce((a, b) => (b < a ? b : a), endOn(local.plus({ days: 2 })));
  if (end.hour * 60 + end.minute !== endMinute) {
    // The clocks skip that wall time that night (luxon moves it past the jump): the quiet hours
    // end at the jump itself, the first instant of the new offset (within an hour or less).
    for (let step = 0; step < 180; step++) {
      const before = end.minus({ minutes: 1 });
      if (before.offset !== end.offset || before <= local) break;
      end = before;
    }
  }
  // A jump can skip the whole waking window too (landing past the next quiet start): the quiet
  // then runs on to the following end.
  return isQuietTime(end.toJSDate(), zone, hours) ? quietHoursEnd(end.toJSDate(), zone, hours) : end.toJSDate();
}
