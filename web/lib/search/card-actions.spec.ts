import { PLATFORM_DEFAULTS, type SiteConfig } from '@platform/domain';
import { cardActions, showSaveButtons } from './card-actions';

const car = {
  id: 7,
  slug: '2021-toyota-hilux-sr5-hth10021',
  status: 'in_stock' as const,
  reserved: false,
  price: 45990,
  car_type: 'used' as const,
  tag: null,
  dealership_slug: 'harbour-toyota-homebush',
};
const config = (
  change: {
    buttons?: Partial<SiteConfig['buttons']>;
    features?: Partial<SiteConfig['features']>;
    routes?: Partial<SiteConfig['routes']>;
  } = {},
): SiteConfig => ({
  ...PLATFORM_DEFAULTS,
  buttons: { ...PLATFORM_DEFAULTS.buttons, ...change.buttons },
  features: { ...PLATFORM_DEFAULTS.features, ...change.features },
  routes: { ...PLATFORM_DEFAULTS.routes, ...change.routes },
});

describe('card buttons (spec 000 screen 2)', () => {
  it('an available car: Enquire, Get Finance, View Details, Reserve Now', () => {
    expect(cardActions(car, config())).toEqual([
      { kind: 'enquire', label: 'Enquire', href: '/cars/2021-toyota-hilux-sr5-hth10021#enquiry' },
      {
        kind: 'finance',
        label: 'Get Finance',
        href: '/finance?car_id=7&car_type=used&preferredDealership=harbour-toyota-homebush&vehiclePriceBudget=45990#finance-form',
      },
      { kind: 'details', label: 'View Details', href: '/cars/2021-toyota-hilux-sr5-hth10021' },
      { kind: 'reserve', label: 'Reserve Now', href: '/cars/2021-toyota-hilux-sr5-hth10021/checkout' },
    ]);
  });

  it('uses the configured wording and reserve path', () => {
    const labels = cardActions(
      car,
      config({
        buttons: { enquire_label: 'Shop Now', reserve_label: 'Buy Online' },
        routes: { checkout_segment: 'buy-online' },
      }),
    );
    expect(labels.map((a) => a.label)).toEqual(['Shop Now', 'Get Finance', 'View Details', 'Buy Online']);
    expect(labels[3]?.href).toBe('/cars/2021-toyota-hilux-sr5-hth10021/buy-online');
  });

  it('an unavailable car only offers Find Me Something Similar', () => {
    expect(cardActions({ ...car, status: 'sold' }, config()).map((a) => a.label)).toEqual([
      'Find Me Something Similar',
    ]);
  });

  it('no reserve for reserved cars, coming-soon cars or (with market data) cars at 200 or less', () => {
    expect(cardActions({ ...car, reserved: true }, config()).map((a) => a.kind)).not.toContain('reserve');
    expect(cardActions({ ...car, status: 'coming_soon' }, config()).map((a) => a.kind)).toEqual([
      'enquire',
      'finance',
      'details',
    ]);
    expect(
      cardActions({ ...car, price: 200 }, config({ features: { market_price_enabled: true } })).map((a) => a.kind),
    ).not.toContain('reserve');
  });

  it('hides finance and reserve when switched off; test drive replaces them for Test Drive Only cars where configured', () => {
    expect(
      cardActions(car, config({ buttons: { show_finance: false, show_reserve: false } })).map((a) => a.kind),
    ).toEqual(['enquire', 'details']);
    expect(
      cardActions({ ...car, tag: 'Test Drive Only' }, config({ features: { test_drive_replaces_reserve: true } })).map(
        (a) => a.label,
      ),
    ).toEqual(['Enquire', 'Book a Test Drive', 'View Details']);
  });

  it('hides favourite and compare without a price or images on configured sites only', () => {
    const hiding = config({ features: { hide_save_without_price_or_images: true } });
    const pictured = { price: 1000, images: [{ url: '/media/a.svg', thumb: null }], primary_image_url: null };
    expect(showSaveButtons(pictured, hiding)).toBe(true);
    expect(showSaveButtons({ ...pictured, price: 0 }, hiding)).toBe(false);
    expect(showSaveButtons({ ...pictured, images: [] }, hiding)).toBe(false);
    expect(showSaveButtons({ ...pictured, price: 0, images: [] }, config())).toBe(true);
  });
});

describe('a sold card', () => {
  it("opens the find-similar form on the car's page, the one form a sold car's page offers", () => {
    expect(cardActions({ ...car, status: 'sold' }, config())).toEqual([
      { kind: 'similar', label: 'Find Me Something Similar', href: `/cars/${car.slug}#find-similar` },
    ]);
  });
});
