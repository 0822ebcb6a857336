import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { certifiedBadgePath, parseConfigLayer, resolveSiteConfig, themeContrastProblems } from '@platform/domain';
import { CatalogueError, validateCatalogue } from './catalogue';
import {
  DEMO_BODY_TYPES,
  DEMO_CATALOGUE,
  resolveAddress,
  specialHoursFor,
  weeklyHoursFor,
  type DemoCatalogue,
} from './data';
import { USED_MAKE_WEIGHTS } from './data/vehicle-models';
import { DEMO_ASSETS_DIR, renderDemoAssets } from './demo-assets';
import { DEMO_IMAGES_PER_BODY } from './generate-cars';

/** The value, or a failed test when it is missing. */
function defined<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`expected a ${what}`);
  return value;
}

const site = (slug: string) =>
  defined(
    DEMO_CATALOGUE.sites.find((s) => s.slug === slug),
    slug,
  );
const allDealerships = DEMO_CATALOGUE.sites.flatMap((s) => s.dealerships);
const allLocations = allDealerships.flatMap((d) => d.locations);
const locationBySlug = (slug: string) =>
  defined(
    allLocations.find((l) => l.slug === slug),
    slug,
  );

describe('demo catalogue configuration', () => {
  it('every template, site, dealership and manufacturer layer passes parseConfigLayer', () => {
    for (const t of DEMO_CATALOGUE.templates) expect(() => parseConfigLayer('template', t.config)).not.toThrow();
    for (const s of DEMO_CATALOGUE.sites) expect(() => parseConfigLayer('site', s.config)).not.toThrow();
    for (const d of allDealerships) expect(() => parseConfigLayer('dealership', d.config)).not.toThrow();
    for (const m of DEMO_CATALOGUE.manufacturers)
      expect(() => parseConfigLayer('manufacturer', m.config)).not.toThrow();
  });

  it('resolves for every site, dealership and dealership brand', () => {
    const resolved = validateCatalogue(DEMO_CATALOGUE);
    expect(Object.keys(resolved.sites).sort()).toEqual([
      'harbour-motor-group',
      'northside-used-cars',
      'werribee-isuzu-ute',
    ]);
    expect(Object.keys(resolved.dealerships)).toHaveLength(allDealerships.length);
    expect(Object.keys(resolved.brands).length).toBeGreaterThanOrEqual(9);
    for (const s of DEMO_CATALOGUE.sites) {
      const template = defined(
        DEMO_CATALOGUE.templates.find((t) => t.name === s.template),
        s.template,
      );
      for (const d of s.dealerships) {
        for (const m of DEMO_CATALOGUE.manufacturers) {
          expect(() =>
            resolveSiteConfig({
              template: template.config,
              site: s.config,
              dealership: d.config,
              manufacturer: m.config,
            }),
          ).not.toThrow();
        }
      }
    }
  });

  // The editors refuse a theme that fails WCAG AA; the demo must not be one an operator could not save.
  it('keeps text readable on every demo theme (WCAG AA)', () => {
    const failures = DEMO_CATALOGUE.sites.flatMap((s) => {
      const template = defined(DEMO_CATALOGUE.templates.find((t) => t.name === s.template));
      return s.dealerships.flatMap((d) =>
        DEMO_CATALOGUE.manufacturers.flatMap((m) =>
          themeContrastProblems(
            resolveSiteConfig({
              template: template.config,
              site: s.config,
              dealership: d.config,
              manufacturer: m.config,
            }),
          ).map((problem) => `${s.slug}/${d.slug}/${m.slug}: ${problem.message}`),
        ),
      );
    });
    expect(failures).toEqual([]);
  });

  it('gives each site the switches the brief names', () => {
    const { sites, dealerships, brands } = validateCatalogue(DEMO_CATALOGUE);
    const group = sites['harbour-motor-group'];
    expect(group.features.brand_directory_enabled).toBe(true);
    expect(group.features.sales_counter_enabled).toBe(true);
    expect(group.locations.show_all_location_tabs).toBe(true);
    expect(group.promo).toEqual(expect.objectContaining({ mode: 'every', every: 5, up_to: 30 }));
    expect(group.finance).toEqual(
      expect.objectContaining({ provider: 'taurus', amount_min: 5000, interest_min: 4, interest_max: 20 }),
    );
    expect(group.search.car_types).toEqual(['new', 'demo', 'used']);

    const single = sites['werribee-isuzu-ute'];
    expect(single.marketing.servicing_video_url).toMatch(/^https:\/\/www\.youtube\.com\/embed\//);
    expect(single.routes.contact_style).toBe('single');
    expect(single.buttons.enquire_label).toBe('Enquire Now');
    expect(single.finance.provider).toBe('angle');

    const used = sites['northside-used-cars'];
    expect(used.search.car_types).toEqual(['used']);
    expect(used.search.visibility_filters).toEqual(['car_type:used']);
    expect(used.wording.used_label).toBe('Pre-Owned');
    expect(used.buttons.reserve_label).toBe('Buy Online');
    expect(used.routes.checkout_segment).toBe('buy-online');

    expect(dealerships['harbour-pre-owned-seven-hills'].search.car_types).toEqual(['used']);
    expect(brands['harbour-subaru-southport/subaru'].theme.brand_button_colours.subaru).toBe('#00adee');
    expect(brands['harbour-subaru-southport/subaru'].theme.primary_colour).toBe(group.theme.primary_colour);

    const primaries = Object.values(sites).map((c) => c.theme.primary_colour);
    expect(new Set(primaries).size).toBe(primaries.length);
    for (const s of DEMO_CATALOGUE.sites) expect(sites[s.slug].theme.logo_url).toBe(`/media/logos/${s.slug}.svg`);
  });

  it('refuses a bad layer, naming the record and the zod path', () => {
    const broken: DemoCatalogue = {
      ...DEMO_CATALOGUE,
      sites: [{ ...site('northside-used-cars'), config: { theme: { primary_colour: 'green' } } }],
    };
    expect(() => validateCatalogue(broken)).toThrow(CatalogueError);
    expect(() => validateCatalogue(broken)).toThrow(/Site 'northside-used-cars'.*theme\.primary_colour/);
    const misspelt = {
      ...DEMO_CATALOGUE,
      templates: [...DEMO_CATALOGUE.templates.slice(1), { name: 'group', config: { serch: {} } as never }],
    };
    expect(() => validateCatalogue(misspelt)).toThrow(/Template 'group'/);
  });

  it('refuses a brand directory naming a brand with no manufacturer record (its tile would have no name or logo)', () => {
    const group = site('harbour-motor-group');
    const marketing = group.config.marketing ?? {};
    const directory = marketing.brand_directory;
    if (!directory) throw new Error('the group has a brand directory');
    const unknown: DemoCatalogue = {
      ...DEMO_CATALOGUE,
      sites: [
        {
          ...group,
          config: {
            ...group.config,
            marketing: {
              ...marketing,
              brand_directory: { ...directory, sections: [{ heading: 'Truck Brands', brands: ['hino-trucks'] }] },
            },
          },
        },
      ],
    };
    expect(() => validateCatalogue(unknown)).toThrow(
      /Site 'harbour-motor-group' brand directory names unknown manufacturer 'hino-trucks'/,
    );
  });

  it('gives every site a {slug}.localhost primary host and a production domain', () => {
    for (const s of DEMO_CATALOGUE.sites) {
      expect(s.hosts.filter((h) => h.primary)).toEqual([{ host: `${s.slug}.localhost`, primary: true }]);
      expect(s.hosts.some((h) => /^www\.[a-z]+\.com\.au$/.test(h.host))).toBe(true);
    }
  });

  it('lists several dealerships and cities for the group, and a dealership website per brand', () => {
    const group = site('harbour-motor-group');
    expect(group.dealerships.length).toBeGreaterThanOrEqual(6);
    const overrideCities = new Set(group.dealerships.map((d) => d.override_city));
    for (const city of ['Sydney', 'Newcastle', 'Brisbane', 'Gold Coast', 'Melbourne', 'Geelong'])
      expect(overrideCities.has(city)).toBe(true);
    const brandSlugs = new Set(group.dealerships.flatMap((d) => d.brands));
    for (const brand of ['toyota', 'mazda', 'hyundai', 'kia', 'subaru', 'isuzu-ute', 'ford', 'mg', 'byd'])
      expect(brandSlugs.has(brand)).toBe(true);
    const websiteMakes = new Set(group.dealership_websites.map((w) => w.make));
    for (const m of DEMO_CATALOGUE.manufacturers.filter((x) => brandSlugs.has(x.slug)))
      expect(websiteMakes.has(m.make)).toBe(true);
    const types = new Set(group.dealerships.flatMap((d) => d.locations.map((l) => l.location_type)));
    for (const type of ['sales', 'service', 'parts', 'used']) expect(types.has(type as never)).toBe(true);
    expect(
      group.dealerships.flatMap((d) => d.locations).some((l) => l.location_subtype?.includes('Pre-Owned Sales')),
    ).toBe(true);
    expect(site('werribee-isuzu-ute').dealerships).toHaveLength(1);
    expect(site('northside-used-cars').dealerships).toHaveLength(1);
  });
});

describe('demo locations', () => {
  it('number 12 or more, each at a real suburb of its postcode with the state time zone', () => {
    expect(allLocations.length).toBeGreaterThanOrEqual(12);
    const zones: Record<string, string> = {
      NSW: 'Australia/Sydney',
      VIC: 'Australia/Melbourne',
      QLD: 'Australia/Brisbane',
    };
    for (const location of allLocations) {
      const address = resolveAddress(location.address);
      expect(address.postcode).toMatch(/^\d{4}$/);
      expect(address.time_zone).toBe(zones[address.state]);
      expect(address.lat).toBeLessThan(-10);
      expect(address.long).toBeGreaterThan(110);
      expect(address.street).toMatch(/^\d+[\w-]* [A-Z]/);
    }
    const werribee = resolveAddress(site('werribee-isuzu-ute').dealerships[0].locations[0].address);
    expect(werribee).toEqual(
      expect.objectContaining({ city: 'Werribee', state: 'VIC', postcode: '3030', time_zone: 'Australia/Melbourne' }),
    );
    expect(() => resolveAddress({ street: '1 Nowhere St', suburb: 'Werribee', postcode: '2000' })).toThrow(
      /Postcode 2000 has no suburb 'Werribee'/,
    );
  });

  it('carry Australian phone numbers, licences, repairer numbers and ratings from 3.8 to 4.9', () => {
    const phone = /^(\(0[2378]\) \d{4} \d{4}|0[2378] \d{4} \d{4}|\+61 [2378] \d{4} \d{4}|1300 \d{3} \d{3})$/;
    for (const location of allLocations) {
      expect(location.phone).toMatch(phone);
      if (location.landline_phone) expect(location.landline_phone).toMatch(phone);
      expect(location.average_rating).toBeGreaterThanOrEqual(3.8);
      expect(location.average_rating).toBeLessThanOrEqual(4.9);
      expect(location.review_count).toBeGreaterThan(0);
      if (['', 'sales', 'used'].includes(location.location_type))
        expect(location.dealer_license_number).toMatch(/^(MD ?\d{5,7}|LMCT \d{5})$/);
    }
    expect(allLocations.some((l) => l.phone.startsWith('+61'))).toBe(true);
    expect(allLocations.filter((l) => l.location_type === 'service').every((l) => l.motor_vehicle_repairer)).toBe(true);
  });

  it('open sales Mon-Fri 8:30-17:30 and Sat 9:00-16:00, closed Sunday; service and parts keep their own hours', () => {
    const sales = weeklyHoursFor(locationBySlug('harbour-toyota-homebush-service'));
    expect(sales.every((h) => h.department === 'service')).toBe(true);
    const homebush = weeklyHoursFor(locationBySlug('harbour-toyota-homebush-sales'));
    const salesWeek = homebush.filter((h) => h.department === 'sales');
    expect(salesWeek).toHaveLength(7);
    expect(salesWeek[0]).toEqual({ department: 'sales', weekday: 0, status: 'Closed', open: null, close: null });
    for (const day of [1, 2, 3, 4, 5])
      expect(salesWeek[day]).toEqual({
        department: 'sales',
        weekday: day,
        status: 'Open',
        open: '08:30',
        close: '17:30',
      });
    expect(salesWeek[6]).toEqual({ department: 'sales', weekday: 6, status: 'Open', open: '09:00', close: '16:00' });
    expect(new Set(homebush.map((h) => h.department))).toEqual(new Set(['sales', 'service', 'parts']));
    expect(homebush.find((h) => h.department === 'service' && h.weekday === 1)?.open).toBe('07:30');
  });

  it('close on Christmas Day and trade reduced hours on Boxing Day (holidays follow `now`)', () => {
    const sales = locationBySlug('werribee-isuzu-ute-sales');
    const hours = specialHoursFor(sales, 'VIC', 'Australia/Melbourne', new Date('2025-11-21T02:00:00Z'));
    expect(hours).toContainEqual({
      date: '2025-12-25',
      status: 'Closed',
      start_hour: null,
      end_hour: null,
      department: 'all',
      location_name: sales.name,
    });
    expect(hours).toContainEqual({
      date: '2025-12-26',
      status: 'Open',
      start_hour: '10:00',
      end_hour: '16:00',
      department: 'sales',
      location_name: sales.name,
    });
    expect(hours.map((h) => h.date)).toContain('2026-04-03'); // Good Friday 2026
    expect(hours.map((h) => h.date)).toContain('2026-11-03'); // Melbourne Cup 2026
    expect(hours.map((h) => h.date)).not.toContain('2025-11-04'); // already past
    const service = locationBySlug('werribee-isuzu-ute-service');
    expect(specialHoursFor(service, 'VIC', 'Australia/Melbourne', new Date('2025-11-21T02:00:00Z'))).toContainEqual(
      expect.objectContaining({ date: '2025-12-26', status: 'Closed', department: 'service' }),
    );
  });
});

describe('demo assets', () => {
  const files = renderDemoAssets();

  it('are committed exactly as the generator renders them, each under 3 KB', () => {
    const stale: string[] = [];
    for (const [relative, content] of files) {
      const path = join(DEMO_ASSETS_DIR, relative);
      if (!existsSync(path) || readFileSync(path, 'utf8') !== content) stale.push(relative);
      else expect(statSync(path).size).toBeLessThan(3 * 1024);
    }
    // Regenerate with: npx nx run seed:build && node libs/seed/dist/demo-assets.js
    expect(stale).toEqual([]);
  });

  it('cover six photos of every body type, every site logo and every brand logo', () => {
    for (const body of DEMO_BODY_TYPES)
      for (let n = 1; n <= DEMO_IMAGES_PER_BODY; n++) expect(files.has(`demo/${body}-${n}.svg`)).toBe(true);
    const logoUrls = [
      ...DEMO_CATALOGUE.sites.flatMap((s) => [
        s.config.theme?.logo_url,
        ...s.dealerships.map((d) => d.logo_url),
        ...s.dealership_websites.map((w) => w.logo_url),
      ]),
      ...DEMO_CATALOGUE.manufacturers.map((m) => `/media/logos/brands/${m.slug}.svg`),
    ];
    for (const url of logoUrls) {
      expect(url).toMatch(/^\/media\/logos\//);
      expect(files.has((url as string).replace(/^\/media\//, ''))).toBe(true);
    }
  });

  it('give every make of the demo stock its certified pre-owned badge', () => {
    const makes = new Set([...Object.keys(USED_MAKE_WEIGHTS), ...DEMO_CATALOGUE.manufacturers.map((m) => m.make)]);
    for (const make of makes) expect(files.has(certifiedBadgePath(make).replace(/^\/media\//, ''))).toBe(true);
  });
});
