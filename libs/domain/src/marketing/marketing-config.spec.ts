import { PLATFORM_DEFAULTS } from '../site-config/platform-defaults';
import {
  BannerEntrySchema,
  MarketingSchema,
  OfferEntrySchema,
  PromotionSlideSchema,
} from '../site-config/site-config.schema';

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

  it('takes a promotions slide as the Slide entity (id, name, description, url, hide_overlay) with its image and display rules', () => {
    const slide = {
      id: 1,
      name: 'Drive-away deals',
      description: 'On selected new cars.',
      url: '/special-offers',
      hide_overlay: false,
      image: '/media/promotions/a.svg',
      alt: 'Drive-away deals on new cars',
      display: ['new'],
      expiry: '2025-09-30',
    };
    expect(PromotionSlideSchema.parse(slide)).toEqual(slide);
    expect(PromotionSlideSchema.safeParse({ ...slide, url: 'javascript:alert(1)' }).success).toBe(false);
    expect(PromotionSlideSchema.safeParse({ ...slide, name: '' }).success).toBe(false);
    expect(PromotionSlideSchema.safeParse({ ...slide, link: '/x' }).success).toBe(false);
    expect(PromotionSlideSchema.safeParse({ ...slide, description: 'x'.repeat(301) }).success).toBe(false);
    const { id: _id, ...withoutId } = slide;
    expect(PromotionSlideSchema.safeParse(withoutId).success).toBe(false);
    // Two slides with one id could not be told apart.
    const twice = MarketingSchema.shape.promotions_slider.safeParse([slide, { ...slide, name: 'Other' }]);
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]?.message).toBe('Slide ids must be unique (1 is used twice).');
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
