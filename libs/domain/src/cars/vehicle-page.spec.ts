import {
  BOTTOM_BAR_SCROLL_PX,
  CLIPBOARD_TOAST_MS,
  clipboardToastText,
  COPIED_NOTICE_MS,
  FEATURES_INITIAL,
  FUEL_DEFAULTS,
  formatCost,
  fuelCost,
  KEY_SPECS_INITIAL,
  otherCityAnnouncement,
  parseDistance,
  parseEconomy,
  parseFuelPrice,
  PRINT_PREPARING_LABEL,
  showFuelCalculator,
  showWatchlistButton,
  sidebarButtonColour,
  STICKY_HEADER_SCROLL_PX,
} from './vehicle-page';

describe('constants of spec 000 §9', () => {
  it('has the specification numbers', () => {
    expect({
      KEY_SPECS_INITIAL,
      FEATURES_INITIAL,
      STICKY_HEADER_SCROLL_PX,
      BOTTOM_BAR_SCROLL_PX,
      COPIED_NOTICE_MS,
      CLIPBOARD_TOAST_MS,
    }).toEqual({
      KEY_SPECS_INITIAL: 4,
      FEATURES_INITIAL: 8,
      STICKY_HEADER_SCROLL_PX: 500,
      BOTTOM_BAR_SCROLL_PX: 900,
      COPIED_NOTICE_MS: 1500,
      CLIPBOARD_TOAST_MS: 3000,
    });
    expect(PRINT_PREPARING_LABEL).toBe('Preparing...');
    expect(FUEL_DEFAULTS).toEqual({ pricePerLitre: 1.7, kmPerWeek: 250, litresPer100Km: 10 });
  });

  it('words the clipboard toast as spec 001 §4 does', () => {
    expect(clipboardToastText('2023 Toyota HiLux SR5')).toBe('Copied 2023 Toyota HiLux SR5 to your clipboard!');
  });
});

describe('showWatchlistButton (sold cars hide it unless already saved)', () => {
  it.each([
    [false, false, true],
    [false, true, true],
    [true, false, false],
    [true, true, true],
  ])('sold %p, saved %p -> %p', (sold, saved, shown) => {
    expect(showWatchlistButton(sold, saved)).toBe(shown);
  });
});

describe('sidebarButtonColour (spec 001 §9)', () => {
  const brands = { subaru: '#00adee', foton: '#C8C8C8', peugeot: '#0074e8', skoda: '#78faae', deepal: '#e34724' };
  it.each([
    ['Subaru', '#00adee'],
    ['FOTON', '#C8C8C8'],
    [' Peugeot ', '#0074e8'],
    ['Skoda', '#78faae'],
    ['Deepal', '#e34724'],
    ['Toyota', '#123456'],
    [null, '#123456'],
  ])('%p -> %p', (make, colour) => {
    expect(sidebarButtonColour(make, brands, '#123456')).toBe(colour);
  });
});

describe('otherCityAnnouncement', () => {
  it.each([
    ['Geelong', 'Homebush', 'Geelong'],
    ['Geelong', ' geelong ', null],
    [null, 'Homebush', null],
    ['Geelong', null, null],
  ])('car in %p, primary in %p -> %p', (car, primary, shown) => {
    expect(otherCityAnnouncement(car, primary)).toBe(shown);
  });
});

describe('fuel calculator (spec 000 §5, §9)', () => {
  it('is hidden for electric cars only', () => {
    expect(showFuelCalculator({ simple_fuel: 'Electric' })).toBe(false);
    expect(showFuelCalculator({ simple_fuel: 'Hybrid' })).toBe(true);
    expect(showFuelCalculator({ simple_fuel: null })).toBe(true);
  });

  it.each([
    ['1.70', 1.7],
    ['$1.70', 1.7],
    ['$ 2', 2],
    ['1,234.50', 1234.5],
    ['abc', null],
    ['', null],
    ['-1', null],
  ])('price %p -> %p', (input, value) => {
    expect(parseFuelPrice(input)).toBe(value);
  });

  it.each([
    ['250', 250],
    ['250 kms', 250],
    ['1,200kms', 1200],
    ['300 km', 300],
    ['kms', null],
  ])('distance %p -> %p', (input, value) => {
    expect(parseDistance(input)).toBe(value);
  });

  it('reads economy as a plain number', () => {
    expect(parseEconomy('7.5')).toBe(7.5);
    expect(parseEconomy('7,5')).toBeNull();
  });

  it.each([
    [250, 10, 1.7, 42.5],
    [333, 7.3, 1.899, 46.16],
    [0, 10, 1.7, 0],
  ])('%p km at %p L/100km and $%p/L costs %p', (km, economy, price, cost) => {
    expect(fuelCost(km, economy, price)).toBe(cost);
  });

  it('shows the cost to 2 decimals', () => {
    expect(formatCost(42.5)).toBe('$42.50');
    expect(formatCost(1234)).toBe('$1,234.00');
  });
});
