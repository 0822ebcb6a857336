import { PLATFORM_DEFAULTS } from '../site-config/platform-defaults';
import { GATEABLE_ROUTES, type GateableRoute } from '../site-config/site-config.schema';
import { gatedRouteOf, signInPath, type GateConfig } from './sign-in-gates';

const config = (gated: readonly GateableRoute[], routes: Partial<GateConfig['routes']> = {}): GateConfig => ({
  gates: { gated_routes: [...gated] },
  routes: { ...PLATFORM_DEFAULTS.routes, ...routes },
});
const everything = config(GATEABLE_ROUTES);

describe('gatedRouteOf (spec 001 §6 sign-in gate table)', () => {
  it.each<[string, GateableRoute]>([
    ['/cars/2022-toyota-hilux-abc/checkout', 'checkout'],
    ['/cars/2022-toyota-hilux-abc/checkout/payment', 'checkout'],
    ['/finance', 'finance'],
    ['/finance/', 'finance'],
    ['/trade-in', 'trade_in'],
    ['/cars/trade-in', 'trade_in'],
    ['/sell-my-car', 'sell_my_car'],
    ['/spin-to-win', 'spin_to_win'],
    ['/online-payment', 'online_payment'],
    ['/finance/credit-check', 'finance_credit_check'],
    ['/my-garage', 'my_garage'],
    ['/my-garage/cars', 'my_garage'],
    ['/isuzu-my-garage', 'my_garage'],
    ['/My-Garage', 'my_garage'],
    ['/my%2Dgarage', 'my_garage'],
  ])('%p is %p', (path, route) => {
    expect(gatedRouteOf(path, everything)).toBe(route);
  });

  it.each([
    '/',
    '/cars/2022-toyota-hilux-abc',
    '/cars',
    '/search/used-cars',
    '/finance-calculator',
    '/sell-your-car',
    '/my-garages',
    '/service',
    '/sign-in',
  ])('%p is never gated', (path) => {
    expect(gatedRouteOf(path, everything)).toBeNull();
  });

  it('gates only the routes the site lists', () => {
    const garageOnly = config(['my_garage']);
    expect(gatedRouteOf('/my-garage', garageOnly)).toBe('my_garage');
    expect(gatedRouteOf('/cars/x/checkout', garageOnly)).toBeNull();
    expect(gatedRouteOf('/finance', garageOnly)).toBeNull();
    expect(gatedRouteOf('/my-garage', config([]))).toBeNull();
  });

  it("follows the site's checkout segment", () => {
    const buyOnline = config(['checkout'], { checkout_segment: 'buy-online' });
    expect(gatedRouteOf('/cars/x/buy-online', buyOnline)).toBe('checkout');
    expect(gatedRouteOf('/cars/x/checkout', buyOnline)).toBeNull();
  });

  it("follows the site's finance and trade-in paths, but not links to other sites", () => {
    const custom = config(['finance', 'trade_in'], {
      finance_path: '/apply-for-finance',
      trade_in_path: '/value-my-car',
    });
    expect(gatedRouteOf('/apply-for-finance', custom)).toBe('finance');
    expect(gatedRouteOf('/finance', custom)).toBeNull();
    expect(gatedRouteOf('/value-my-car', custom)).toBe('trade_in');
    expect(gatedRouteOf('/trade-in', custom)).toBe('trade_in');
    const external = config(['finance'], { finance_path: 'https://finance.example.com/apply' });
    expect(gatedRouteOf('/apply', external)).toBeNull();
    expect(gatedRouteOf('/finance', external)).toBeNull();
  });

  it('gates the credit check when either it or the finance page it sits under is gated', () => {
    expect(gatedRouteOf('/finance/credit-check', config(['finance_credit_check']))).toBe('finance_credit_check');
    expect(gatedRouteOf('/finance/credit-check', config(['finance']))).toBe('finance');
    expect(gatedRouteOf('/finance', config(['finance_credit_check']))).toBeNull();
  });
});

describe('signInPath', () => {
  it('carries type, redirect and back', () => {
    expect(signInPath({ type: 'watchlist', redirect: '/cars/x', back: '/cars/x' })).toBe(
      '/sign-in?type=watchlist&redirect=%2Fcars%2Fx&back=%2Fcars%2Fx',
    );
    expect(signInPath({ type: 'my_garage', redirect: '/my-garage?tab=saved' })).toBe(
      '/sign-in?type=my_garage&redirect=%2Fmy-garage%3Ftab%3Dsaved&back=%2F',
    );
  });

  it('never carries a redirect off the site', () => {
    expect(signInPath({ type: 'checkout', redirect: '//evil.com', back: 'https://evil.com' })).toBe(
      '/sign-in?type=checkout&redirect=%2F&back=%2F',
    );
  });
});
