import { PLATFORM_DEFAULTS } from '@platform/domain';

/**
 * API answers as the site endpoints send them, for unit tests of the client and reshape functions.
 * Kept in one place so a contract change shows up in one diff.
 */

export function siteConfigResponseFixture() {
  const config = {
    ...PLATFORM_DEFAULTS,
    theme: {
      ...PLATFORM_DEFAULTS.theme,
      primary_colour: '#c00000',
      logo_url: '/media/logos/werribee.svg',
      logo_alt: '',
    },
    wording: { ...PLATFORM_DEFAULTS.wording, tagline: '  Go your own way in the west ' },
  };
  return {
    site: {
      id: 2,
      slug: 'werribee-isuzu-ute',
      name: 'Werribee Isuzu UTE',
      template: 'single',
      hosts: ['werribee-isuzu-ute.localhost'],
    },
    config,
    dealership_id: null,
    dealerships: [
      {
        id: 21,
        slug: 'werribee-isuzu',
        name: 'Werribee Isuzu UTE',
        manufacturer_id: 3,
        logo_url: '/media/logos/isuzu.png',
        override_city: 'Werribee',
        include_sold_cars_days: '5',
        average_rating: '4.8',
        review_count: 300,
        config_overrides: { buttons: { enquire_label: 'Enquire Now' } },
        // The api merges each dealership's layers (its own and its brand's) over the site's.
        config: { ...config, buttons: { ...config.buttons, enquire_label: 'Enquire Now' } },
      },
      {
        id: 22,
        slug: 'hoppers-crossing-isuzu',
        name: 'Hoppers Crossing Isuzu',
        manufacturer_id: 3,
        logo_url: null,
        override_city: null,
        include_sold_cars_days: 3,
        average_rating: null,
        review_count: null,
        config_overrides: null,
        config,
      },
    ],
    manufacturers: [
      { id: 3, name: 'Isuzu UTE', slug: 'isuzu-ute', logo: { url: '/media/logos/isuzu.png' }, config_overrides: {} },
    ],
    locations: [
      {
        id: 202,
        name: 'Werribee Isuzu UTE Service',
        slug: 'werribee-isuzu-ute-service',
        location_type: 'service',
        dealership_id: 21,
        address: { street: '1 Princes Hwy', city: 'Werribee', state: 'VIC', postcode: 3030 },
        contact_detail: { phone: '(03) 9741 0001' },
        time_zone: 'Australia/Melbourne',
      },
      {
        id: 201,
        name: 'Werribee Isuzu UTE Sales',
        slug: 'werribee-isuzu-ute-sales',
        location_type: '',
        dealership_id: '21',
        address: { city: null },
        contact_detail: { phone: '' },
        phone: '+61 3 9741 0000',
        time_zone: 'Australia/Melbourne',
      },
      {
        id: 203,
        name: 'Hidden Yard',
        slug: 'hidden-yard',
        visible: false,
        dealership_id: 21,
        time_zone: 'Australia/Melbourne',
      },
      {
        id: 301,
        name: 'Group Parts Warehouse',
        slug: 'group-parts-warehouse',
        location_type: 'parts',
        dealership_id: null,
        address: { city: 'Laverton North' },
        time_zone: 'Australia/Melbourne',
      },
    ],
    dealership_websites: [],
  };
}

export function siteListResponseFixture() {
  return [
    {
      slug: 'werribee-isuzu-ute',
      name: 'Werribee Isuzu UTE',
      hosts: ['werribee-isuzu-ute.localhost'],
      theme: { primary_colour: '#c00000', logo_url: '/media/logos/werribee.svg' },
    },
    {
      slug: 'harbour-motor-group',
      name: 'Harbour Motor Group',
      hosts: [],
      theme: { primary_colour: '#0b4f6c', logo_url: null },
      config_error: null,
    },
    {
      slug: 'broken-site',
      name: 'Broken Site',
      hosts: ['broken-site.localhost'],
      theme: null,
      config_error: 'Invalid site configuration (site): theme.primary_colour: Use a hex colour such as #1a2b3c',
    },
  ];
}

/** What the proxy's host lookup answers for a site: its slug and name with the platform's default gates. */
export function siteRefFixture(slug: string, name: string, gatedRoutes: SiteRefGate[] = []) {
  return {
    slug,
    name,
    gates: { gated_routes: gatedRoutes },
    routes: PLATFORM_DEFAULTS.routes,
    embedding: PLATFORM_DEFAULTS.embedding,
    primary_host: `${slug}.localhost`,
  };
}
type SiteRefGate = (typeof PLATFORM_DEFAULTS.gates.gated_routes)[number];
