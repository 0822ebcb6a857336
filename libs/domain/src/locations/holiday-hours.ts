import { DateTime } from 'luxon';
import type { LocationDepartment, SpecialHourEntry } from '../entities/location';
import { formatOpeningHours } from '../hours/opening-hours';

export type HolidayDepartment = LocationDepartment;

export interface HolidayHoursLine {
  date: string;
  /** 'Fri 25 Dec 2026'. */
  label: string;
  /** 'Closed' or '10am - 4pm'. */
  hours: string;
}

type HolidayInput = Pick<SpecialHourEntry, 'date' | 'status' | 'start_hour' | 'end_hour' | 'department'>;

/**
 * The holiday-hours dialog of a location page: its special hours from today on for one department,
 * a department's own entry winning over an 'all' entry on the same date, in date order. Today is the
 * location's calendar date, so a holiday is still listed on its own day.
 */
export function holidayHours(
  entries: readonly HolidayInput[] | null | undefined,
  department: HolidayDepartment,
  today: string,
): HolidayHoursLine[] {
  const byDate = new Map<string, HolidayInput>();
  for (const entry of entries ?? []) {
    if (entry.date < today) continue;
    if (entry.department !== department && entry.department !== 'all') continue;
    const existing = byDate.get(entry.date);
    if (!existing || (existing.department === 'all' && entry.department === department)) byDate.set(entry.date, entry);
  }
  return [...byDate.values()]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((entry) => ({
      date: entry.date,
      label: DateTime.fromISO(entry.date, { locale: 'en-US' }).toFormat('ccc d LLL yyyy'),
      hours: formatOpeningHours(entry.status, entry.start_hour ?? null, entry.end_hour ?? null),
    }));
}
