import { siteConfigResponseFixture } from '@/test/fixtures';
import { reshapeSite } from '@/lib/api/reshape';
import { SiteConfigResponseSchema } from '@/lib/api/schemas';
import { carConfigOf } from './dealership-configs';

function site(edit: (raw: ReturnType<typeof siteConfigResponseFixture>) => void = () => undefined) {
  const raw = siteConfigResponseFixture();
  edit(raw);
  return reshapeSite(SiteConfigResponseSchema.parse(raw));
}

describe("carConfigOf: a card reads the settings of its car's dealership, as the car page does", () => {
  it("takes the dealership's configuration as the api merged it", () => {
    const view = site((raw) => {
      const own = raw.dealerships[0]!.config;
      raw.dealerships[0]!.config = { ...own, features: { ...own.features, market_price_enabled: true } };
    });
    const config = carConfigOf(view)({ dealership_slug: 'werribee-isuzu' });
    expect(view.config.features.market_price_enabled).toBe(false);
    expect(config.features.market_price_enabled).toBe(true);
    expect(config.buttons.enquire_label).toBe('Enquire Now');
  });

  it("falls back to the site's for a dealership the site does not list", () => {
    const view = site();
    expect(carConfigOf(view)({ dealership_slug: 'someone-else' })).toBe(view.config);
  });
});
