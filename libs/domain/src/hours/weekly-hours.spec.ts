import fc from 'fast-check';
import { dayHoursOf, DayHoursSchema, WeekHoursSchema, weeklyHoursRows } from './weekly-hours';

const issuesOf = (value: unknown) =>
  DayHoursSchema.safeParse(value).error?.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));

describe('weekly opening hours', () => {
  it('takes a day as open and close times of the same day, or closed', () => {
    expect(DayHoursSchema.parse({ open: '08:30', close: '17:30' })).toEqual({ open: '08:30', close: '17:30' });
    expect(DayHoursSchema.parse('closed')).toBe('closed');
  });

  it('refuses 25:00 naming the time, and a closing time before the opening time naming close', () => {
    expect(issuesOf({ open: '25:00', close: '17:00' })).toEqual([
      { path: 'open', message: expect.stringContaining("'00:00' to '23:59'") },
    ]);
    expect(issuesOf({ open: '17:30', close: '08:30' })).toEqual([
      {
        path: 'close',
        message: 'Closes at 08:30, not after it opens at 17:30: give a closing time later the same day.',
      },
    ]);
    expect(issuesOf({ open: '09:00', close: '09:00' })?.[0]?.path).toBe('close');
    expect(issuesOf('open')?.[0]?.message).toContain('"closed"');
  });

  it('names the weekday of a bad day and refuses a weekday that does not exist', () => {
    const parsed = WeekHoursSchema.safeParse({ monday: { open: '08:00', close: '07:00' }, funday: 'closed' });
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['monday.close', '']);
  });

  it('writes seven rows, Sunday first, a day left out closed, and reads each back (property)', () => {
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    const day = fc.oneof(
      fc.constant('closed' as const),
      fc
        .tuple(time, time)
        .filter(([a, b]) => a < b)
        .map(([open, close]) => ({ open, close })),
    );
    const week = fc.record(
      {
        sunday: day,
        monday: day,
        tuesday: day,
        wednesday: day,
        thursday: day,
        friday: day,
        saturday: day,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(week, (value) => {
        const parsed = WeekHoursSchema.parse(value);
        const rows = weeklyHoursRows('service', parsed);
        expect(rows.map((row) => row.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
        rows.forEach((row, weekday) => {
          const name = (['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const)[
            weekday
          ];
          expect(dayHoursOf(row)).toEqual(parsed[name] ?? 'closed');
          expect(row.department).toBe('service');
        });
      }),
    );
  });
});
