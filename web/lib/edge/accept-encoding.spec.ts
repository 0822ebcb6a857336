import fc from 'fast-check';
import { chooseEncoding, type ContentCoding } from './accept-encoding';

const OFFERED: readonly ContentCoding[] = ['br', 'gzip'];

describe('chooseEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0', 'identity'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0.000', 'identity'],
    ['BR ; Q=0 , GZip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0.5, identity', 'identity'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['*;q=0', 'identity'],
    ['x-gzip', 'gzip'],
    ['deflate', 'identity'],
    ['  br  ;  q=0.8  ,\tgzip ; q=0.9 ', 'gzip'],
    ['br;q=2', 'identity'],
    ['br;q=abc, gzip', 'gzip'],
    ['br;level=5', 'br'],
    [',,, ;q=1,', 'identity'],
  ])('%p -> %p', (header, expected) => {
    expect(chooseEncoding(header, OFFERED)).toBe(expected);
  });

  it('prefers the server’s order among codings the client weighs the same', () => {
    expect(chooseEncoding('gzip, br', ['br', 'gzip'])).toBe('br');
    expect(chooseEncoding('gzip, br', ['gzip', 'br'])).toBe('gzip');
  });

  // A model of the header: each entry's coding as written (any case), its weight in thousandths
  // (absent: 1), with whitespace anywhere the grammar allows it.
  const coding = fc.constantFrom('br', 'gzip', 'x-gzip', 'deflate', 'identity', '*', 'compress', 'zstd');
  const entry = fc.record({
    coding,
    upper: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    weight: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }),
    space: fc.constantFrom('', ' ', '  ', '\t'),
  });
  const spell = (e: { coding: string; upper: boolean[]; weight?: number; space: string }) => {
    const name = [...e.coding].map((c, i) => (e.upper[i] ? c.toUpperCase() : c)).join('');
    const q = e.weight === undefined ? '' : `${e.space};${e.space}q=${(e.weight / 1000).toFixed(3)}`;
    return `${e.space}${name}${q}${e.space}`;
  };
  const canonical = (name: string) => (name === 'x-gzip' ? 'gzip' : name);

  /** The weight RFC 9110 §12.5.3 gives a coding for a list of entries (named twice: the higher weight). */
  function weightOf(name: ContentCoding | 'identity', entries: { coding: string; weight?: number }[]): number {
    const weight = (e: { weight?: number }) => e.weight ?? 1000;
    const named = entries.filter((e) => canonical(e.coding) === name);
    if (named.length > 0) return Math.max(...named.map(weight));
    const star = entries.filter((e) => e.coding === '*');
    if (star.length > 0) return Math.max(...star.map(weight));
    // Unnamed identity: acceptable, below any weight a client can write (0.001).
    return name === 'identity' ? 0.5 : 0;
  }

  it('never answers a coding the client gave q=0 or did not accept, and always one it weighs highest (property)', () => {
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 6 }), (entries) => {
        const chosen = chooseEncoding(entries.map(spell).join(','), OFFERED);
        const offeredWeights = OFFERED.map((name) => weightOf(name, entries));
        if (chosen === 'identity') {
          // Identity only when no offered coding weighs more than it (or it is refused and nothing else is accepted).
          const identity = weightOf('identity', entries);
          for (const weight of offeredWeights) expect(weight === 0 || weight <= identity).toBe(true);
        } else {
          const weight = weightOf(chosen, entries);
          expect(weight).toBeGreaterThan(0);
          for (const other of offeredWeights) expect(weight).toBeGreaterThanOrEqual(other);
          expect(weight).toBeGreaterThanOrEqual(weightOf('identity', entries));
        }
      }),
    );
  });

  it('answers the same for any spelling of the same header: case and whitespace do not matter (property)', () => {
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 6 }), (entries) => {
        const plain = entries.map((e) => spell({ ...e, upper: e.upper.map(() => false), space: '' })).join(',');
        expect(chooseEncoding(entries.map(spell).join(' , '), OFFERED)).toBe(chooseEncoding(plain, OFFERED));
      }),
    );
  });

  it('never throws, and answers an offered coding or identity, for any header (property)', () => {
    fc.assert(
      fc.property(fc.string(), (header) => {
        expect(['identity', ...OFFERED]).toContain(chooseEncoding(header, OFFERED));
      }),
    );
  });
});
