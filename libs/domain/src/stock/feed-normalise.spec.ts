import fc from 'fast-check';
import { BODY_TYPES } from '../entities/car';
import { normaliseRawFields } from './feed-normalise';

describe('normaliseRawFields', () => {
  it('derives the simple fields from the raw ones real dealer systems send', () => {
    const { car, unmapped } = normaliseRawFields({
      body: 'SUV',
      fuel: 'Diesel',
      transmission: '6 Speed Automatic',
      drive: 'Four Wheel Drive',
    });
    expect(car).toMatchObject({
      simple_body: 'suv',
      simple_fuel: 'Diesel',
      simple_transmission: 'Automatic',
      simple_drive: '4x4',
    });
    expect(unmapped).toEqual([]);
  });

  it.each([
    ['body', 'Dual Cab Utility', 'simple_body', 'ute'],
    ['bodyconfiguration', 'Cab Chassis', 'simple_body', 'cabChassis'],
    ['body', 'People Mover', 'simple_body', 'peopleMover'],
    ['fuel', 'Unleaded Petrol', 'simple_fuel', 'Petrol'],
    ['fuel', 'Plug-in Hybrid', 'simple_fuel', 'Hybrid'],
    ['fuel', 'EV', 'simple_fuel', 'Electric'],
    ['trans', 'CVT', 'simple_transmission', 'Automatic'],
    ['trans', '5SP Manual', 'simple_transmission', 'Manual'],
    ['drive', 'AWD', 'simple_drive', 'AWD'],
    ['drive', 'Rear Wheel Drive', 'simple_drive', 'RWD'],
  ])('%p %p -> %p %p', (source, value, target, expected) => {
    expect(normaliseRawFields({ [source]: value }).car[target]).toBe(expected);
  });

  it('never overrides a simple field the feed sent', () => {
    expect(normaliseRawFields({ simple_fuel: 'Hybrid', fuel: 'Diesel' }).car['simple_fuel']).toBe('Hybrid');
  });

  it('keeps an unknown raw value as its text and reports it', () => {
    const { car, unmapped } = normaliseRawFields({ body: 'Hovercraft' });
    expect(car['simple_body']).toBe('Hovercraft');
    expect(unmapped).toEqual([{ field: 'simple_body', source: 'body', value: 'Hovercraft' }]);
  });

  it('maps every facet body type to itself, whatever its case', () => {
    for (const type of BODY_TYPES)
      expect(normaliseRawFields({ body: type.toUpperCase() }).car['simple_body']).toBe(type);
  });

  it('never throws and leaves rows without raw fields untouched', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })), (row) => {
        const { car } = normaliseRawFields(row);
        for (const key of Object.keys(row)) expect(car[key]).toEqual(row[key]);
      }),
    );
  });
});
