import fc from 'fast-check';
import { PLATFORM_DEFAULTS } from '../site-config/platform-defaults';
import { contrastRatio, formatContrast, readableTextOn, relativeLuminance, themeContrastProblems } from './contrast';

const hexColour = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#1f3a5f', '#1f3a5f')).toBe(1);
  });

  it('matches published WCAG values', () => {
    // #767676 on white is the lightest grey that passes AA (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('is symmetric and between 1 and 21', () => {
    fc.assert(
      fc.property(hexColour, hexColour, (a, b) => {
        const ratio = contrastRatio(a, b);
        expect(ratio).toBeCloseTo(contrastRatio(b, a), 12);
        expect(ratio).toBeGreaterThanOrEqual(1);
        expect(ratio).toBeLessThanOrEqual(21 + 1e-9);
      }),
    );
  });

  it('refuses what is not a hex colour', () => {
    expect(() => relativeLuminance('red')).toThrow("Not a hex colour: 'red'");
  });
});

describe('readableTextOn', () => {
  it('picks whichever of white and near-black contrasts more', () => {
    fc.assert(
      fc.property(hexColour, (background) => {
        const other = readableTextOn(background) === '#ffffff' ? '#111111' : '#ffffff';
        expect(contrastRatio(readableTextOn(background), background)).toBeGreaterThanOrEqual(
          contrastRatio(other, background),
        );
      }),
    );
  });
});

describe('formatContrast', () => {
  it('never rounds a failing ratio up to a passing-looking one', () => {
    expect(formatContrast(4.46)).toBe('4.4:1');
    expect(formatContrast(21)).toBe('21:1');
  });
});

describe('themeContrastProblems', () => {
  const theme = PLATFORM_DEFAULTS.theme;

  it('passes the platform default theme', () => {
    expect(themeContrastProblems(PLATFORM_DEFAULTS)).toEqual([]);
  });

  it('refuses light text on a light primary colour, saying the ratio and what to change', () => {
    const problems = themeContrastProblems({
      theme: { ...theme, primary_colour: '#f5c518', on_primary_colour: '#ffffff' },
    });
    expect(problems.map((p) => p.path)).toContainEqual(['theme', 'on_primary_colour']);
    expect(problems.find((p) => p.path[1] === 'on_primary_colour')!.message).toBe(
      'Text on the primary colour has contrast 1.6:1; WCAG AA needs at least 4.5:1. Darken the primary colour or change the text colour.',
    );
  });

  it('refuses a primary colour that does not read as text on the page background', () => {
    const problems = themeContrastProblems({
      theme: { ...theme, primary_colour: '#111111', background_colour: '#222222' },
    });
    expect(problems.map((p) => p.path)).toContainEqual(['theme', 'primary_colour']);
  });

  it('refuses a mid-tone secondary colour on which neither white nor near-black text reads', () => {
    const problems = themeContrastProblems({ theme: { ...theme, secondary_colour: '#7a7a7a' } });
    expect(problems.map((p) => p.path)).toEqual([['theme', 'secondary_colour']]);
  });

  it('reports a pair exactly when its ratio is under 4.5', () => {
    fc.assert(
      fc.property(hexColour, hexColour, (primary, text) => {
        const failing = themeContrastProblems({
          theme: { ...theme, primary_colour: primary, on_primary_colour: text },
        }).some((p) => p.path[1] === 'on_primary_colour');
        expect(failing).toBe(contrastRatio(primary, text) < 4.5);
      }),
    );
  });
});
