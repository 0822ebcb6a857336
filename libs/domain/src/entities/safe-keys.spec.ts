import fc from 'fast-check';
import { z } from 'zod';
import { hasControlCharacters } from './primitives';
import { displayKey, hasLoneSurrogate, legibleKey, RESERVED_KEYS, setPath, storableText } from './safe-keys';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Object.prototype gained no property: the pollution canary every test here ends with. */
const expectUnpolluted = (): void => {
  expect(Object.getOwnPropertyNames(Object.prototype).filter((name) => /^[a-z]$/.test(name))).toEqual([]);
  expect(z.strictObject({ a: z.string() }).safeParse({ a: 'x', x: 1 }).success).toBe(false);
};

describe('setPath', () => {
  const segment = fc.oneof(fc.constantFrom(...RESERVED_KEYS), fc.string({ maxLength: 6 }));

  it('never writes through a reserved segment, wherever it stands in the path', () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.constantFrom('x', 'y', 'z'), (path, key) => {
        const target: Record<string, unknown> = {};
        const written = setPath(target, [...path, key], 'polluted');
        const reserved = [...path, key].some((part) => RESERVED_KEYS.has(part));
        expect(written).toBe(!reserved);
        if (reserved) expect(target).toEqual({});
        expectUnpolluted();
      }),
    );
  });

  it('refuses the spellings that reach Object.prototype', () => {
    for (const path of [
      ['__proto__', 'x'],
      ['constructor', 'prototype', 'y'],
      ['a', '__proto__', 'z'],
      ['__proto__'],
    ]) {
      const target: Record<string, unknown> = {};
      expect(setPath(target, path, 'polluted')).toBe(false);
    }
    expectUnpolluted();
  });

  it('builds nested objects with no prototype for any other path, and reads back what it wrote', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }), (path) => {
        fc.pre(!path.some((part) => RESERVED_KEYS.has(part)));
        const target = Object.create(null) as Record<string, unknown>;
        expect(setPath(target, path, 'v')).toBe(true);
        let node: unknown = target;
        for (const part of path) node = (node as Record<string, unknown>)[part];
        expect(node).toBe('v');
      }),
    );
    const target: Record<string, unknown> = {};
    setPath(target, ['toString', 'x'], '1');
    expect(Object.getPrototypeOf(target['toString'])).toBeNull();
  });
});

describe('storableText', () => {
  it('leaves no control character or lone surrogate, keeps line breaks and tabs, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const clean = storableText(text);
        expect(hasControlCharacters(clean)).toBe(false);
        expect(LONE_SURROGATE.test(clean)).toBe(false);
        expect(storableText(clean)).toBe(clean);
        expect([...text].filter((c) => c === '\n' || c === '\t').length).toBe(
          [...clean].filter((c) => c === '\n' || c === '\t').length,
        );
      }),
    );
  });

  it('changes nothing in text that is already storable', () => {
    expect(storableText('Toyota RAV4 — “GX” 2.0L\tAWD\n')).toBe('Toyota RAV4 — “GX” 2.0L\tAWD\n');
    expect(storableText('🚗')).toBe('🚗');
    expect(storableText('a\u0000b\ud800c')).toBe('ab\uFFFDc');
  });
});

describe('displayKey', () => {
  it('never cuts a character in half, so what it shows stays storable', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), fc.integer({ min: 1, max: 100 }), (key, max) => {
        const shown = displayKey(storableText(key), max);
        expect(hasLoneSurrogate(shown)).toBe(false);
        expect(Array.from(shown.replace(/…$/, '')).length).toBeLessThanOrEqual(Math.max(max, Array.from(key).length));
      }),
    );
    expect(displayKey(`${'a'.repeat(79)}🚗x`)).toBe(`${'a'.repeat(79)}🚗…`);
  });
});

describe('legibleKey', () => {
  const key = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 120 }),
    fc.constantFrom('\u0000', '\u001f\u007f', '\ud800', '\u200b', '\u202e', '\u2028', 'a\\b', '\\u0000'),
  );

  it('shows every key as storable, visible text, and leaves a plain key as it is', () => {
    fc.assert(
      fc.property(key, (raw) => {
        const shown = legibleKey(raw);
        expect(hasLoneSurrogate(shown)).toBe(false);
        expect(hasControlCharacters(shown)).toBe(false);
        expect(/[\p{Cf}\p{Zl}\p{Zp}]/u.test(shown)).toBe(false);
        if (raw.length > 0) expect(shown.length).toBeGreaterThan(0);
        if (!/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\\]/u.test(raw)) expect(shown).toBe(displayKey(raw));
      }),
    );
    expect(legibleKey('\u001f\u007f')).toBe('\\u001f\\u007f');
    expect(legibleKey('page\u0000')).toBe('page\\u0000');
    expect(legibleKey('\u200b')).toBe('\\u200b');
    expect(legibleKey('dealership')).toBe('dealership');
  });

  it('never shows two different keys (of up to 80 characters) the same', () => {
    fc.assert(
      fc.property(key, key, (a, b) => {
        fc.pre(a !== b && Array.from(a).length <= 80 && Array.from(b).length <= 80);
        expect(legibleKey(a)).not.toBe(legibleKey(b));
      }),
    );
    expect(legibleKey('\\u0000')).not.toBe(legibleKey('\u0000'));
  });

  it('cuts a huge key before escaping it', () => {
    expect(legibleKey('\u0000'.repeat(100_000)).length).toBeLessThan(81 * 6 + 1);
  });
});
