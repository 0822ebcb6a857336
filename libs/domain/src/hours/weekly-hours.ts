import { z } from 'zod';
import { CLOCK_TIME } from '../alerts/quiet-hours';

/** Weekdays as people write them, in the order of the weekday column (0 Sunday to 6 Saturday). */
export const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

/** A local wall-clock time 'HH:mm', 00:00 to 23:59 (what location_hours.open and close hold). */
export const ClockTimeSchema = z
  .string({ error: "Give a 24-hour time such as '08:30'." })
  .regex(CLOCK_TIME, "Give a 24-hour time from '00:00' to '23:59', such as '08:30' or '17:30'.");

const isClockTime = (time: string): boolean => CLOCK_TIME.test(time);
const minuteOfDay = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * One day's hours: 'closed', or the opening and closing times of the same day (a dealership does
 * not trade across midnight, so a closing time at or before the opening time is a typo).
 */
export const DayHoursSchema = z.union(
  [
    z.literal('closed'),
    z
      .strictObject({ open: ClockTimeSchema, close: ClockTimeSchema })
      // Checked only when both times are times: '25:00' is named as itself, not as a late opening.
      .refine(
        (day) => !isClockTime(day.open) || !isClockTime(day.close) || minuteOfDay(day.close) > minuteOfDay(day.open),
        {
          path: ['close'],
          error: (issue) => {
            const day = issue.input as { open: string; close: string };
            return `Closes at ${day.close}, not after it opens at ${day.open}: give a closing time later the same day.`;
          },
        },
      ),
  ],
  { error: 'Give { "open": "08:30", "close": "17:30" } or "closed".' },
);
export type DayHoursInput = z.infer<typeof DayHoursSchema>;

/** A department's week, by weekday name; a day left out is closed. */
export const WeekHoursSchema = z.strictObject(
  Object.fromEntries(WEEKDAY_NAMES.map((day) => [day, DayHoursSchema.optional()])) as Record<
    WeekdayName,
    z.ZodOptional<typeof DayHoursSchema>
  >,
);
export type WeekHours = z.infer<typeof WeekHoursSchema>;

/** A row of location_hours: one department's day (weekday 0 Sunday to 6 Saturday). */
export interface WeeklyHoursRow {
  department: string;
  weekday: number;
  status: 'Open' | 'Closed';
  open: string | null;
  close: string | null;
}

/** The seven rows of a department's week, a day left out closed. */
export function weeklyHoursRows(department: string, week: WeekHours): WeeklyHoursRow[] {
  return WEEKDAY_NAMES.map((name, weekday) => {
    const day = week[name];
    return !day || day === 'closed'
      ? { department, weekday, status: 'Closed', open: null, close: null }
      : { department, weekday, status: 'Open', open: day.open, close: day.close };
  });
}

/** A row of location_hours as a day of a week again (the inverse of weeklyHoursRows). */
export function dayHoursOf(row: Pick<WeeklyHoursRow, 'status' | 'open' | 'close'>): DayHoursInput {
  return row.status === 'Open' && row.open && row.close ? { open: row.open, close: row.close } : 'closed';
}
