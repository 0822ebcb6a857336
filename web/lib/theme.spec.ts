import { PLATFORM_DEFAULTS } from '@platform/domain';
import { actionColour, FONT_STACKS, normaliseHex, readableTextColour, saturation, themeVariables } from './theme';

describe('themeVariables', () => {
  it('exposes the configured colours as CSS custom properties', () => {
    const theme = {
      ...PLATFORM_DEFAULTS.theme,
      primary_colour: '#c00000',
      secondary_colour: '#1d1d1b',
      button_style: 'pill' as const,
    };
    expect(themeVariables(theme)).toEqual({
      '--color-primary': '#c00000',
      '--color-on-primary': '#ffffff',
      '--color-secondary': '#1d1d1b',
      '--color-on-secondary': '#ffffff',
      '--color-accent': PLATFORM_DEFAULTS.theme.accent_colour,
      // Black reads better than white on the default orange accent (contrast 5.7 vs 3.7).
      '--color-on-accent': '#111111',
      '--color-background': '#ffffff',
      '--button-radius': '999px',
      '--field-radius': '0.75rem',
      '--panel-radius': '1rem',
      '--font-body': FONT_STACKS.system,
      '--font-heading': FONT_STACKS.system,
    });
  });

  it('names the body and heading typefaces as font stacks of installed fonts', () => {
    const variables = themeVariables({ ...PLATFORM_DEFAULTS.theme, body_font: 'humanist', heading_font: 'serif' });
    expect(variables['--font-body']).toBe(FONT_STACKS.humanist);
    expect(variables['--font-heading']).toMatch(/serif$/);
    // Every stack ends in a generic family, so text always has a face.
    for (const stack of Object.values(FONT_STACKS)) expect(stack).toMatch(/(sans-serif|serif)$/);
  });

  it.each([
    ['square', '0', '0'],
    ['rounded', '0.375rem', '0.5rem'],
    ['pill', '999px', '1rem'],
  ] as const)('button style %p -> button radius %p, panel radius %p', (style, button, panel) => {
    const variables = themeVariables({ ...PLATFORM_DEFAULTS.theme, button_style: style });
    expect(variables['--button-radius']).toBe(button);
    expect(variables['--panel-radius']).toBe(panel);
  });

  it('never gives a panel or a field a radius that would crop it (at most 1rem), whatever the style', () => {
    for (const style of ['square', 'rounded', 'pill'] as const) {
      const variables = themeVariables({ ...PLATFORM_DEFAULTS.theme, button_style: style });
      for (const name of ['--panel-radius', '--field-radius'] as const)
        expect(parseFloat(variables[name] ?? '')).toBeLessThanOrEqual(1);
    }
  });
});

describe('actionColour', () => {
  it('keeps a coloured accent for primary buttons', () => {
    expect(actionColour({ accent_colour: '#e4572e', primary_colour: '#1f3a5f' })).toBe('#e4572e');
    expect(actionColour({ accent_colour: '#f2a900', primary_colour: '#0b3c5d' })).toBe('#f2a900');
  });

  it.each(['#6d6e71', '#c8c8c8', '#808080', '#000000', '#ffffff'])(
    'uses the primary colour instead of the grey accent %p, which would look disabled',
    (grey) => {
      expect(actionColour({ accent_colour: grey, primary_colour: '#b5121b' })).toBe('#b5121b');
    },
  );

  it('sets the accent variables from it, with a readable text colour', () => {
    const variables = themeVariables({
      ...PLATFORM_DEFAULTS.theme,
      accent_colour: '#6d6e71',
      primary_colour: '#b5121b',
    });
    expect(variables['--color-accent']).toBe('#b5121b');
    expect(variables['--color-on-accent']).toBe('#ffffff');
  });
});

describe('saturation', () => {
  it.each([
    ['#808080', 0],
    ['#ff0000', 1],
    ['#6d6e71', 0.02],
  ])('%p -> about %p', (hex, expected) => {
    expect(saturation(hex)).toBeCloseTo(expected, 2);
  });
});

describe('readableTextColour', () => {
  it.each([
    ['#000000', '#ffffff'],
    ['#1d1d1b', '#ffffff'],
    ['#c00000', '#ffffff'],
    ['#ffffff', '#111111'],
    ['#ffb300', '#111111'],
    ['#e4572e', '#111111'],
    ['#C8C8C8', '#111111'],
    ['#fff', '#111111'],
  ])('%p -> %p', (background, text) => {
    expect(readableTextColour(background)).toBe(text);
  });
});

describe('normaliseHex', () => {
  it('expands short hex and lower-cases', () => {
    expect(normaliseHex('#AbC')).toBe('#aabbcc');
    expect(normaliseHex('#C00000')).toBe('#c00000');
  });
});
