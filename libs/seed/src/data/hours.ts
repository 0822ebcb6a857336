import { DateTime } from 'luxon';
import type { Department, LocationSeed } from './types';

export interface WeeklyHours {
  department: Department;
  /** 0 Sunday to 6 Saturday. */
  weekday: number;
  status: 'Open' | 'Closed';
  open: string | null;
  close: string | null;
}

export interface SpecialHours {
  date: string;
  status: 'Open' | 'Closed';
  start_hour: string | null;
  end_hour: string | null;
  department: 'all' | Department;
  location_name: string | null;
}

type Day = [open: string, close: string] | null;
/** Sunday first, like the weekday column. */
type Week = [Day, Day, Day, Day, Day, Day, Day];

const SALES: Week = [
  null,
  ['08:30', '17:30'],
  ['08:30', '17:30'],
  ['08:30', '17:30'],
  ['08:30', '17:30'],
  ['08:30', '17:30'],
  ['09:00', '16:00'],
];
/** Used-car yards that trade on Sunday also stay open late on Thursday. */
const SALES_SUNDAY: Week = [
  ['10:00', '15:00'],
  ['08:30', '17:30'],
  ['08:30', '17:30'],
  ['08:30', '17:30'],
  ['08:30', '19:00'],
  ['08:30', '17:30'],
  ['09:00', '16:00'],
];
const SERVICE: Week = [
  null,
  ['07:30', '17:30'],
  ['07:30', '17:30'],
  ['07:30', '17:30'],
  ['07:30', '17:30'],
  ['07:30', '17:30'],
  ['08:00', '12:00'],
];
const PARTS: Week = [
  null,
  ['08:00', '17:00'],
  ['08:00', '17:00'],
  ['08:00', '17:00'],
  ['08:00', '17:00'],
  ['08:00', '17:00'],
  ['08:00', '12:00'],
];

/** The department a location's type implies ('' and used count as sales). */
export function departmentsOf(location: LocationSeed): Department[] {
  if (location.departments?.length) return location.departments;
  if (location.location_type === 'service') return ['service'];
  if (location.location_type === 'parts') return ['parts'];
  return ['sales'];
}

/** Weekly opening hours of every department at a location. */
export function weeklyHoursFor(location: LocationSeed): WeeklyHours[] {
  return departmentsOf(location).flatMap((department) => {
    const week =
      department === 'service'
        ? SERVICE
        : department === 'parts'
          ? PARTS
          : location.sunday_trading
            ? SALES_SUNDAY
            : SALES;
    return week.map((day, weekday): WeeklyHours =>
      day
        ? { department, weekday, status: 'Open', open: day[0], close: day[1] }
        : { department, weekday, status: 'Closed', open: null, close: null },
    );
  });
}

/** Easter Sunday (anonymous Gregorian algorithm). */
function easterSunday(year: number): DateTime {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + c + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return DateTime.utc(year, month, day);
}

interface Holiday {
  date: DateTime;
  /** Closed everywhere, or reduced trading for sales with service and parts closed. */
  kind: 'closed' | 'reduced';
}

function holidaysOf(year: number, state: string): Holiday[] {
  const easter = easterSunday(year);
  const list: Holiday[] = [
    { date: DateTime.utc(year, 1, 1), kind: 'closed' },
    { date: DateTime.utc(year, 1, 26), kind: 'reduced' },
    { date: easter.minus({ days: 2 }), kind: 'closed' },
    { date: easter.plus({ days: 1 }), kind: 'reduced' },
    { date: DateTime.utc(year, 4, 25), kind: 'reduced' },
    { date: DateTime.utc(year, 12, 25), kind: 'closed' },
    { date: DateTime.utc(year, 12, 26), kind: 'reduced' },
  ];
  if (state === 'VIC') {
    // Melbourne Cup: the first Tuesday of November.
    const first = DateTime.utc(year, 11, 1);
    list.push({ date: first.plus({ days: (2 - (first.weekday % 7) + 7) % 7 }), kind: 'closed' });
  }
  return list;
}

/**
 * Public-holiday hours from a fortnight before `now` to a year after it, in the location's own
 * zone: closed on Christmas Day, New Year's Day, Good Friday (and Melbourne Cup day in Victoria);
 * reduced sales hours on Boxing Day, Australia Day, Easter Monday and Anzac Day.
 */
export function specialHoursFor(location: LocationSeed, state: string, timeZone: string, now: Date): SpecialHours[] {
  const today = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
  const from = DateTime.utc(today.year, today.month, today.day).minus({ days: 14 });
  const to = from.plus({ days: 14 + 365 });
  const departments = departmentsOf(location);
  const out: SpecialHours[] = [];
  for (const year of [today.year, today.year + 1]) {
    for (const holiday of holidaysOf(year, state)) {
      if (holiday.date < from || holiday.date > to) continue;
      const date = holiday.date.toISODate() as string;
      if (holiday.kind === 'closed') {
        out.push({
          date,
          status: 'Closed',
          start_hour: null,
          end_hour: null,
          department: 'all',
          location_name: location.name,
        });
        continue;
      }
      for (const department of departments) {
        out.push(
          department === 'sales'
            ? { date, status: 'Open', start_hour: '10:00', end_hour: '16:00', department, location_name: location.name }
            : { date, status: 'Closed', start_hour: null, end_hour: null, department, location_name: location.name },
        );
      }
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.department.localeCompare(b.department));
}
