import type { APIRequestContext, Page } from '@playwright/test';
import { API_ORIGIN } from './e2e-env';

/** The demo sites the seed creates. Slugs belong in tests and data, never in application code. */
export const DEMO_SITE_SLUGS = ['harbour-motor-group', 'werribee-isuzu-ute', 'northside-used-cars'] as const;

export interface SiteConfigAnswer {
  site: { slug: string; name: string };
  config: {
    theme: {
      primary_colour: string;
      body_font: 'system' | 'humanist' | 'geometric' | 'serif' | 'condensed';
      heading_font: 'system' | 'humanist' | 'geometric' | 'serif' | 'condensed';
    };
    gates: { gated_routes: string[] };
    wording: { tagline: string };
    navigation: {
      header: { label: string; href: string; children?: { label: string; href: string }[] }[];
      buyer_tools: { label: string; href: string }[];
      payment_logos: string[];
    };
  };
  locations: { name: string; visible?: boolean | null }[];
}

/** What the site is configured to show, asked of the API the way the web asks it. */
export async function fetchSiteConfig(request: APIRequestContext, slug: string): Promise<SiteConfigAnswer> {
  const response = await request.get(`${API_ORIGIN}/api/sites/${slug}/config`);
  if (!response.ok()) throw new Error(`GET /api/sites/${slug}/config answered ${response.status()}`);
  return (await response.json()) as SiteConfigAnswer;
}

/** '#c00000' or '#c00' -> 'rgb(192, 0, 0)', as getComputedStyle reports colours. */
export function hexToRgb(hex: string): string {
  let digits = hex.trim().replace(/^#/, '');
  if (digits.length === 3) digits = [...digits].map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}$/i.test(digits)) throw new Error(`Not a hex colour: ${hex}`);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/**
 * Marks the marketing popups of a site's dealerships as dismissed before any page loads (the popup
 * stores its dismissal per dealership slug), for tests about what lies under them. The popup itself
 * is tested in forms.spec.ts.
 */
export async function dismissPopupsOf(page: Page, request: APIRequestContext, slug: string): Promise<void> {
  const response = await request.get(`${API_ORIGIN}/api/sites/${slug}/config`);
  if (!response.ok()) throw new Error(`GET /api/sites/${slug}/config answered ${response.status()}`);
  const { dealerships } = (await response.json()) as { dealerships: { slug: string }[] };
  const keys = dealerships.map((dealership) => `popup-dismissed:${dealership.slug}`);
  // Init scripts run in every frame too; a sandboxed embed (a map, a video) may not touch storage.
  await page.addInitScript((names: string[]) => {
    try {
      names.forEach((name) => localStorage.setItem(name, 'e2e'));
    } catch {
      // not this frame's to set
    }
  }, keys);
}
