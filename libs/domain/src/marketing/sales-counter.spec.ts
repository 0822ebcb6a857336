import { countUpValue, salesThisMonth } from './sales-counter';

describe('salesThisMonth (spec 001 §9: (day - 1) x 192 + seconds since midnight / 450, Australia/Brisbane)', () => {
  it.each([
    // UTC instant, Brisbane wall time (+10:00, no daylight saving), expected
    ['2025-06-30T14:00:00Z', '1 Jul 00:00:00', 0],
    ['2025-06-30T14:07:29Z', '1 Jul 00:07:29', 0],
    ['2025-06-30T14:07:30Z', '1 Jul 00:07:30', 1],
    ['2025-07-15T02:00:00Z', '15 Jul 12:00:00', 14 * 192 + 96],
    ['2025-07-31T13:59:59Z', '31 Jul 23:59:59', 30 * 192 + 191],
    // Sydney is on daylight time in January; Brisbane is not.
    ['2026-01-09T23:30:00Z', '10 Jan 09:30:00', 9 * 192 + 76],
  ])('at %s (%s) shows %d', (instant, _wall, expected) => {
    expect(salesThisMonth(new Date(instant))).toBe(expected);
  });
});

describe('countUpValue (2-second count-up)', () => {
  it('starts at from, ends at to and only rises', () => {
    expect(countUpValue(100, 200, 0)).toBe(100);
    expect(countUpValue(100, 200, 2000)).toBe(200);
    expect(countUpValue(100, 200, 5000)).toBe(200);
    const steps = [0, 250, 500, 1000, 1500, 1999].map((t) => countUpValue(100, 200, t));
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(steps[3]).toBeGreaterThan(150);
  });
});
