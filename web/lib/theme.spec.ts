import { PLATFORM_DEFAULTS } from '@platform/domain';
import { FONT_STACKS, normaliseHex, readableTextColour, themeVariables } from './theme';

describe('themeVariables', () => {
  it('exposes the configured colours as CSS custom properties', () => {
    const theme = { ...PLATFORM_DEFAULTS.theme, primary_colour: '#c00000', secondary_colour: '#1d1d1b', button_style: 'pill' as const };
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
    ['square', '0'],
    ['rounded', '0.375rem'],
    ['pill', '999px'],
  ] as const)('button style %p -> radius %p', (style, radius) => {
    expect(themeVariables({ ...PLATFORM_DEFAULTS.theme, button_style: style })['--button-radius']).toBe(radius);
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
