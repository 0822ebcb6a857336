import { openNow } from './open-now';
import type { SlotSpecialHours } from './test-drive-slots';

const ZONE = 'Australia/Melbourne';
// Weekdays 08:30-17:30, Saturday 09:00-13:00, Sunday closed.
const HOURS = [
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open' as const, open: '08:30', close: '17:30' })),
  { weekday: 6, status: 'Open' as const, open: '9:00', close: '13:00' },
  { weekday: 0, status: 'Closed' as const, open: null, close: null },
];
/** A Melbourne wall time (AEDT, +11:00 in December) as the instant it is. */
const melbourne = (local: string) => new Date(`${local}+11:00`);

describe('openNow', () => {
  it.each([
    ['Tuesday 08:29', '2026-12-01T08:29', false],
    ['Tuesday 08:30 (opening minute)', '2026-12-01T08:30', true],
    ['Tuesday 17:29', '2026-12-01T17:29', true],
    ['Tuesday 17:30 (closing is exclusive)', '2026-12-01T17:30', false],
    ['Saturday 09:00 (a one-digit hour)', '2026-12-05T09:00', true],
    ['Sunday noon (closed all day)', '2026-12-06T12:00', false],
  ])('%s -> open %s', (_label, local, open) => {
    expect(openNow(melbourne(local), ZONE, HOURS).open).toBe(open);
  });

  it("gives today's hours, and none on a closed day", () => {
    expect(openNow(melbourne('2026-12-01T12:00'), ZONE, HOURS).today).toEqual({ open: '08:30', close: '17:30' });
    expect(openNow(melbourne('2026-12-06T12:00'), ZONE, HOURS).today).toBeNull();
  });

  it('reads the instant on the place’s own clock: 23:00 UTC Monday is Tuesday 10:00 in Melbourne', () => {
    expect(openNow(new Date('2026-11-30T23:00:00Z'), ZONE, HOURS)).toEqual({
      open: true,
      today: { open: '08:30', close: '17:30' },
    });
  });

  it('lets a special day replace the weekly hours (a public holiday closed, a late night open)', () => {
    const closed: SlotSpecialHours[] = [
      { date: '2026-12-01', status: 'Closed', start_hour: null, end_hour: null, department: 'sales' },
    ];
    expect(openNow(melbourne('2026-12-01T12:00'), ZONE, HOURS, closed)).toEqual({ open: false, today: null });
    const late: SlotSpecialHours[] = [
      { date: '2026-12-01', status: 'Open', start_hour: '08:30', end_hour: '21:00', department: 'all' },
    ];
    expect(openNow(melbourne('2026-12-01T20:00'), ZONE, HOURS, late).open).toBe(true);
  });

  it('is closed, not an error, on an unknown time zone', () => {
    expect(openNow(new Date(), 'Mars/Olympus', HOURS)).toEqual({ open: false, today: null });
  });
});
