import { siteConfigResponseFixture, siteListResponseFixture } from '@/test/fixtures';
import { reshapeSite, reshapeSiteList } from './reshape';
import { SiteConfigResponseSchema, SiteListResponseSchema } from './schemas';

const site = () => reshapeSite(SiteConfigResponseSchema.parse(siteConfigResponseFixture()));

describe('reshapeSite', () => {
  it('names the site and takes its merged configuration', () => {
    const view = site();
    expect(view).toMatchObject({ id: 2, slug: 'werribee-isuzu-ute', name: 'Werribee Isuzu UTE', template: 'single' });
    expect(view.config.theme.primary_colour).toBe('#c00000');
  });

  it('uses the site name as the logo text when logo_alt is empty', () => {
    expect(site().logo).toEqual({ src: '/media/logos/werribee.svg', alt: 'Werribee Isuzu UTE' });
  });

  it('uses logo_alt when it is set', () => {
    const raw = siteConfigResponseFixture();
    raw.config.theme.logo_alt = 'Werribee Isuzu UTE logo';
    expect(reshapeSite(SiteConfigResponseSchema.parse(raw)).logo.alt).toBe('Werribee Isuzu UTE logo');
  });

  it('trims the tagline and treats an empty one as none', () => {
    expect(site().tagline).toBe('Go your own way in the west');
    const raw = siteConfigResponseFixture();
    raw.config.wording.tagline = ' ';
    expect(reshapeSite(SiteConfigResponseSchema.parse(raw)).tagline).toBeNull();
  });

  it('lists dealerships by name, each with its visible locations, sales before service', () => {
    const [hoppers, werribee] = site().dealerships;
    expect(hoppers).toMatchObject({ name: 'Hoppers Crossing Isuzu', locations: [], logoUrl: null });
    expect(werribee.name).toBe('Werribee Isuzu UTE');
    expect(werribee.logoUrl).toBe('/media/logos/isuzu.png');
    expect(werribee.locations).toEqual([
      {
        id: 201,
        slug: 'werribee-isuzu-ute-sales',
        name: 'Werribee Isuzu UTE Sales',
        type: 'sales',
        // No city on the address: the dealership's override city.
        city: 'Werribee',
        // Empty contact phone: the location's own phone.
        phone: '03 9741 0000',
        phoneHref: 'tel:+61397410000',
      },
      {
        id: 202,
        slug: 'werribee-isuzu-ute-service',
        name: 'Werribee Isuzu UTE Service',
        type: 'service',
        city: 'Werribee',
        phone: '03 9741 0001',
        phoneHref: 'tel:0397410001',
      },
    ]);
  });

  it('keeps locations of no listed dealership apart', () => {
    expect(site().otherLocations).toEqual([
      {
        id: 301,
        slug: 'group-parts-warehouse',
        name: 'Group Parts Warehouse',
        type: 'parts',
        city: 'Laverton North',
        phone: null,
        phoneHref: null,
      },
    ]);
  });

  it('keeps the raw answer for screens that need more', () => {
    expect(site().source.manufacturers[0].name).toBe('Isuzu UTE');
    expect(site().source.dealerships[0].include_sold_cars_days).toBe(5);
  });
});

describe('reshapeSiteList', () => {
  it('orders sites by name and flattens the theme, keeping a broken site with its error', () => {
    expect(reshapeSiteList(SiteListResponseSchema.parse(siteListResponseFixture()))).toEqual([
      {
        slug: 'broken-site',
        name: 'Broken Site',
        hosts: ['broken-site.localhost'],
        primaryColour: null,
        logoUrl: null,
        configError: 'Invalid site configuration (site): theme.primary_colour: Use a hex colour such as #1a2b3c',
      },
      {
        slug: 'harbour-motor-group',
        name: 'Harbour Motor Group',
        hosts: [],
        primaryColour: '#0b4f6c',
        logoUrl: null,
        configError: null,
      },
      {
        slug: 'werribee-isuzu-ute',
        name: 'Werribee Isuzu UTE',
        hosts: ['werribee-isuzu-ute.localhost'],
        primaryColour: '#c00000',
        logoUrl: '/media/logos/werribee.svg',
        configError: null,
      },
    ]);
  });
});

describe("reshapeSite: a one-dealership site's pages show its dealership's marketing", () => {
  const banner = { image: '/media/photos/abc/w800', alt: 'Run-out sale' };
  const response = (dealershipId: number | null) => {
    const raw = siteConfigResponseFixture();
    raw.dealership_id = dealershipId as never;
    raw.dealerships[0]!.config = {
      ...raw.dealerships[0]!.config,
      marketing: { ...raw.config.marketing, banners: [banner] },
    };
    return SiteConfigResponseSchema.parse(raw);
  };

  it('takes the sole dealership’s marketing, as its owner published it', () => {
    const view = reshapeSite(response(21));
    expect(view.config.marketing.banners).toEqual([banner]);
    expect(view.config.theme.primary_colour).toBe('#c00000');
  });

  it("keeps the site's own on a group site", () => {
    expect(reshapeSite(response(null)).config.marketing.banners).toEqual([]);
  });
});
