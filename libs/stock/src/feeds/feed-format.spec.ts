import { z } from 'zod';
import { parseCsvFeed, parseJsonFeed } from './feed-format';

const HEADER = 'stocknum,make,model,year,car_type';

/** The pollution canary: a strict schema still refuses an unknown key, and plain objects gained nothing. */
const expectUnpolluted = (): void => {
  expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  expect(({} as Record<string, unknown>)['y']).toBeUndefined();
  // Strict schemas read own keys only; polluted, every object would also carry 'x' through `in`.
  expect('x' in {}).toBe(false);
  expect(z.strictObject({ a: z.string() }).safeParse({ a: 'ok', x: 1 }).success).toBe(false);
};

describe('parseCsvFeed', () => {
  it('never writes a reserved column to Object.prototype, and names the columns it ignored', async () => {
    const csv = `${HEADER},__proto__.x,constructor.prototype.y,prototype,variant.__proto__.z,colour\nA1,Toyota,RAV4,2022,used,1,2,3,4,Blue\n`;
    const parsed = await parseCsvFeed(Buffer.from(csv));
    expectUnpolluted();
    expect(parsed.ignoredColumns).toEqual([
      '__proto__.x',
      'constructor.prototype.y',
      'prototype',
      'variant.__proto__.z',
    ]);
    expect(parsed.rows).toHaveLength(1);
    const car = parsed.rows[0]?.value as Record<string, unknown>;
    expect({ ...car }).toEqual({
      stocknum: 'A1',
      make: 'Toyota',
      model: 'RAV4',
      year: '2022',
      car_type: 'used',
      colour: 'Blue',
    });
    expect(Object.getPrototypeOf(car)).toBeNull();
  });
});

describe('parseJsonFeed', () => {
  it('makes every deleted stock number storable and drops the ones left empty', () => {
    const parsed = parseJsonFeed(Buffer.from(JSON.stringify({ cars: [], deleted: ['A\u00001', ' B2 ', '\u0000', 7] })));
    expect(parsed.deleted).toEqual(['A1', 'B2', '7']);
  });

  it('stores no NUL from a malformed body in its error message', () => {
    expect(() => parseJsonFeed(Buffer.from('[\u0000]'))).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('\u0000') }),
    );
  });
});
