import { cardTag, NEW_TAG_WINDOW_DAYS, type CardTagInput } from './card-tag';

const now = new Date('2025-06-20T10:00:00Z');
const daysAgo = (days: number, extraMs = 0) => new Date(now.getTime() - days * 86_400_000 - extraMs).toISOString();

const plain: CardTagInput = { status: 'in_stock', car_type: 'used', make: 'Toyota', created_at: daysAgo(30) };
const everything: CardTagInput = {
  ...plain,
  simple_fuel: 'Electric',
  reserved: true,
  certified: true,
  tag: 'Test Drive Only',
  created_at: daysAgo(1),
};

describe('cardTag priority (spec 000 §4 Card tag priority)', () => {
  it.each<[string, CardTagInput, ReturnType<typeof cardTag>]>([
    ['sold beats everything', { ...everything, status: 'sold' }, { kind: 'sold', label: 'SOLD' }],
    ['missing status is sold', { ...everything, status: null }, { kind: 'sold', label: 'SOLD' }],
    ['electric first', everything, { kind: 'electric', label: 'Electric' }],
    ['hybrid first', { ...everything, simple_fuel: 'Hybrid' }, { kind: 'hybrid', label: 'Hybrid' }],
    ['other fuels carry no tag', { ...everything, simple_fuel: 'Diesel' }, { kind: 'reserved', label: 'Reserved' }],
    ['reserved before certified', { ...everything, simple_fuel: null }, { kind: 'reserved', label: 'Reserved' }],
    [
      'certified used carries its make',
      { ...everything, simple_fuel: null, reserved: false },
      { kind: 'certified', label: 'Certified Pre-Owned', make: 'Toyota' },
    ],
    [
      'certified new is not a certified-used badge',
      { ...everything, simple_fuel: null, reserved: false, car_type: 'new' },
      { kind: 'custom', label: 'Test Drive Only' },
    ],
    [
      'certified without a make has no logo',
      { ...everything, simple_fuel: null, reserved: false, make: '' },
      { kind: 'custom', label: 'Test Drive Only' },
    ],
    ['custom tag', { ...plain, tag: '  Test Drive Only ' }, { kind: 'custom', label: 'Test Drive Only' }],
    [
      'custom tag on a coming-soon car',
      { ...plain, status: 'coming_soon', tag: 'Arriving June' },
      { kind: 'custom', label: 'Arriving June' },
    ],
    ['blank custom tag is none', { ...plain, tag: '   ' }, null],
    [
      'coming soon',
      { ...plain, status: 'coming_soon', created_at: daysAgo(1) },
      { kind: 'coming_soon', label: 'Coming Soon' },
    ],
    [
      'electric coming-soon car',
      { ...plain, status: 'coming_soon', simple_fuel: 'Electric' },
      { kind: 'electric', label: 'Electric' },
    ],
    ['new within the window', { ...plain, created_at: daysAgo(1) }, { kind: 'new', label: 'New Arrival' }],
    ['none', plain, null],
  ])('%s', (_name, car, expected) => {
    expect(cardTag(car, { now })).toEqual(expected);
  });
});

describe('cardTag new window (spec 000 §9: 8 days)', () => {
  it('uses 8 days', () => {
    expect(NEW_TAG_WINDOW_DAYS).toBe(8);
  });

  it.each([
    ['created just now', daysAgo(0), true],
    ['7 days ago', daysAgo(7), true],
    ['exactly 8 days ago', daysAgo(8), true],
    ['8 days and 1 ms ago', daysAgo(8, 1), false],
    ['9 days ago', daysAgo(9), false],
    ['an offsetless SQL timestamp inside the window', '2025-06-13 10:00:00', true],
    ['an offsetless SQL timestamp outside the window', '2025-06-12 09:59:59', false],
    ['a date with an offset', '2025-06-12T20:00:00+10:00', true],
    ['unparseable', 'last week', false],
    ['missing', null, false],
  ])('%s -> new %s', (_name, created_at, isNew) => {
    expect(cardTag({ ...plain, created_at }, { now })?.kind === 'new').toBe(isNew);
  });

  it('takes another window', () => {
    expect(cardTag({ ...plain, created_at: daysAgo(10) }, { now, newWindowDays: 14 })).toEqual({
      kind: 'new',
      label: 'New Arrival',
    });
    expect(cardTag({ ...plain, created_at: daysAgo(3) }, { now, newWindowDays: 2 })).toBeNull();
  });
});
