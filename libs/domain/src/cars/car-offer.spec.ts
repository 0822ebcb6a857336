import fc from 'fast-check';
import { canReserve } from './reservation';
import { marketBadge } from './market-badge';
import { carOffer, certifiedBadgePath, type CarOfferConfig } from './car-offer';

const config = (market_price_enabled: boolean, show_reserve = true): CarOfferConfig => ({
  buttons: { show_reserve },
  features: { market_price_enabled },
});
const inStock = { status: 'in_stock' as const, sold: false, reserved: false };
const belowMarket = { autograb_data: { state_average_market_price: 30_000 } };

describe('carOffer: what the page and the card offer, by the car dealership settings', () => {
  it('a $0 car is reservable where the dealership does not use market-price data, and not where it does', () => {
    expect(carOffer({ ...inStock, price: 0 }, config(false)).reservable).toBe(true);
    expect(carOffer({ ...inStock, price: 0 }, config(true)).reservable).toBe(false);
    expect(carOffer({ ...inStock, price: 200 }, config(true)).reservable).toBe(false);
    expect(carOffer({ ...inStock, price: 201 }, config(true)).reservable).toBe(true);
  });

  it('the badge shows only where the dealership uses market-price data', () => {
    expect(carOffer({ ...inStock, price: 29_500, ...belowMarket }, config(true)).marketBadge).toBe(true);
    expect(carOffer({ ...inStock, price: 29_500, ...belowMarket }, config(false)).marketBadge).toBe(false);
  });

  it('a dealership that hides the reserve button reserves nothing', () => {
    expect(carOffer({ ...inStock, price: 30_000 }, config(false, false)).reservable).toBe(false);
  });

  it('is the reservation and badge rules, for any car and settings', () => {
    fc.assert(
      fc.property(
        fc.record({
          status: fc.constantFrom('in_stock', 'coming_soon', 'sold'),
          sold: fc.option(fc.boolean(), { nil: undefined }),
          reserved: fc.option(fc.boolean(), { nil: undefined }),
          price: fc.option(fc.integer({ min: -10, max: 100_000 }), { nil: null }),
          autograb_data: fc.option(
            fc.record({
              state_average_market_price: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
              average_market_price: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
            }),
            { nil: null },
          ),
        }),
        fc.boolean(),
        fc.boolean(),
        (car, market, show) => {
          const offer = carOffer(car, config(market, show));
          expect(offer.reservable).toBe(show && canReserve(car, { marketPriceEnabled: market }));
          expect(offer.marketBadge).toBe(market && marketBadge(car));
        },
      ),
    );
  });
});

describe('certifiedBadgePath', () => {
  it("names the make's picture by its slug", () => {
    expect(certifiedBadgePath('Toyota')).toBe('/media/certified/toyota.svg');
    expect(certifiedBadgePath('Mercedes-Benz')).toBe('/media/certified/mercedes-benz.svg');
    expect(certifiedBadgePath(' Land Rover ')).toBe('/media/certified/land-rover.svg');
  });
});
