import fc from 'fast-check';
import {
  customerEmail,
  customerKeys,
  customerPhone,
  DUPLICATE_WINDOW_MINUTES,
  isDuplicateOf,
  type DuplicateCandidate,
} from './customer-key';

const MINUTE = 60_000;

/** An Australian mobile (9 digits after the 0, starting 4) or landline (area 2, 3, 7, 8). */
const nationalNumber = fc
  .tuple(fc.constantFrom('2', '3', '4', '7', '8'), fc.stringMatching(/^\d{8}$/))
  .map(([first, rest]) => `${first}${rest}`);

/** The ways people write one number: trunk 0 or +61, spaces, hyphens, brackets, surrounding spaces. */
const written = (national: string) =>
  fc
    .tuple(
      fc.constantFrom('0', '+61', '+61 ', '+61 (0)', '(0', ' 0'),
      fc.array(fc.constantFrom('', ' ', '-', '.'), { minLength: 9, maxLength: 9 }),
      fc.constantFrom('', ' ', '\t'),
    )
    .map(([prefix, separators, tail]) => {
      const digits = [...national].map((digit, i) => `${digit}${i < 8 ? separators[i] : ''}`).join('');
      // '(0' opens the area code's brackets: close them after its first digit.
      const body = prefix === '(0' ? `${digits[0]})${digits.slice(1)}` : digits;
      return `${prefix}${body}${tail}`;
    });

