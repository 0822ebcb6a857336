import { siteConfigResponseFixture, siteRefFixture } from '@/test/fixtures';
import { SiteByHostResponseSchema, SiteConfigResponseSchema } from './schemas';

describe('SiteConfigResponseSchema', () => {
  it('accepts the API answer and coerces numeric strings', () => {
    const parsed = SiteConfigResponseSchema.parse(siteConfigResponseFixture());
    expect(parsed.locations.find((l) => l.id === 201)?.dealership_id).toBe(21);
    expect(parsed.locations.find((l) => l.id === 202)?.address?.postcode).toBe('3030');
  });

  it('refuses a configuration with a misspelt key (configuration objects are strict)', () => {
    const raw = siteConfigResponseFixture();
    (raw.config.theme as Record<string, unknown>)['primary_color'] = '#000000';
    expect(SiteConfigResponseSchema.safeParse(raw).success).toBe(false);
  });

  it('refuses a dealership layer with an unknown group', () => {
    const raw = siteConfigResponseFixture();
    (raw.dealerships[0].config_overrides as Record<string, unknown>)['colours'] = {};
    expect(SiteConfigResponseSchema.safeParse(raw).success).toBe(false);
  });
});

describe('SiteByHostResponseSchema', () => {
  it.each(['werribee-isuzu-ute', 'site1'])('accepts the slug %p', (slug) => {
    expect(SiteByHostResponseSchema.safeParse(siteRefFixture(slug, 'A site')).success).toBe(true);
  });

  it.each(['../admin', 'Werribee', 'a b', ''])('refuses the slug %p, which could not be routed safely', (slug) => {
    expect(SiteByHostResponseSchema.safeParse(siteRefFixture(slug, 'A site')).success).toBe(false);
  });

  it('refuses an answer without the sign-in gates, which the proxy cannot do without', () => {
    expect(SiteByHostResponseSchema.safeParse({ slug: 'site1', name: 'A site' }).success).toBe(false);
  });
});
