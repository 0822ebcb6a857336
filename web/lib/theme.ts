import type { CSSProperties } from 'react';
import { readableTextOn, type SiteConfig } from '@platform/domain';

/**
 * The site's theme as CSS custom properties, set once on the site wrapper; stylesheets only ever
 * read var(--color-primary) and friends, so no component knows a tenant's colours.
 */

/**
 * A theme's button style sets three radii, each bounded to what its kind of box can take: buttons
 * and tags may be pills, but a panel (card, gallery, sidebar, dialog) or a form field given a pill's
 * radius turns into an oval that crops its title, its corners' buttons and the dialog's close button.
 */
const RADII: Record<SiteConfig['theme']['button_style'], { button: string; field: string; panel: string }> = {
  square: { button: '0', field: '0', panel: '0' },
  rounded: { button: '0.375rem', field: '0.375rem', panel: '0.5rem' },
  pill: { button: '999px', field: '0.75rem', panel: '1rem' },
};

export type ThemeVariables = Record<`--${string}`, string>;

/** Font stacks of fonts that ship with common devices, so a theme's typeface never waits for a download. */
export const FONT_STACKS: Record<SiteConfig['theme']['body_font'], string> = {
  system: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  humanist: "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif",
  geometric: "Avenir, Montserrat, Corbel, 'URW Gothic', source-sans-pro, sans-serif",
  serif: "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, serif",
  condensed: "'Arial Narrow', 'Roboto Condensed', 'Liberation Sans Narrow', 'Helvetica Neue', Arial, sans-serif",
};

/** Expands #abc to #aabbcc and lower-cases. */
export function normaliseHex(hex: string): string {
  const value = hex.trim().toLowerCase();
  return /^#[0-9a-f]{3}$/.test(value) ? `#${[...value.slice(1)].map((c) => c + c).join('')}` : value;
}

/**
 * White or near-black text, whichever reads better on the given background, for colours the
 * configuration gives no text colour for (secondary, accent); the rule is libs/domain's, which also
 * checks the theme's contrast.
 */
export function readableTextColour(background: string): '#ffffff' | '#111111' {
  return readableTextOn(normaliseHex(background));
}

/** HSL saturation below which a colour reads as grey. */
const GREY_SATURATION = 0.15;

/** HSL saturation (0 grey to 1 full colour) of a hex colour. */
export function saturation(hex: string): number {
  const value = normaliseHex(hex);
  const channels = [1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16) / 255);
  const max = Math.max(...channels);
  const min = Math.min(...channels);
  const lightness = (max + min) / 2;
  return max === min ? 0 : (max - min) / (1 - Math.abs(2 * lightness - 1));
}

/**
 * The colour of primary buttons ('Search cars', 'Contact Us'). Grey is how every browser and most
 * sites draw a disabled button, so a grey accent (werribee's brand grey) would make every enabled
 * primary button look disabled; the site's primary colour stands in for it.
 */
export function actionColour(theme: Pick<SiteConfig['theme'], 'accent_colour' | 'primary_colour'>): string {
  return saturation(theme.accent_colour) < GREY_SATURATION ? theme.primary_colour : theme.accent_colour;
}

export function themeVariables(theme: SiteConfig['theme']): ThemeVariables {
  const accent = actionColour(theme);
  return {
    '--color-primary': theme.primary_colour,
    '--color-on-primary': theme.on_primary_colour,
    '--color-secondary': theme.secondary_colour,
    '--color-on-secondary': readableTextColour(theme.secondary_colour),
    '--color-accent': accent,
    '--color-on-accent': readableTextColour(accent),
    '--color-background': theme.background_colour,
    '--button-radius': RADII[theme.button_style].button,
    '--field-radius': RADII[theme.button_style].field,
    '--panel-radius': RADII[theme.button_style].panel,
    '--font-body': FONT_STACKS[theme.body_font],
    '--font-heading': FONT_STACKS[theme.heading_font],
  };
}

/** themeVariables as a React style object. */
export function themeStyle(theme: SiteConfig['theme']): CSSProperties {
  return themeVariables(theme) as CSSProperties;
}
