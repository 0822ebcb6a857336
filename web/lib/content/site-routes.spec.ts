import { PLATFORM_DEFAULTS, type SiteConfig } from '@platform/domain';
import { resolveSiteRoute } from './site-routes';

const withRoutes = (routes: Partial<SiteConfig['routes']>): SiteConfig => ({ ...PLATFORM_DEFAULTS, routes: { ...PLATFORM_DEFAULTS.routes, ...routes } });

describe('resolveSiteRoute', () => {
  it('answers configured finance, service and trade-in paths other than the defaults', () => {
    const config = withRoutes({ finance_path: '/apply-for-finance', service_path: '/book-a-service-smithfield', trade_in_path: '/value-my-car' });
    expect(resolveSiteRoute('/apply-for-finance', config)).toEqual({ kind: 'finance' });
    expect(resolveSiteRoute('/apply-for-finance/', config)).toEqual({ kind: 'finance' });
    expect(resolveSiteRoute('/book-a-service-smithfield', config)).toEqual({ kind: 'service' });
    expect(resolveSiteRoute('/value-my-car', config)).toEqual({ kind: 'trade_in' });
    // The default paths have their own routes; an external finance link is never a page here.
    expect(resolveSiteRoute('/finance', PLATFORM_DEFAULTS)).toBeNull();
    expect(resolveSiteRoute('/finance', withRoutes({ finance_path: 'https://finance.example.com/apply' }))).toBeNull();
  });

  it('answers the content pages of the configuration', () => {
    expect(resolveSiteRoute('/about-us', PLATFORM_DEFAULTS)).toMatchObject({ kind: 'content', page: { title: 'About Us' } });
    expect(resolveSiteRoute('/no-such-page', PLATFORM_DEFAULTS)).toBeNull();
  });

  it('puts value-my-car-terms-and-conditions under the pages path when the site has one', () => {
    const config = withRoutes({ pages_prefix: '/pages' });
    expect(resolveSiteRoute('/pages/value-my-car-terms-and-conditions', config)).toMatchObject({ kind: 'content' });
    expect(resolveSiteRoute('/value-my-car-terms-and-conditions', config)).toBeNull();
    expect(resolveSiteRoute('/about-us', config)).toMatchObject({ kind: 'content' });
    expect(resolveSiteRoute('/value-my-car-terms-and-conditions', PLATFORM_DEFAULTS)).toMatchObject({ kind: 'content' });
  });
});
