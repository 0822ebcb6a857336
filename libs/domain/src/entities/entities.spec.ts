import type { z } from 'zod';
import * as entities from './index';
import {
  BannerSchema,
  DealershipSchema,
  DealershipWebsiteSchema,
  ImageSchema,
  LogoSchema,
  ManufacturerSchema,
  OfferSchema,
  PromoNodeSchema,
  ReviewsSummarySchema,
  ServiceBookingEntrySchema,
  SlideSchema,
} from './index';

const cases: [string, z.ZodType, unknown, boolean][] = [
  [
    'Image with thumb',
    ImageSchema,
    { url: 'https://cdn.example.com/a.jpg', thumb: { url: 'https://cdn.example.com/a_t.jpg' } },
    true,
  ],
  ['Image without upload', ImageSchema, { url: null, thumb: { url: null } }, true],
  ['Image without url key', ImageSchema, { thumb: { url: null } }, false],
  ['Logo', LogoSchema, { url: 'https://cdn.example.com/logo.svg' }, true],
  ['Dealership minimal', DealershipSchema, { id: 7, slug: 'werribee-toyota', name: 'Werribee Toyota' }, true],
  ['Dealership without slug', DealershipSchema, { id: 7, name: 'Werribee Toyota' }, false],
  [
    'Dealership negative sold days',
    DealershipSchema,
    { id: 7, slug: 's', name: 'n', include_sold_cars_days: -1 },
    false,
  ],
  [
    'Dealership full',
    DealershipSchema,
    {
      id: 7,
      slug: 'werribee-toyota',
      name: 'Werribee Toyota',
      locations: [{ id: 31, name: 'Werribee Toyota', slug: 'werribee-toyota-sales', time_zone: 'Australia/Melbourne' }],
      manufacturer_id: 3,
      logo: { url: null },
      override_city: 'Werribee',
      include_sold_cars_days: 7,
      average_rating: 4.6,
      review_count: 812,
    },
    true,
  ],
  [
    'Dealership with a location lacking time_zone',
    DealershipSchema,
    { id: 7, slug: 's', name: 'n', locations: [{ id: 1, name: 'a', slug: 'a' }] },
    false,
  ],
  [
    'DealershipWebsite',
    DealershipWebsiteSchema,
    {
      name: 'Werribee Isuzu UTE',
      slug: 'werribee-isuzu-ute',
      make: 'Isuzu',
      url: 'https://werribeeisuzuute.com.au',
      logo: { url: null },
    },
    true,
  ],
  [
    'Manufacturer',
    ManufacturerSchema,
    { id: 3, name: 'Toyota', slug: 'toyota', logo: { url: 'https://cdn.example.com/toyota.svg' } },
    true,
  ],
  ['Manufacturer without name', ManufacturerSchema, { id: 3, slug: 'toyota' }, false],
  [
    'Offer',
    OfferSchema,
    {
      id: 11,
      name: 'Hilux Run-out',
      description: 'Drive away pricing',
      disclaimer: 'Offer ends 30/09/2025.',
      image_or_model_image: { url: 'https://cdn.example.com/offer.jpg', thumb: { url: null } },
      model: { slug: 'hilux', name: 'Hilux' },
      manufacturer: { id: 3, name: 'Toyota', slug: 'toyota' },
    },
    true,
  ],
  [
    'Slide',
    SlideSchema,
    { id: 1, name: 'Spring sale', description: null, url: '/special-offers', hide_overlay: true },
    true,
  ],
  ['Slide without id', SlideSchema, { name: 'Spring sale' }, false],
  [
    'PromoNode',
    PromoNodeSchema,
    {
      start: '2025-08-21',
      expiry: '2025-09-30T23:59:59+10:00',
      position: 30,
      display: ['new', 'demo'],
      strictDisplay: false,
      node: 'promo-card',
    },
    true,
  ],
  ['PromoNode with bad display', PromoNodeSchema, { display: ['certified'], node: null }, false],
  ['PromoNode with bad expiry', PromoNodeSchema, { expiry: '30/09/2025', node: null }, false],
  [
    'Banner',
    BannerSchema,
    {
      image: 'https://cdn.example.com/banner.jpg',
      alt: 'Book a service',
      background: '#000',
      display: ['used'],
      strictDisplay: true,
    },
    true,
  ],
  ['Banner without image', BannerSchema, { alt: 'x' }, false],
  [
    'ReviewsSummary',
    ReviewsSummarySchema,
    {
      reviews: [
        {
          id: 'g-1',
          author_name: 'Sam',
          rating: 5,
          text: 'Great service',
          published_at: '2026-10-01T09:00:00+10:00',
          author_photo_url: null,
        },
      ],
      count: 812,
      average_rating: 4.6,
    },
    true,
  ],
  [
    'ReviewsSummary review rated 0',
    ReviewsSummarySchema,
    {
      reviews: [
        {
          id: 'g-1',
          author_name: 'Sam',
          rating: 0,
          text: '',
          published_at: '2026-10-01T09:00:00Z',
          author_photo_url: null,
        },
      ],
      count: 1,
      average_rating: 4.6,
    },
    false,
  ],
  ['ReviewsSummary rating above 5', ReviewsSummarySchema, { reviews: [], count: 0, average_rating: 5.1 }, false],
  [
    'ServiceBookingEntry',
    ServiceBookingEntrySchema,
    { name: 'Werribee Isuzu UTE', make: 'Isuzu', url: 'https://book.example.com/werribee' },
    true,
  ],
  ['ServiceBookingEntry without url', ServiceBookingEntrySchema, { name: 'Werribee', make: 'Isuzu' }, false],
];

describe('entity schemas', () => {
  it.each(cases)('%s (valid: %s)', (_label, schema, input, ok) => {
    expect(schema.safeParse(input).success).toBe(ok);
  });

  it('defaults include_sold_cars_days to 3', () => {
    expect(DealershipSchema.parse({ id: 7, slug: 's', name: 'n' }).include_sold_cars_days).toBe(3);
  });

  it('strips unknown keys from feed entities rather than refusing them', () => {
    expect(ManufacturerSchema.parse({ id: 3, name: 'Toyota', slug: 'toyota', country: 'JP' })).toEqual({
      id: 3,
      name: 'Toyota',
      slug: 'toyota',
    });
  });

  it.each([
    'ImageSchema',
    'LocationSchema',
    'effectiveLocationType',
    'LOCATION_TYPE_ORDER',
    'DealershipSchema',
    'DealershipWebsiteSchema',
    'ManufacturerSchema',
    'CarSchema',
    'CarTypeSchema',
    'CarStatusSchema',
    'CAR_TYPE_ORDER',
    'CAR_TYPE_URL_SLUGS',
    'BODY_TYPES',
    'FinanceLenderEntrySchema',
    'OfferSchema',
    'SlideSchema',
    'PromoNodeSchema',
    'BannerSchema',
    'ReviewsSummarySchema',
    'ServiceBookingEntrySchema',
  ])('index re-exports %s', (name) => {
    expect(entities).toHaveProperty(name);
  });
});
