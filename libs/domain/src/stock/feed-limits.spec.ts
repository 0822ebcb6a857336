import fc from 'fast-check';
import { hasNul, PG_INT_MAX } from '../entities/primitives';
import { FeedCarSchema } from './feed-car';
import { FEED_LIMITS, overlongText, sanitiseFeedRow } from './feed-limits';

const ROW = { stocknum: 'A1', make: 'Toyota', model: 'RAV4', year: 2022, car_type: 'used' };

/** Every string anywhere in a value. */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([k, v]) => [k, ...stringsOf(v)])
      : [];

describe('feed limits', () => {
  it.each([
    ['price', 1_000_000_000_000],
    ['km', 100_000_000_000],
    ['seats', 1000],
    ['custom_rank', 3_000_000_000],
    ['before_price', -1],
    // Checkout charges it in cents, in an integer column: 30,000,000 dollars would not fit.
    ['reserve_deposit', 30_000_000],
  ])('refuse %p = %p with a message naming the bound', (field, value) => {
    const result = FeedCarSchema.safeParse({ ...ROW, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
    expect(result.error?.issues[0]?.message).toMatch(/must be -?\d+ or (less|more)/);
  });

  it('keep every integer column a row can set inside what PostgreSQL integer holds', () => {
    for (const limit of [FEED_LIMITS.dollars, FEED_LIMITS.km, FEED_LIMITS.seats, FEED_LIMITS.customRank]) {
      expect(limit.max).toBeLessThanOrEqual(PG_INT_MAX);
      expect(limit.min).toBeGreaterThanOrEqual(-PG_INT_MAX);
    }
  });

  it('accept any value inside the bounds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: FEED_LIMITS.dollars.min, max: FEED_LIMITS.dollars.max }),
        fc.integer({ min: FEED_LIMITS.km.min, max: FEED_LIMITS.km.max }),
        (price, km) => {
          expect(FeedCarSchema.safeParse({ ...ROW, price, km: String(km) }).success).toBe(true);
        },
      ),
    );
  });

  it('cap a make at 255 characters and dealer comments at 20,000', () => {
    expect(FeedCarSchema.safeParse({ ...ROW, make: 'x'.repeat(256) }).error?.issues[0]?.message).toBe(
      'must be at most 255 characters',
    );
    expect(FeedCarSchema.safeParse({ ...ROW, dealercomments: 'x'.repeat(20_000) }).success).toBe(true);
    expect(FeedCarSchema.safeParse({ ...ROW, dealercomments: 'x'.repeat(20_001) }).success).toBe(false);
  });
});

describe('sanitiseFeedRow', () => {
  it('removes NUL and other control characters from every string and key, keeping line breaks', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const { value: clean } = sanitiseFeedRow(value);
        for (const text of stringsOf(clean)) expect(hasNul(text)).toBe(false);
      }),
    );
    expect(sanitiseFeedRow({ model: 'RA\u0000V4', dealercomments: 'one\ntwo' }).value).toEqual({
      model: 'RAV4',
      dealercomments: 'one\ntwo',
    });
  });

  it('reports nesting deeper than the limit and rows larger than the limit', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 20; i++) deep = { next: deep };
    expect(sanitiseFeedRow({ ...ROW, extra: deep }).problems[0]?.message).toMatch(/nests deeper than 8 levels/);
    expect(sanitiseFeedRow({ ...ROW, extra: 'x'.repeat(FEED_LIMITS.rowChars) }).problems[0]).toMatchObject({
      path: '(row)',
    });
    expect(sanitiseFeedRow(ROW).problems).toEqual([]);
  });

  it('leaves out reserved and overlong field names at any depth, reports them, and keeps the rest', () => {
    const raw = JSON.parse(
      `{"stocknum":"A1","__proto__":{"x":1},"constructor":{"prototype":{"y":2}},"extra":{"prototype":3,"ok":4},"${'k'.repeat(256)}":5}`,
    ) as unknown;
    const { value, problems, ignored } = sanitiseFeedRow(raw);
    expect(problems).toEqual([]);
    expect(ignored).toEqual([
      { path: '__proto__', reason: 'reserved' },
      { path: 'constructor', reason: 'reserved' },
      { path: 'extra.prototype', reason: 'reserved' },
      { path: 'k'.repeat(256), reason: 'long' },
    ]);
    expect(value).toEqual({ stocknum: 'A1', extra: { ok: 4 } });
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect((value as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('cleans keys into reserved names before refusing them, and makes lone surrogates storable', () => {
    const { value, ignored } = sanitiseFeedRow({ ['__pro\u0000to__']: { x: 1 }, ['mo\ud800del']: 'RAV\udfff4' });
    expect(ignored).toEqual([{ path: '__proto__', reason: 'reserved' }]);
    expect(value).toEqual({ ['mo\uFFFDdel']: 'RAV\uFFFD4' });
  });
});

describe('overlongText', () => {
  it('finds strings over the generic cap in unknown fields, by path', () => {
    expect(overlongText({ ...ROW, extra: { note: 'x'.repeat(5_001) } })).toEqual([
      { path: 'extra.note', message: 'must be at most 5000 characters' },
    ]);
    expect(overlongText({ ...ROW, dealercomments: 'x'.repeat(10_000) })).toEqual([]);
  });
});
