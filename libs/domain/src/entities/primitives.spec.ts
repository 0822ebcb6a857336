import fc from 'fast-check';
import {
  hasControlCharacters,
  hasNul,
  IdSchema,
  PG_INT_MAX,
  pgIntSchema,
  plainTextSchema,
  stripControlCharacters,
} from './primitives';

describe('storage-bound primitives', () => {
  it('IdSchema refuses ids past the integer column', () => {
    expect(IdSchema.safeParse(PG_INT_MAX).success).toBe(true);
    expect(IdSchema.safeParse('2147483647').success).toBe(true);
    const refused = IdSchema.safeParse(99_999_999_999);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(`must be ${PG_INT_MAX} or less`);
  });

  it('pgIntSchema accepts exactly what an integer column holds', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), (value) => {
        const fits = value >= -(2 ** 31) && value <= 2 ** 31 - 1;
        expect(pgIntSchema().safeParse(value).success).toBe(fits);
      }),
    );
  });

  it('plainTextSchema refuses NUL and control characters and bounds length', () => {
    const schema = plainTextSchema(10);
    expect(schema.safeParse('Hilux SR5').success).toBe(true);
    expect(schema.safeParse('line\nbreak').success).toBe(true);
    expect(schema.safeParse('nul\u0000').success).toBe(false);
    expect(schema.safeParse('x'.repeat(11)).success).toBe(false);
  });

  it('stripControlCharacters leaves text that PostgreSQL stores', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const stripped = stripControlCharacters(text);
        expect(hasNul(stripped)).toBe(false);
        expect(hasControlCharacters(stripped)).toBe(false);
      }),
    );
  });
});
