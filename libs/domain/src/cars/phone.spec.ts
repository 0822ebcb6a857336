import type { SiteConfig } from '../site-config/site-config.schema';
import { displayPhone, maskPhone, phoneForCar, telHref } from './phone';

describe('displayPhone (spec 001 §9 Phone display)', () => {
  it.each([
    ['0390000000', '03 9000 0000'],
    ['03 9000 0000', '03 9000 0000'],
    ['(03) 9000-0000', '03 9000 0000'],
    ['+61390000000', '03 9000 0000'],
    ['+61 3 9000 0000', '03 9000 0000'],
    ['+61 (0)3 9000 0000', '03 9000 0000'],
    ['61390000000', '03 9000 0000'],
    ['0412345678', '04 1234 5678'],
    ['+61 412 345 678', '04 1234 5678'],
    ['0412-345-678', '04 1234 5678'],
    ['  02 9876 5432  ', '02 9876 5432'],
    ['1300 123 456', '1300 123 456'],
    ['1800123456', '1800123456'],
    ['13 13 13', '13 13 13'],
    ['039000000', '039000000'],
    ['03900000001', '03900000001'],
    ['  call us  ', 'call us'],
    ['', ''],
  ])('%p -> %p', (raw, display) => {
    expect(displayPhone(raw)).toBe(display);
  });
});

describe('maskPhone (spec 000 §4: masked after the first 5 digits)', () => {
  it.each([
    // Five digits, not five characters: the space is not a digit.
    ['03 9000 0000', '03 900X XXXX'],
    ['04 1234 5678', '04 123X XXXX'],
    ['0390000000', '03900XXXXX'],
    ['1300 123 456', '1300 1XX XXX'],
    ['0390', '0390'],
    ['', ''],
  ])('%p -> %p', (display, masked) => {
    expect(maskPhone(display)).toBe(masked);
  });
});

describe('telHref', () => {
  it.each([
    ['03 9000 0000', 'tel:0390000000'],
    ['04 1234 5678', 'tel:0412345678'],
    ['1300 123 456', 'tel:1300123456'],
    [' +44 20 7946 0000', 'tel:+442079460000'],
    ['(03) 9741 0000', 'tel:0397410000'],
    ['+61 3 9741 0000', 'tel:+61397410000'],
    ['13 11 11', 'tel:131111'],
    ['', null],
    [null, null],
    [undefined, null],
    ['TBA', null],
  ])('%p -> %p', (display, href) => {
    expect(telHref(display)).toBe(href);
  });
});

describe('phoneForCar (spec 001 §9 Phone display)', () => {
  const numbers = { new: '03 9000 1111', used: '+61 3 9000 2222', demo: '' };
  const byType: SiteConfig['phone'] = { filter_by_car_type: true, numbers };
  const byLocation: SiteConfig['phone'] = { filter_by_car_type: false, numbers };

  it.each([
    ['car-type number when filtering is on', { car_type: 'new' }, byType, '0390000000', '03 9000 1111'],
    ['car-type number in display form', { car_type: 'used' }, byType, '0390000000', '03 9000 2222'],
    ['empty car-type number falls back to the location', { car_type: 'demo' }, byType, '+61390000000', '03 9000 0000'],
    ['no car type falls back to the location', {}, byType, '0390000000', '03 9000 0000'],
    ['location phone when filtering is off', { car_type: 'new' }, byLocation, '(03) 9000 0000', '03 9000 0000'],
    ['no location phone', { car_type: 'new' }, byLocation, null, null],
    ['blank location phone', { car_type: 'demo' }, byType, '  ', null],
    ['undefined location phone', { car_type: 'demo' }, byType, undefined, null],
  ] as const)('%s', (_name, car, config, locationPhone, expected) => {
    expect(phoneForCar(car, config, locationPhone)).toBe(expected);
  });

  it('treats a blank car-type number as empty', () => {
    const config: SiteConfig['phone'] = { filter_by_car_type: true, numbers: { ...numbers, new: '   ' } };
    expect(phoneForCar({ car_type: 'new' }, config, '0390000000')).toBe('03 9000 0000');
  });
});
