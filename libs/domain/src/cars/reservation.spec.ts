import { canReserve, DEFAULT_RESERVE_DEPOSIT_TEXT, reserveDepositText } from './reservation';

describe('canReserve (spec 000 §4 Reservation)', () => {
  const base = { status: 'in_stock', sold: false, reserved: false, price: 201 } as const;

  it.each([
    ['in stock, unsold, unreserved', base, false, true],
    ['coming soon', { ...base, status: 'coming_soon' }, false, false],
    ['sold status', { ...base, status: 'sold' }, false, false],
    ['sold flag on an in-stock car', { ...base, sold: true }, false, false],
    ['reserved', { ...base, reserved: true }, false, false],
    ['flags missing', { status: 'in_stock', price: 201 }, false, true],
    ['price 200 without market price', { ...base, price: 200 }, false, true],
    ['no price without market price', { ...base, price: null }, false, true],
    ['price 201 with market price', base, true, true],
    ['price 200 with market price', { ...base, price: 200 }, true, false],
    ['no price with market price', { ...base, price: null }, true, false],
  ] as const)('%s -> %s', (_name, car, marketPriceEnabled, expected) => {
    expect(canReserve(car, { marketPriceEnabled })).toBe(expected);
  });
});

describe('reserveDepositText (spec 001 §9: $200 when the car has no value)', () => {
  it.each([
    [500, '$500'],
    [1500, '$1,500'],
    ['$1,000 refundable', '$1,000 refundable'],
    ['  $300 ', '$300'],
    [0, '$200'],
    [-5, '$200'],
    [Number.NaN, '$200'],
    ['', '$200'],
    ['   ', '$200'],
    [null, '$200'],
    [undefined, '$200'],
  ] as const)('%p -> %s', (value, text) => {
    expect(reserveDepositText(value, DEFAULT_RESERVE_DEPOSIT_TEXT)).toBe(text);
  });

  it('falls back to the site text', () => {
    expect(reserveDepositText(null, '$500 deposit')).toBe('$500 deposit');
  });

  it('defaults to $200', () => {
    expect(reserveDepositText(undefined)).toBe('$200');
  });
});
