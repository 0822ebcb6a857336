import { PLATFORM_DEFAULTS } from '../site-config/platform-defaults';
import { BannerEntrySchema, MarketingSchema, OfferEntrySchema } from '../site-config/site-config.schema';

describe('marketing configuration', () => {
  it('defaults to no slides, banners or offers, and the brand directory stats banner of spec 001 §9', () => {
    const marketing = MarketingSchema.parse(PLATFORM_DEFAULTS.marketing);
    expect(marketing.promotions_slider).toEqual([]);
    expect(marketing.banners).toEqual([]);
    expect(marketing.offers).toEqual([]);
    expect(marketing.brand_directory.stats).toEqual(['50+ Locations', '40+ Brands', '30+ Years Est.']);
    expect(marketing.brand_directory.sections.map((s) => s.heading)).toEqual([
      'Car Brands',
      'Motorcycle Brands',
      'Truck Brands',
    ]);
  });

  it('takes a banner with image, alt, background, display filter, strict display, start and expiry', () => {
    const entry = {
      image: '/media/promotions/a.svg',
      alt: 'A',
      background: '#000',
      display: ['used'],
      strict_display: true,
      start: '2025-08-21',
      expiry: '2025-09-30T23:59:59+10:00',
    };
    expect(BannerEntrySchema.parse(entry)).toEqual(entry);
  });

  it('refuses script and data URLs, unknown car types and non-colour backgrounds', () => {
    expect(BannerEntrySchema.safeParse({ image: 'javascript:alert(1)', alt: '' }).success).toBe(false);
    expect(BannerEntrySchema.safeParse({ image: '/a.svg', alt: '', link: 'data:text/html,x' }).success).toBe(false);
    expect(BannerEntrySchema.safeParse({ image: '/a.svg', alt: '', display: ['vintage'] }).success).toBe(false);
    expect(BannerEntrySchema.safeParse({ image: '/a.svg', alt: '', background: 'red;position:fixed' }).success).toBe(
      false,
    );
    expect(
      BannerEntrySchema.safeParse({ image: 'https://cdn.example.com/a.jpg', alt: '', expiry: 'tomorrow' }).success,
    ).toBe(false);
    expect(
      OfferEntrySchema.safeParse({
        id: 1,
        name: 'X',
        manufacturer: null,
        model_name: null,
        description: [],
        disclaimer: '',
        image: 'javascript:x',
        image_alt: '',
      }).success,
    ).toBe(false);
  });
});
