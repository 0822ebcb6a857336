import fc from 'fast-check';
import { DateTime } from 'luxon';
import { salesHoursOn, type SlotOpeningHours, type SlotSpecialHours } from '../hours/test-drive-slots';
import { BUSINESS_CLOCK_LOOKAHEAD_DAYS } from '../hours/business-clock';
import { dealerResponseDueAt, holdExtensionRefusal } from './dealer-response';

const open = (weekday: number, from: string, to: string): SlotOpeningHours => ({
  weekday,
  status: 'Open',
  open: from,
  close: to,
});
const closed = (weekday: number): SlotOpeningHours => ({ weekday, status: 'Closed', open: null, close: null });
// Mon-Fri 9am-5pm, Sat 9am-12pm, Sun closed.
const week = [1, 2, 3, 4, 5].map((d) => open(d, '09:00', '17:00')).concat([open(6, '09:00', '12:00'), closed(0)]);
const at = (iso: string) => DateTime.fromISO(iso, { zone: 'Australia/Melbourne' }).toJSDate();
const due = (from: string, businessHours: number, specialHours: SlotSpecialHours[] = []) =>
  DateTime.fromJSDate(
    dealerResponseDueAt({ from: at(from), businessHours, hours: week, specialHours, timeZone: 'Australia/Melbourne' }),
    { zone: 'Australia/Melbourne' },
  ).toISO({ suppressMilliseconds: true });

