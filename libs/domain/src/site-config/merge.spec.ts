import { PLATFORM_DEFAULTS } from './platform-defaults';
import { resolveSiteConfig, SiteConfigError, parseConfigLayer } from './merge';
import { SiteConfigSchema } from './site-config.schema';

describe('resolveSiteConfig precedence: defaults <- template <- site <- dealership <- manufacturer', () => {
  const layers = {
    template: {
      theme: { primary_colour: '#111111', accent_colour: '#222222' },
      wording: { used_label: 'Pre-Owned' as const },
    },
    site: { theme: { primary_colour: '#333333' }, buttons: { enquire_label: 'Enquire Now' as const } },
    dealership: { buttons: { enquire_label: 'Shop Now' as const }, inventory: { sold_days: 7 } },
    manufacturer: { theme: { primary_colour: '#00adee' } },
  };

  it.each([
    ['theme.primary_colour', (c: ReturnType<typeof resolveSiteConfig>) => c.theme.primary_colour, '#00adee'],
    [
      'theme.accent_colour (template only)',
      (c: ReturnType<typeof resolveSiteConfig>) => c.theme.accent_colour,
      '#222222',
    ],
    ['wording.used_label (template)', (c: ReturnType<typeof resolveSiteConfig>) => c.wording.used_label, 'Pre-Owned'],
    [
      'buttons.enquire_label (dealership over site)',
      (c: ReturnType<typeof resolveSiteConfig>) => c.buttons.enquire_label,
      'Shop Now',
    ],
    ['inventory.sold_days (dealership)', (c: ReturnType<typeof resolveSiteConfig>) => c.inventory.sold_days, 7],
    [
      'wording.no_price_text (default)',
      (c: ReturnType<typeof resolveSiteConfig>) => c.wording.no_price_text,
      'Enquire for price.',
    ],
    ['search.hits_per_page (default)', (c: ReturnType<typeof resolveSiteConfig>) => c.search.hits_per_page, 21],
  ])('%s', (_name, read, expected) => {
    expect(read(resolveSiteConfig(layers))).toEqual(expected);
  });

  it('applies each layer over the ones below it, one at a time', () => {
    expect(resolveSiteConfig({ template: layers.template }).theme.primary_colour).toBe('#111111');
    expect(resolveSiteConfig({ template: layers.template, site: layers.site }).theme.primary_colour).toBe('#333333');
    expect(
      resolveSiteConfig({ site: layers.site, dealership: { theme: { primary_colour: '#444444' } } }).theme
        .primary_colour,
    ).toBe('#444444');
  });

  it('returns the platform defaults when no layer is given, and they satisfy the schema', () => {
    expect(resolveSiteConfig({})).toEqual(PLATFORM_DEFAULTS);
    expect(SiteConfigSchema.safeParse(PLATFORM_DEFAULTS).success).toBe(true);
  });

  it('replaces arrays whole instead of concatenating them', () => {
    const config = resolveSiteConfig({
      site: { search: { sort_options: [{ value: 'price:asc', label: 'Lowest Price' }] } },
    });
    expect(config.search.sort_options).toEqual([{ value: 'price:asc', label: 'Lowest Price' }]);
  });

  it('never mutates the defaults or the layers', () => {
    const before = JSON.stringify(PLATFORM_DEFAULTS);
    const site = { theme: { primary_colour: '#abcdef' } };
    const siteBefore = JSON.stringify(site);
    resolveSiteConfig({ site });
    expect(JSON.stringify(PLATFORM_DEFAULTS)).toBe(before);
    expect(JSON.stringify(site)).toBe(siteBefore);
  });

  it('refuses __proto__ keys and leaves prototypes untouched', () => {
    const hostile = JSON.parse('{"theme": {"__proto__": {"polluted": true}}}');
    expect(() => resolveSiteConfig({ site: hostile })).toThrow(/__proto__/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('schema refusals name the layer, the path and the message', () => {
  const refusals: [string, Record<string, unknown>, string, string][] = [
    [
      'a colour that is not hex',
      { theme: { primary_colour: 'blue' } },
      'theme.primary_colour',
      'Use a hex colour such as #1a2b3c',
    ],
    ['an unknown group', { themes: {} }, '(root)', 'Unrecognized key'],
    ['a misspelt field', { wording: { no_price_txt: 'x' } }, 'wording', 'Unrecognized key'],
    [
      'a label outside the allowed set',
      { buttons: { reserve_label: 'Reserve' } },
      'buttons.reserve_label',
      'Invalid option',
    ],
    ['hits per page above 100', { search: { hits_per_page: 500 } }, 'search.hits_per_page', 'Too big'],
    ['a negative sold_days', { inventory: { sold_days: -1 } }, 'inventory.sold_days', 'Too small'],
    [
      'a visibility filter without a field',
      { search: { visibility_filters: ['used'] } },
      'search.visibility_filters.0',
      "Use 'field:value' or '-field:value'",
    ],
    ['a finance path that is not a path', { routes: { finance_path: 'finance' } }, 'routes.finance_path', 'Invalid'],
    ['a script URL as a link', { routes: { finance_path: 'javascript:alert(1)' } }, 'routes.finance_path', 'Invalid'],
    [
      'a protocol-relative address as a path',
      { routes: { service_path: '//evil.example/service' } },
      'routes.service_path',
      'Invalid',
    ],
    [
      'a data URL as a logo',
      { theme: { logo_url: 'data:image/svg+xml,<svg onload=alert(1)>' } },
      'theme.logo_url',
      'Invalid',
    ],
  ];

  it.each(refusals)('refuses %s', (_name, layer, path, message) => {
    let caught: unknown;
    try {
      resolveSiteConfig({ site: layer as never });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SiteConfigError);
    const error = caught as SiteConfigError;
    expect(error.layer).toBe('site');
    expect(error.issues.map((i) => i.path)).toContain(path);
    expect(error.message).toContain(message);
  });

  it('names the layer that failed', () => {
    expect(() => parseConfigLayer('manufacturer', { theme: { logo_url: 'not a url' } })).toThrow(
      /manufacturer.*theme\.logo_url/,
    );
  });

  it('refuses a merged result that breaks the schema even when every layer is valid on its own', () => {
    const broken = { ...PLATFORM_DEFAULTS, search: { ...PLATFORM_DEFAULTS.search, sort_options: [] } };
    expect(() => resolveSiteConfig({}, broken)).toThrow(SiteConfigError);
  });
});
