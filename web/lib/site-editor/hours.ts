import { WEEKDAY_NAMES } from '@platform/domain';

/** A day's hours as the layer document holds them: open and close on the wall clock, or closed. */
export type DayHours = { open: string; close: string } | 'closed';
export type WeekHours = Partial<Record<(typeof WEEKDAY_NAMES)[number], DayHours>>;
export interface SpecialDay {
  date: string;
  department: 'all' | 'sales' | 'service' | 'parts';
  hours: DayHours;
}
export interface LocationHoursDoc {
  hours: Partial<Record<'sales' | 'service' | 'parts', WeekHours>>;
  special_hours: SpecialDay[];
}

export const DEPARTMENTS = ['sales', 'service', 'parts'] as const;
export const DEPARTMENT_LABELS = {
  all: 'All departments',
  sales: 'Sales',
  service: 'Service',
  parts: 'Parts',
} as const;
/** Monday first, as a dealer reads a week. */
export const WEEK = [...WEEKDAY_NAMES.slice(1), WEEKDAY_NAMES[0]] as const;
export const dayLabel = (day: string): string => day.charAt(0).toUpperCase() + day.slice(1);

/** The most days one range adds: a month, so a mistyped year cannot add hundreds of rows. */
export const MAX_RANGE_DAYS = 31;

/**
 * Special days for every date from `from` to `to` (inclusive; `to` empty: `from` alone), each with
 * the same hours, replacing any the list already has for that date and department. Refuses a range
 * that ends before it starts or is longer than MAX_RANGE_DAYS.
 */
export function addSpecialDays(
  list: readonly SpecialDay[],
  from: string,
  to: string,
  department: SpecialDay['department'],
  hours: DayHours,
): { ok: true; list: SpecialDay[] } | { ok: false; message: string } {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to || from}T00:00:00Z`);
  if (Number.isNaN(start)) return { ok: false, message: 'Choose the first date.' };
  if (Number.isNaN(end)) return { ok: false, message: 'Choose the last date, or leave it empty for one day.' };
  if (end < start) return { ok: false, message: 'The last date is before the first: swap them.' };
  const days = Math.round((end - start) / 86_400_000) + 1;
  if (days > MAX_RANGE_DAYS) return { ok: false, message: `Add at most ${MAX_RANGE_DAYS} days at a time.` };
  if (hours !== 'closed' && !(hours.open < hours.close))
    return { ok: false, message: 'Closing time must be after opening time.' };
  const dates = Array.from({ length: days }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
  const kept = list.filter((s) => !(dates.includes(s.date) && s.department === department));
  const added = dates.map((date) => ({ date, department, hours }));
  return { ok: true, list: [...kept, ...added].sort((a, b) => a.date.localeCompare(b.date)) };
}