describe('dealerResponseDueAt', () => {
  it('counts open hours only: over the evening, the weekend and a closed public holiday', () => {
    expect(due('2025-06-16T10:00', 2)).toBe('2025-06-16T12:00:00+10:00');
    expect(due('2025-06-16T16:00', 2)).toBe('2025-06-17T10:00:00+10:00');
    expect(due('2025-06-20T16:30', 2)).toBe('2025-06-21T10:30:00+10:00');
    expect(due('2025-06-21T11:00', 2)).toBe('2025-06-23T10:00:00+10:00');
    // Paid at night: the count starts at opening.
    expect(due('2025-06-17T02:00', 2)).toBe('2025-06-17T11:00:00+10:00');
    // A public holiday on Monday closes the day; a special day with short hours counts those.
    const holiday: SlotSpecialHours[] = [
      { date: '2025-06-23', status: 'Closed', start_hour: null, end_hour: null, department: 'all' },
      { date: '2025-06-24', status: 'Open', start_hour: '13:00', end_hour: '14:00', department: 'sales' },
    ];
    expect(due('2025-06-21T11:00', 2, holiday)).toBe('2025-06-24T14:00:00+10:00');
  });

  it('counts the real minutes of a day the clocks change (first Sunday of October, open 1am-5am)', () => {
    const night = [open(0, '01:00', '05:00')];
    const from = at('2025-10-05T01:00');
    const answer = dealerResponseDueAt({ from, businessHours: 3, hours: night, timeZone: 'Australia/Melbourne' });
    // 1am-5am that night lasts three real hours (2am jumps to 3am).
    expect(answer.getTime() - from.getTime()).toBe(3 * 3_600_000);
  });

  it('falls back to elapsed hours when the dealership has no opening hours', () => {
    const from = at('2025-06-16T10:00');
    expect(dealerResponseDueAt({ from, businessHours: 2, hours: [], timeZone: 'Australia/Perth' }).getTime()).toBe(
      from.getTime() + 2 * 3_600_000,
    );
    expect(() => dealerResponseDueAt({ from, businessHours: 0, hours: week, timeZone: 'Australia/Perth' })).toThrow(
      RangeError,
    );
  });

  /** Whether the dealership is open at an instant, read off the wall clock (independently of the rule's arithmetic). */
  const isOpen = (t: number, hours: SlotOpeningHours[], special: SlotSpecialHours[], zone: string): boolean => {
    const local = DateTime.fromMillis(t, { zone });
    const day = salesHoursOn(local.toISODate() as string, local.weekday % 7, hours, special);
    const clock = local.toFormat('HH:mm');
    return day !== null && day.open <= clock && clock < day.close;
  };
  // Wall times from 2am to 3am are left out: on the night clocks go forward they do not exist, and
  // where such an opening lands is luxon's choice (the example above pins the night itself).
  const quarter = (q: number) => {
    const n = q >= 8 && q < 12 ? q + 4 : q;
    return `${String(Math.floor(n / 4)).padStart(2, '0')}:${String((n % 4) * 15).padStart(2, '0')}`;
  };
  const STEP = 15 * 60_000;

  it('due is exactly the configured open time after the payment, on any week, zone and special days (property)', () => {
    const weekday = fc
      .record({ isOpen: fc.boolean(), start: fc.integer({ min: 0, max: 60 }), length: fc.integer({ min: 1, max: 36 }) })
      .map((d) => ({ ...d, end: Math.min(d.start + d.length, 95) }));
    fc.assert(
      fc.property(
        fc.array(weekday, { minLength: 7, maxLength: 7 }),
        fc.array(
          fc.record({
            offset: fc.integer({ min: 0, max: 20 }),
            isOpen: fc.boolean(),
            start: fc.integer({ min: 0, max: 60 }),
            end: fc.integer({ min: 61, max: 95 }),
            department: fc.constantFrom('all' as const, 'sales' as const, 'service' as const),
          }),
          { maxLength: 4 },
        ),
        fc.integer({ min: 0, max: 2 * 365 * 96 }),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom(
          'Australia/Melbourne',
          'Australia/Sydney',
          'Australia/Adelaide',
          'Australia/Perth',
          'Australia/Brisbane',
          'Australia/Darwin',
          'Australia/Hobart',
        ),
        (days, specials, quarterFrom, quarters, zone) => {
          const hours = days.map((d, i) => (d.isOpen ? open(i, quarter(d.start), quarter(d.end)) : closed(i)));
          const from = Date.UTC(2025, 0, 1) + quarterFrom * STEP;
          const firstDay = DateTime.fromMillis(from, { zone }).startOf('day');
          const special: SlotSpecialHours[] = specials.map((s) => ({
            date: firstDay.plus({ days: s.offset }).toISODate() as string,
            status: s.isOpen ? 'Open' : 'Closed',
            start_hour: s.isOpen ? quarter(s.start) : null,
            end_hour: s.isOpen ? quarter(s.end) : null,
            department: s.department,
          }));
          const answer = dealerResponseDueAt({
            from: new Date(from),
            businessHours: quarters / 4,
            hours,
            specialHours: special,
            timeZone: zone,
          }).getTime();
          expect(answer).toBeGreaterThan(from);
          let openSteps = 0;
          for (let t = from; t < answer; t += STEP) if (isOpen(t, hours, special, zone)) openSteps += 1;
          const openInLookahead = () => {
            let n = 0;
            const end = DateTime.fromMillis(from, { zone })
              .startOf('day')
              .plus({ days: BUSINESS_CLOCK_LOOKAHEAD_DAYS })
              .toMillis();
            for (let t = from; t < end && n < quarters; t += STEP) if (isOpen(t, hours, special, zone)) n += 1;
            return n;
          };
          if (openSteps !== quarters && openInLookahead() < quarters) {
            // Too little open time in sight: plain elapsed time.
            expect(answer - from).toBe(quarters * STEP);
          } else {
            expect(openSteps).toBe(quarters);
            // The last quarter counted is an open one: the reminder never lands in closed time's middle.
            expect(isOpen(answer - STEP, hours, special, zone)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('holdExtensionRefusal', () => {
  const bounds = { maxExtensionHours: 24, maxExtensions: 2 };
  it('allows extensions within the hours and count configured, and says why otherwise', () => {
    expect(holdExtensionRefusal({ ...bounds, hours: 24, extensionsSoFar: 0 })).toBeNull();
    expect(holdExtensionRefusal({ ...bounds, hours: 1, extensionsSoFar: 1 })).toBeNull();
    expect(holdExtensionRefusal({ ...bounds, hours: 25, extensionsSoFar: 0 })).toMatch(/at most 24 hours/);
    expect(holdExtensionRefusal({ ...bounds, hours: 1, extensionsSoFar: 2 })).toMatch(/extended 2 times/);
    expect(holdExtensionRefusal({ hours: 1, extensionsSoFar: 0, maxExtensionHours: 24, maxExtensions: 0 })).toMatch(
      /does not extend/,
    );
  });

  it('never allows more than the configured count or hours (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 168 }),
        fc.integer({ min: 0, max: 10 }),
        (hours, extensionsSoFar, maxExtensionHours, maxExtensions) => {
          const allowed = holdExtensionRefusal({ hours, extensionsSoFar, maxExtensionHours, maxExtensions }) === null;
          expect(allowed).toBe(hours <= maxExtensionHours && extensionsSoFar < maxExtensions);
        },
      ),
    );
  });
});
