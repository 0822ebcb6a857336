import { siteConfigResponseFixture } from '@/test/fixtures';
import { reshapeSite } from '@/lib/api/reshape';
import { SiteConfigResponseSchema } from '@/lib/api/schemas';
import { carConfigOf } from './dealership-configs';

function site(edit: (raw: ReturnType<typeof siteConfigResponseFixture>) => void = () => undefined) {
  const raw = siteConfigResponseFixture();
  edit(raw);
  return reshapeSite(SiteConfigResponseSchema.parse(raw));
}

describe('carConfigOf: a card reads the settings of its car dealership, as the car page does', () => {
  it("lays the dealership's and its brand's layers over the site's", () => {
    const view = site((raw) => {
      const [dealership] = raw.dealerships;
      const [brand] = raw.manufacturers;
      if (!dealership || !brand) throw new Error('the fixture has a dealership and its brand');
      (dealership as { config_overrides: unknown }).config_overrides = { features: { market_price_enabled: true } };
      (brand as { config_overrides: unknown }).config_overrides = { buttons: { reserve_label: 'Buy Online' } };
    });
    const config = carConfigOf(view)({ dealership_slug: 'werribee-isuzu' });
    expect(view.config.features.market_price_enabled).toBe(false);
    expect(config.features.market_price_enabled).toBe(true);
    expect(config.buttons.reserve_label).toBe('Buy Online');
    expect(config.theme.primary_colour).toBe(view.config.theme.primary_colour);
  });

  it("falls back to the site's for a dealership the site does not list", () => {
    const view = site();
    expect(carConfigOf(view)({ dealership_slug: 'someone-else' })).toBe(view.config);
  });

  it("leaves a dealership whose layer the schema refuses on the site's settings", () => {
    const view = site();
    (view.source.dealerships[0] as { config_overrides: unknown }).config_overrides = {
      features: { market_price_enabled: 'yes' },
    };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(carConfigOf(view)({ dealership_slug: 'werribee-isuzu' })).toBe(view.config);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('werribee-isuzu'));
    warn.mockRestore();
  });
});
