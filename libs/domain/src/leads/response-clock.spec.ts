import fc from 'fast-check';
import { DateTime } from 'luxon';
import { salesHoursOn, type SlotOpeningHours, type SlotSpecialHours } from '../hours/test-drive-slots';
import { businessTimeBetween, type BusinessHours } from '../hours/business-clock';
import { responseDueAt, responseMinutes, responseState } from './response-clock';

/** The demo tenants' zones, and the AU zones with daylight saving the platform serves. */
const ZONES = [
  'Australia/Melbourne',
  'Australia/Sydney',
  'Australia/Brisbane',
  'Australia/Adelaide',
  'Australia/Hobart',
];
const MINUTE = 60_000;

/** Every instant a zone's offset changed in 2025-2030, found by scanning it hour by hour. */
function clockChanges(zone: string): number[] {
  const changes: number[] = [];
  let at = DateTime.fromISO('2025-01-01T00:00:00Z').setZone(zone);
  const end = DateTime.fromISO('2031-01-01T00:00:00Z');
  while (at < end) {
    const nextDay = at.plus({ days: 1 });
    // A day whose offset differs from the day before holds a change: find its hour.
    if (nextDay.offset !== at.offset)
      for (let hour = at; hour < nextDay; hour = hour.plus({ hours: 1 }))
        if (hour.plus({ hours: 1 }).offset !== hour.offset) changes.push(hour.plus({ hours: 1 }).toMillis());
    at = nextDay;
  }
  return changes;
}
const CHANGES = ZONES.flatMap((zone) => clockChanges(zone).map((at) => ({ zone, at })));

const clock = (time: number): string =>
  `${String(Math.floor(time / 60)).padStart(2, '0')}:${String(time % 60).padStart(2, '0')}`;

/**
 * The independent computation: step through real minutes from the lead's arrival, asking of each
 * instant only "is the dealership open now?" on its own wall clock (the zone's date and time of
 * that instant, and the hours that apply to that date). The rule under test works the other way
 * round, from each local day's opening and closing to instants, so the two meet only if both
 * handle the clock changes alike.
 */
function simulatedDueAt(receivedAt: number, target: number, hours: BusinessHours): number {
  let counted = 0;
  for (let at = receivedAt; ; at += MINUTE) {
    const local = DateTime.fromMillis(at, { zone: hours.timeZone });
    const times = salesHoursOn(local.toISODate() as string, local.weekday % 7, hours.hours, hours.specialHours ?? []);
    const minute = local.hour * 60 + local.minute;
    if (times) {
      const [oh, om] = times.open.split(':').map(Number) as [number, number];
      const [ch, cm] = times.close.split(':').map(Number) as [number, number];
      if (minute >= oh * 60 + om && minute < ch * 60 + cm) counted += 1;
    }
    if (counted === target) return at + MINUTE;
  }
}

/**
 * Opening and closing on whole five minutes, never inside the hour the clocks repeat or skip
 * (2:00-3:00 am: a time in it is ambiguous or absent, and the rule's reading of those, the jump
 * itself, is checked by example below); hours may span it (1 am to 4 am) and do.
 */
const wallTime = fc
  .integer({ min: 0, max: 287 })
  .map((step) => step * 5)
  .filter((minute) => minute < 120 || minute >= 180);
const dayHours = fc.oneof(
  { weight: 1, arbitrary: fc.constant(null) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(wallTime, wallTime)
      .filter(([a, b]) => a !== b)
      .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const),
  },
);
const week = fc
  .array(dayHours, { minLength: 7, maxLength: 7 })
  .filter((days) => days.some((day) => day !== null))
  .map((days): SlotOpeningHours[] =>
    days.map((day, weekday) =>
      day
        ? { weekday, status: 'Open', open: clock(day[0]), close: clock(day[1]) }
        : { weekday, status: 'Closed', open: null, close: null },
    ),
  );

