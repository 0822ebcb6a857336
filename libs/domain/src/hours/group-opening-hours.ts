import type { OpeningHourEntry } from '../entities/location';
import { formatOpeningHours } from './opening-hours';

export type OpeningHoursInput = Pick<OpeningHourEntry, 'weekday' | 'status' | 'open' | 'close'>;

export interface OpeningHoursLine {
  label: string;
  hours: string;
}

// Weekdays are numbered 0 Sunday to 6 Saturday, but Australian sites list the week from Monday.
const WEEK: readonly { weekday: number; label: string }[] = [
  { weekday: 1, label: 'Mon' },
  { weekday: 2, label: 'Tue' },
  { weekday: 3, label: 'Wed' },
  { weekday: 4, label: 'Thu' },
  { weekday: 5, label: 'Fri' },
  { weekday: 6, label: 'Sat' },
  { weekday: 0, label: 'Sun' },
];
const WEEKDAY_COUNT = 5;
export const WEEKDAYS_LABEL = 'Mon-Fri';

/**
 * Opening hours as printed on a location card: one line a day, with Monday to Friday folded into
 * one 'Mon-Fri' line when all five are listed with the same hours (spec 001 §5 'Hours grouping').
 * A day the dealer left out prints 'Closed' but never joins a Mon-Fri line, so a missing entry is
 * not passed off as the dealer's stated hours.
 */
export function groupOpeningHours(entries: readonly OpeningHoursInput[]): OpeningHoursLine[] {
  const byWeekday = new Map<number, string>();
  for (const entry of entries) {
    // A repeated weekday keeps its first entry: a duplicate is feed noise, not a second shift.
    if (!byWeekday.has(entry.weekday)) {
      byWeekday.set(entry.weekday, formatOpeningHours(entry.status, entry.open ?? null, entry.close ?? null));
    }
  }

  const lines = WEEK.map(({ weekday, label }) => ({ label, hours: byWeekday.get(weekday) ?? 'Closed' }));
  const weekdays = WEEK.slice(0, WEEKDAY_COUNT);
  const allListed = weekdays.every(({ weekday }) => byWeekday.has(weekday));
  const allEqual = weekdays.every(({ weekday }) => byWeekday.get(weekday) === byWeekday.get(1));
  if (!allListed || !allEqual) return lines;
  return [{ label: WEEKDAYS_LABEL, hours: lines[0].hours }, ...lines.slice(WEEKDAY_COUNT)];
}