describe('customer keys', () => {
  it('normalises emails: trimmed, lower-case', () => {
    expect(customerEmail('  Maria.Nguyen@Example.COM ')).toBe('maria.nguyen@example.com');
    expect(customerEmail('   ')).toBeNull();
    expect(customerEmail(undefined)).toBeNull();
    expect(customerEmail(42)).toBeNull();
  });

  it('normalises Australian mobiles and landlines to E.164, and nothing else', () => {
    expect(customerPhone('0412 345 678')).toBe('+61412345678');
    expect(customerPhone('+61 412-345-678')).toBe('+61412345678');
    expect(customerPhone('+61 (0)412 345 678')).toBe('+61412345678');
    expect(customerPhone('(02) 9876 5432')).toBe('+61298765432');
    expect(customerPhone('03 9876 5432')).toBe('+61398765432');
    expect(customerPhone('+61 8 9876 5432')).toBe('+61898765432');
    expect(customerPhone('1300 123 456')).toBeNull();
    expect(customerPhone('+44 20 7946 0958')).toBeNull();
    expect(customerPhone('0412 345 67')).toBeNull();
    expect(customerPhone('04123456789')).toBeNull();
    expect(customerPhone('0412\u00a0345\u00a0678')).toBeNull();
    expect(customerPhone('')).toBeNull();
    expect(customerPhone(null)).toBeNull();
  });

  it('gives every way of writing one number the same key (property)', () => {
    fc.assert(
      fc.property(
        nationalNumber.chain((n) => fc.tuple(fc.constant(n), written(n), written(n))),
        ([national, one, other]) => {
          expect(customerPhone(one)).toBe(`+61${national}`);
          expect(customerPhone(other)).toBe(customerPhone(one));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never gives two different numbers the same key, however written (property)', () => {
    fc.assert(
      fc.property(
        nationalNumber.chain((a) => fc.tuple(fc.constant(a), written(a))),
        nationalNumber.chain((b) => fc.tuple(fc.constant(b), written(b))),
        ([a, typedA], [b, typedB]) => {
          fc.pre(a !== b);
          expect(customerPhone(typedA)).not.toBe(customerPhone(typedB));
          expect(customerPhone(typedA)).not.toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives case and surrounding-space variants of one email the same key, and different addresses different keys (property)', () => {
    const variant = (email: string) =>
      fc
        .tuple(
          fc.array(fc.boolean(), { minLength: email.length, maxLength: email.length }),
          fc.constantFrom('', ' ', '  ', '\t'),
          fc.constantFrom('', ' ', '\n'),
        )
        .map(
          ([upper, before, after]) =>
            `${before}${[...email].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('')}${after}`,
        );
    const address = fc
      .tuple(fc.stringMatching(/^[a-z0-9._+-]{1,12}$/), fc.stringMatching(/^[a-z0-9-]{1,10}\.[a-z]{2,4}$/))
      .map(([local, domain]) => `${local}@${domain}`);
    fc.assert(
      fc.property(
        address.chain((a) => fc.tuple(fc.constant(a), variant(a))),
        address.chain((b) => fc.tuple(fc.constant(b), variant(b))),
        ([a, typedA], [b, typedB]) => {
          expect(customerEmail(typedA)).toBe(a);
          if (a !== b) expect(customerEmail(typedA)).not.toBe(customerEmail(typedB));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads the keys from the fields as submitted', () => {
    expect(customerKeys({ email: 'A@B.com', phone: '0412 345 678', name: 'Maria' })).toEqual({
      email: 'a@b.com',
      phone: '+61412345678',
    });
    expect(customerKeys({})).toEqual({ email: null, phone: null });
    expect(customerKeys(null)).toEqual({ email: null, phone: null });
  });
});

describe('isDuplicateOf', () => {
  const at = new Date('2026-03-02T01:00:00Z');
  const first: DuplicateCandidate = {
    dealershipId: 7,
    form: 'vehicle',
    carId: 31,
    createdAt: at,
    keys: { email: 'maria@example.com', phone: '+61412345678' },
  };
  const later = (minutes: number, change: Partial<DuplicateCandidate> = {}): DuplicateCandidate => ({
    ...first,
    createdAt: new Date(at.getTime() + minutes * MINUTE),
    ...change,
  });

  it('is a duplicate: same dealership, shopper, form and car, within the window', () => {
    expect(isDuplicateOf(later(0), first)).toBe(true);
    expect(isDuplicateOf(later(DUPLICATE_WINDOW_MINUTES), first)).toBe(true);
    expect(isDuplicateOf(later(3, { keys: { email: null, phone: '+61412345678' } }), first)).toBe(true);
    expect(isDuplicateOf(later(3, { keys: { email: 'maria@example.com', phone: null } }), first)).toBe(true);
    expect(isDuplicateOf(later(3, { carId: null }), { ...first, carId: null })).toBe(true);
  });

  it('is not: outside the window either way, another dealership, form, car or shopper, or no keys', () => {
    expect(isDuplicateOf(later(DUPLICATE_WINDOW_MINUTES + 0.001), first)).toBe(false);
    expect(isDuplicateOf(later(-DUPLICATE_WINDOW_MINUTES - 0.001), first)).toBe(false);
    // Sent a moment before the one it is checked against (the two committed the other way round).
    expect(isDuplicateOf(later(-1), first)).toBe(true);
    expect(isDuplicateOf(later(1, { dealershipId: 8 }), first)).toBe(false);
    expect(isDuplicateOf(later(1, { dealershipId: null }), { ...first, dealershipId: null })).toBe(false);
    expect(isDuplicateOf(later(1, { form: 'test_drive' }), first)).toBe(false);
    expect(isDuplicateOf(later(1, { carId: 32 }), first)).toBe(false);
    expect(isDuplicateOf(later(1, { carId: null }), first)).toBe(false);
    expect(isDuplicateOf(later(1, { keys: { email: 'other@example.com', phone: '+61400000000' } }), first)).toBe(false);
    const none = { email: null, phone: null };
    expect(isDuplicateOf(later(1, { keys: none }), { ...first, keys: none })).toBe(false);
  });

  it('never marks a lead a duplicate of a different shopper (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: DUPLICATE_WINDOW_MINUTES * 60 }),
        fc.option(fc.emailAddress(), { nil: null }),
        fc.option(fc.emailAddress(), { nil: null }),
        (seconds, a, b) => {
          fc.pre(a !== b);
          const lead = later(seconds / 60, { keys: { email: a, phone: null } });
          expect(isDuplicateOf(lead, { ...first, keys: { email: b, phone: null } })).toBe(false);
        },
      ),
    );
  });
});