describe('the first-response clock', () => {
  it('finds clock changes to test around: two a year in each zone with daylight saving, none in Brisbane', () => {
    expect(clockChanges('Australia/Melbourne')).toHaveLength(12);
    expect(clockChanges('Australia/Adelaide')).toHaveLength(12);
    expect(clockChanges('Australia/Brisbane')).toHaveLength(0);
  });

  it('is due exactly when an independent minute-by-minute count says, around every clock change of 2025-2030 (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CHANGES),
        fc.integer({ min: -3 * 24 * 60, max: 2 * 24 * 60 }),
        week,
        fc.integer({ min: 1, max: 240 }),
        fc.option(
          fc.record({
            day: fc.integer({ min: -2, max: 3 }),
            closed: fc.boolean(),
            department: fc.constantFrom('sales', 'all', 'service'),
            times: fc.tuple(wallTime, wallTime).filter(([a, b]) => a < b),
          }),
          { nil: null },
        ),
        ({ zone, at }, minutesFromChange, hours, target, special) => {
          const receivedAt = at + minutesFromChange * MINUTE;
          const specialHours: SlotSpecialHours[] = special
            ? [
                {
                  date: DateTime.fromMillis(at, { zone }).plus({ days: special.day }).toISODate() as string,
                  status: special.closed ? 'Closed' : 'Open',
                  start_hour: special.closed ? null : clock(special.times[0]),
                  end_hour: special.closed ? null : clock(special.times[1]),
                  department: special.department,
                },
              ]
            : [];
          const clockHours: BusinessHours = { timeZone: zone, hours, specialHours };
          const due = responseDueAt(new Date(receivedAt), target, clockHours).getTime();
          expect(new Date(due).toISOString()).toBe(
            new Date(simulatedDueAt(receivedAt, target, clockHours)).toISOString(),
          );
          // The open time between arrival and due is the target, whatever the nights and changes between.
          expect(businessTimeBetween(new Date(receivedAt), new Date(due), clockHours)).toBe(target * MINUTE);
          // And the state flips from not yet due to overdue exactly at the due time.
          const state = (now: number) =>
            responseState({ dueAt: new Date(due), now: new Date(now), firstResponseAt: null });
          expect(state(due - 1)).not.toBe('overdue');
          expect(state(due)).toBe('overdue');
        },
      ),
      { numRuns: 400 },
    );
  });

  const melbourne = (open: string, close: string): BusinessHours => ({
    timeZone: 'Australia/Melbourne',
    hours: Array.from({ length: 7 }, (_, weekday) => ({ weekday, status: 'Open' as const, open, close })),
  });

  it('pauses overnight: a lead at 9 pm is due five minutes after the 8 am opening', () => {
    const due = responseDueAt(new Date('2026-06-10T11:00:00Z'), 5, melbourne('08:00', '18:00'));
    expect(DateTime.fromJSDate(due, { zone: 'Australia/Melbourne' }).toISO()).toBe('2026-06-11T08:05:00.000+10:00');
    // Answered at 8:03 am: three minutes on the clock, not eleven hours.
    expect(
      responseMinutes(new Date('2026-06-10T11:00:00Z'), new Date('2026-06-10T22:03:00Z'), melbourne('08:00', '18:00')),
    ).toBe(3);
  });

  it('opens at the jump when the opening time is one the clocks skip (2:30 am on 5 October 2025)', () => {
    // Melbourne's clocks went from 2:00 to 3:00 am on Sunday 5 October 2025: 2:30 never happened.
    const due = responseDueAt(new Date('2025-10-04T14:00:00Z'), 10, melbourne('02:30', '06:00'));
    expect(DateTime.fromJSDate(due, { zone: 'Australia/Melbourne' }).toISO()).toBe('2025-10-05T03:10:00.000+11:00');
  });

  it('counts every minute for a dealership with no sales hours entered, so its leads are still due', () => {
    const receivedAt = new Date('2026-03-01T00:00:00Z');
    const none: BusinessHours = { timeZone: 'Australia/Sydney', hours: [] };
    expect(responseDueAt(receivedAt, 5, none).toISOString()).toBe('2026-03-01T00:05:00.000Z');
    expect(businessTimeBetween(receivedAt, new Date('2026-03-01T01:00:00Z'), none)).toBe(60 * MINUTE);
  });

  it('is answered once a person responded, due soon in its last two minutes, overdue from its due time', () => {
    const dueAt = new Date('2026-06-10T00:05:00Z');
    const at = (iso: string) => new Date(iso);
    expect(responseState({ dueAt, now: at('2026-06-10T00:01:00Z'), firstResponseAt: null })).toBe('on_time');
    expect(responseState({ dueAt, now: at('2026-06-10T00:03:00Z'), firstResponseAt: null })).toBe('due_soon');
    expect(responseState({ dueAt, now: at('2026-06-10T00:05:00Z'), firstResponseAt: null })).toBe('overdue');
    expect(responseState({ dueAt, now: at('2026-06-10T00:09:00Z'), firstResponseAt: at('2026-06-10T00:07:00Z') })).toBe(
      'answered',
    );
  });
});
