import type { SiteConfig } from '../site-config/site-config.schema';

/**
 * Text contrast per WCAG 2.x (relative luminance of sRGB colours). The site's pages draw text on
 * the theme's colours, so a theme a dealer or operator sets must keep that text readable: WCAG AA
 * asks 4.5:1 for body-size text.
 */

export const WCAG_AA_TEXT_CONTRAST = 4.5;

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColour(value: string): boolean {
  return HEX_COLOUR.test(value);
}

/** The sRGB channels of #abc or #aabbcc, 0 to 1. */
function channels(hex: string): [number, number, number] {
  if (!isHexColour(hex)) throw new Error(`Not a hex colour: '${hex}'`);
  const digits = hex.length === 4 ? [...hex.slice(1)].map((c) => c + c).join('') : hex.slice(1);
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16) / 255) as [number, number, number];
}

/** WCAG relative luminance: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two colours, from 1 (same luminance) to 21 (black on white); order does not matter. */
export function contrastRatio(hexA: string, hexB: string): number {
  const [light, dark] = [relativeLuminance(hexA), relativeLuminance(hexB)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * The text colour the pages draw on a background the theme gives no text colour for (secondary,
 * accent): white or near-black, whichever contrasts more.
 */
export function readableTextOn(background: string): '#ffffff' | '#111111' {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#111111') ? '#ffffff' : '#111111';
}

export interface ThemeContrastProblem {
  /** The setting to change, e.g. ['theme', 'on_primary_colour']. */
  path: string[];
  message: string;
  ratio: number;
}

/** A ratio as people read it: truncated, so 4.46 shows as 4.4:1 rather than a passing-looking 4.5:1. */
export function formatContrast(ratio: number): string {
  return `${Math.floor(ratio * 10) / 10}:1`;
}

/** Each text/background pair the pages draw from the theme, with the setting to change when it fails. */
function themePairs(theme: SiteConfig['theme']) {
  return [
    {
      path: ['theme', 'on_primary_colour'],
      text: theme.on_primary_colour,
      background: theme.primary_colour,
      what: 'Text on the primary colour',
      fix: 'Darken the primary colour or change the text colour.',
    },
    {
      // Outlined buttons, headings and links are drawn in the primary colour on the page.
      path: ['theme', 'primary_colour'],
      text: theme.primary_colour,
      background: theme.background_colour,
      what: 'Headings and links in the primary colour on the page background',
      fix: 'Darken the primary colour or lighten the background colour.',
    },
    {
      // The footer and car-card badges take white or near-black text, whichever reads better.
      path: ['theme', 'secondary_colour'],
      text: readableTextOn(theme.secondary_colour),
      background: theme.secondary_colour,
      what: 'Footer text on the secondary colour (white or near-black, whichever reads better)',
      fix: 'Make the secondary colour darker or lighter.',
    },
  ];
}

/** The theme's text/background pairs under WCAG AA, each naming the setting to change and why. */
export function themeContrastProblems(config: Pick<SiteConfig, 'theme'>): ThemeContrastProblem[] {
  return themePairs(config.theme).flatMap(({ path, text, background, what, fix }) => {
    const ratio = contrastRatio(text, background);
    return ratio >= WCAG_AA_TEXT_CONTRAST
      ? []
      : [
          {
            path,
            ratio,
            message: `${what} has contrast ${formatContrast(ratio)}; WCAG AA needs at least ${WCAG_AA_TEXT_CONTRAST}:1. ${fix}`,
          },
        ];
  });
}
