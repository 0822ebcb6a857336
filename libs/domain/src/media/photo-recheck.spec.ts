import fc from 'fast-check';
import { photoCheckDue, photoCheckKey } from './photo-recheck';

const HOUR = 3_600_000;
const now = new Date('2026-05-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('photoCheckDue', () => {
  it('checks a never-asked address, and an asked one only once the window has passed', () => {
    expect(photoCheckDue({ status: 'pending', checkedAt: null }, now, 12 * HOUR)).toBe(true);
    expect(photoCheckDue({ status: 'stored', checkedAt: ago(HOUR) }, now, 12 * HOUR)).toBe(false);
    expect(photoCheckDue({ status: 'stored', checkedAt: ago(12 * HOUR) }, now, 12 * HOUR)).toBe(true);
    expect(photoCheckDue({ status: 'refused', checkedAt: ago(HOUR) }, now, 12 * HOUR)).toBe(false);
    expect(photoCheckDue({ status: 'unreachable', checkedAt: ago(13 * HOUR) }, now, 12 * HOUR)).toBe(true);
  });

  it('checks a stored photo early only when its eager variants are owed', () => {
    expect(photoCheckDue({ status: 'stored', checkedAt: ago(1000), eagerOwed: true }, now, 12 * HOUR)).toBe(true);
    expect(photoCheckDue({ status: 'refused', checkedAt: ago(1000), eagerOwed: true }, now, 12 * HOUR)).toBe(false);
  });

  it('is monotonic in the age of the last check', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('pending', 'stored', 'refused', 'unreachable' as const),
        fc.nat(100 * HOUR),
        fc.nat(100 * HOUR),
        fc.nat(48 * HOUR),
        (status, a, b, window) => {
          const [younger, older] = a < b ? [a, b] : [b, a];
          if (photoCheckDue({ status, checkedAt: ago(younger) }, now, window))
            expect(photoCheckDue({ status, checkedAt: ago(older) }, now, window)).toBe(true);
        },
      ),
    );
  });
});

describe('photoCheckKey', () => {
  it('is the same for the same state and differs once the photo was asked again or becomes eager', () => {
    expect(photoCheckKey(null, false)).toBe(photoCheckKey(null, false));
    expect(photoCheckKey(null, false)).not.toBe(photoCheckKey(null, true));
    expect(photoCheckKey(ago(5), false)).not.toBe(photoCheckKey(ago(6), false));
    expect(photoCheckKey(ago(5), true)).toMatch(/^c\d+e$/);
  });
});
