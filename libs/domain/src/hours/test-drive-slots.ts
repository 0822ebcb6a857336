import { DateTime } from 'luxon';
import type { OpeningHourEntry, SpecialHourEntry } from '../entities/location';
import { formatClockTime } from './opening-hours';

export const TEST_DRIVE_DAYS = 14;
export const TEST_DRIVE_SLOT_MINUTES = 30;
/** Slots sooner than this are not offered, so a booking never lands before the team can see it. */
export const TEST_DRIVE_LEAD_MINUTES = 60;

export type SlotOpeningHours = Pick<OpeningHourEntry, 'weekday' | 'status' | 'open' | 'close'>;
export type SlotSpecialHours = Pick<SpecialHourEntry, 'date' | 'status' | 'start_hour' | 'end_hour' | 'department'>;

export interface TestDriveSlotsOptions {
  hours: readonly SlotOpeningHours[];
  specialHours?: readonly SlotSpecialHours[] | null;
  /** The location's IANA zone: slots are the dealer's wall-clock times, wherever the visitor is. */
  timeZone: string;
  now: Date;
  days?: number;
  slotMinutes?: number;
  leadMinutes?: number;
}

export interface TestDriveSlot {
  /** ISO time with the location's offset on that date, e.g. '2025-10-06T09:30:00+11:00'. */
  start: string;
  label: string;
}

export interface TestDriveDay {
  date: string;
  /** 0 Sunday to 6 Saturday, as in opening hours. */
  weekday: number;
  slots: TestDriveSlot[];
}

/** A day's opening and closing wall-clock times ('HH:mm'). */
export interface DayHours {
  open: string;
  close: string;
}

/**
 * Bookable test-drive starts for the coming days (today first). Every time is built from the
 * location's calendar date and wall clock in its own zone, so a daylight-saving change moves the
 * offset of that day's slots instead of shifting them an hour.
 */
export function testDriveSlots(options: TestDriveSlotsOptions): TestDriveDay[] {
  const { hours, specialHours, timeZone, now } = options;
  const days = options.days ?? TEST_DRIVE_DAYS;
  const slotMinutes = options.slotMinutes ?? TEST_DRIVE_SLOT_MINUTES;
  const leadMinutes = options.leadMinutes ?? TEST_DRIVE_LEAD_MINUTES;
  if (!(slotMinutes > 0)) throw new RangeError(`slotMinutes must be positive, got ${slotMinutes}`);

  const today = DateTime.fromJSDate(now, { zone: timeZone });
  if (!today.isValid) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const earliest = DateTime.fromJSDate(now).plus({ minutes: leadMinutes });

  const result: TestDriveDay[] = [];
  for (let offset = 0; offset < days; offset += 1) {
    const day = today.startOf('day').plus({ days: offset });
    const weekday = day.weekday % 7;
    const dayHours = salesHoursOn(day.toISODate() as string, weekday, hours, specialHours ?? []);
    if (!dayHours) continue;

    const open = atClock(day, dayHours.open);
    const close = atClock(day, dayHours.close);
    const slots: TestDriveSlot[] = [];
    // Steps are real minutes: on the night clocks change, an hour that never happens offers no slot.
    for (
      let start = open;
      start.plus({ minutes: slotMinutes }) <= close;
      start = start.plus({ minutes: slotMinutes })
    ) {
      if (start < earliest) continue;
      slots.push({
        start: start.toISO({ suppressMilliseconds: true }) as string,
        label: formatClockTime(start.toFormat('HH:mm')),
      });
    }
    if (slots.length > 0) result.push({ date: day.toISODate() as string, weekday, slots });
  }
  return result;
}

/**
 * Special hours replace the weekly hours for their date. A sales entry is more specific than an
 * 'all' entry, so it wins when a date has both. An Open entry without usable times says nothing
 * about the times, so the weekly hours stand.
 */
export function salesHoursOn(
  date: string,
  weekday: number,
  hours: readonly SlotOpeningHours[],
  specialHours: readonly SlotSpecialHours[],
): DayHours | null {
  const forDate = specialHours.filter((entry) => entry.date === date);
  const special =
    forDate.find((entry) => entry.department === 'sales') ?? forDate.find((entry) => entry.department === 'all');
  if (special?.status === 'Closed') return null;
  const specialTimes = special && usable(special.start_hour, special.end_hour);
  if (specialTimes) return specialTimes;

  const regular = hours.find((entry) => entry.weekday === weekday);
  return regular?.status === 'Open' ? usable(regular.open, regular.close) : null;
}

const CLOCK = /^([01]?\d|2[0-3]):([0-5]\d)$/;

function usable(open: string | null | undefined, close: string | null | undefined): DayHours | null {
  if (!open || !close || !CLOCK.test(open) || !CLOCK.test(close)) return null;
  return { open, close };
}

// A wall time that the clocks skip (2:30am on the October change) resolves forward, as luxon does.
export function atClock(day: DateTime, time: string): DateTime {
  const [, hour, minute] = CLOCK.exec(time) as RegExpExecArray;
  return day.set({ hour: Number(hour), minute: Number(minute), second: 0, millisecond: 0 });
}
