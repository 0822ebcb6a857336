import { PLATFORM_DEFAULTS, type SiteConfig } from '@platform/domain';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { APP_SECTIONS, linkResolves, modelContentPage, resolveSiteRoute } from './site-routes';

const withRoutes = (routes: Partial<SiteConfig['routes']>): SiteConfig => ({
  ...PLATFORM_DEFAULTS,
  routes: { ...PLATFORM_DEFAULTS.routes, ...routes },
});

describe('resolveSiteRoute', () => {
  it('answers configured finance, service and trade-in paths other than the defaults', () => {
    const config = withRoutes({
      finance_path: '/apply-for-finance',
      service_path: '/book-a-service-smithfield',
      trade_in_path: '/value-my-car',
    });
    expect(resolveSiteRoute('/apply-for-finance', config)).toEqual({ kind: 'finance' });
    expect(resolveSiteRoute('/apply-for-finance/', config)).toEqual({ kind: 'finance' });
    expect(resolveSiteRoute('/book-a-service-smithfield', config)).toEqual({ kind: 'service' });
    expect(resolveSiteRoute('/value-my-car', config)).toEqual({ kind: 'trade_in' });
    // The default paths have their own routes; an external finance link is never a page here.
    expect(resolveSiteRoute('/finance', PLATFORM_DEFAULTS)).toBeNull();
    expect(resolveSiteRoute('/finance', withRoutes({ finance_path: 'https://finance.example.com/apply' }))).toBeNull();
  });

  it('answers the content pages of the configuration', () => {
    expect(resolveSiteRoute('/about-us', PLATFORM_DEFAULTS)).toMatchObject({
      kind: 'content',
      page: { title: 'About Us' },
    });
    expect(resolveSiteRoute('/no-such-page', PLATFORM_DEFAULTS)).toBeNull();
  });

  it('puts value-my-car-terms-and-conditions under the pages path when the site has one', () => {
    const config = withRoutes({ pages_prefix: '/pages' });
    expect(resolveSiteRoute('/pages/value-my-car-terms-and-conditions', config)).toMatchObject({ kind: 'content' });
    expect(resolveSiteRoute('/value-my-car-terms-and-conditions', config)).toBeNull();
    expect(resolveSiteRoute('/about-us', config)).toMatchObject({ kind: 'content' });
    expect(resolveSiteRoute('/value-my-car-terms-and-conditions', PLATFORM_DEFAULTS)).toMatchObject({
      kind: 'content',
    });
  });

  it('answers the brand directory at its configured path when the site has one', () => {
    const enabled: SiteConfig = {
      ...PLATFORM_DEFAULTS,
      features: { ...PLATFORM_DEFAULTS.features, brand_directory_enabled: true },
    };
    expect(resolveSiteRoute('/brands', enabled)).toEqual({ kind: 'brand_directory' });
    // Without the directory the path answers nothing (a 404), and so nothing links to it.
    const without: SiteConfig = {
      ...PLATFORM_DEFAULTS,
      features: { ...PLATFORM_DEFAULTS.features, brand_directory_enabled: false },
    };
    expect(resolveSiteRoute('/brands', without)).toBeNull();
    expect(linkResolves('/brands', without)).toBe(false);
    const moved: SiteConfig = {
      ...enabled,
      marketing: {
        ...enabled.marketing,
        brand_directory: { ...enabled.marketing.brand_directory, path: '/our-brands' },
      },
    };
    expect(resolveSiteRoute('/our-brands/', moved)).toEqual({ kind: 'brand_directory' });
    expect(resolveSiteRoute('/brands', moved)).not.toEqual({ kind: 'brand_directory' });
    const listed: SiteConfig = {
      ...enabled,
      marketing: {
        ...enabled.marketing,
        brand_directory: {
          ...enabled.marketing.brand_directory,
          sections: [{ heading: 'Car Brands', brands: ['toyota'] }],
        },
      },
    };
    expect(resolveSiteRoute('/toyota/overview', listed)).toEqual({ kind: 'brand_overview', slug: 'toyota' });
    expect(resolveSiteRoute('/mazda/overview', listed)).toBeNull();
  });
});

describe('modelContentPage', () => {
  const page = (path: string, title: string, under_pages_prefix = false): SiteConfig['content']['pages'][number] => ({
    path,
    under_pages_prefix,
    title,
    body: [],
    hero_image: null,
    hero_alt: '',
  });
  const withPages = (
    pages: SiteConfig['content']['pages'],
    routes: Partial<SiteConfig['routes']> = {},
  ): SiteConfig => ({
    ...withRoutes(routes),
    content: { pages },
  });

  it('finds the page at /models/{slug} whatever the case or punctuation', () => {
    const config = withPages([page('/about-us', 'About Us'), page('/models/d-max', 'Meet the D-MAX')]);
    expect(modelContentPage('d-max', config)?.title).toBe('Meet the D-MAX');
    expect(modelContentPage('D-MAX', config)?.title).toBe('Meet the D-MAX');
    expect(modelContentPage('dmax', config)?.title).toBe('Meet the D-MAX');
  });

  it('answers null for another model, a deeper path or a page under the pages path', () => {
    expect(modelContentPage('mu-x', withPages([page('/models/d-max', 'D-MAX')]))).toBeNull();
    expect(modelContentPage('d-max', withPages([page('/models/d-max/specs', 'Specs')]))).toBeNull();
    expect(
      modelContentPage('d-max', withPages([page('/models/d-max', 'D-MAX', true)], { pages_prefix: '/pages' })),
    ).toBeNull();
    expect(modelContentPage('d-max', PLATFORM_DEFAULTS)).toBeNull();
  });
});

describe('linkResolves', () => {
  it('knows every section the app routes, and no other', () => {
    const sections = readdirSync(join(__dirname, '../../app/[site]'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('[') && !entry.name.startsWith('('))
      .map((entry) => entry.name)
      .sort();
    expect([...APP_SECTIONS].sort()).toEqual(sections);
  });

  it('accepts other sites, app routes and configured pages; refuses a site path nothing answers', () => {
    expect(linkResolves('https://www.example.com.au/', PLATFORM_DEFAULTS)).toBe(true);
    expect(linkResolves('/', PLATFORM_DEFAULTS)).toBe(true);
    expect(linkResolves('/search/used-cars?sort=price', PLATFORM_DEFAULTS)).toBe(true);
    expect(linkResolves('/about-us', PLATFORM_DEFAULTS)).toBe(true);
    expect(linkResolves('/twg-cars', PLATFORM_DEFAULTS)).toBe(false);
    expect(linkResolves('javascript:alert(1)', PLATFORM_DEFAULTS)).toBe(false);
    expect(linkResolves('/value-my-car', withRoutes({ trade_in_path: '/value-my-car' }))).toBe(true);
    expect(linkResolves('/used-car/toyota', PLATFORM_DEFAULTS)).toBe(false);
    expect(linkResolves('/used-car/toyota', withRoutes({ used_car_breadcrumbs: true }))).toBe(true);
  });
});
