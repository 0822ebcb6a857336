import { z } from 'zod';
import { CarSchema, CarStatusSchema, CarTypeSchema } from '../entities/car';
import { FeedIntSchema, FeedStringSchema, IdSchema } from '../entities/primitives';

const TRUE_TEXT = new Set(['true', '1', 'yes', 'y']);
const FALSE_TEXT = new Set(['false', '0', 'no', 'n']);

/** Flags arrive as booleans, 0/1 or text ('true', 'Yes'); anything else is an error. */
export const FeedBooleanSchema = z.preprocess((value) => {
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : value;
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  return TRUE_TEXT.has(text) ? true : FALSE_TEXT.has(text) ? false : value;
}, z.boolean());

const currentYear = (): number => new Date().getUTCFullYear();

/** Images arrive as URLs or as { url, thumb: { url } }; both become the Car's image shape. */
const FeedImageSchema = z.union([
  z.string().min(1).transform((url) => ({ url, thumb: { url } })),
  z.object({ url: z.string().min(1), thumb: z.object({ url: z.string().nullable() }).nullish() }),
]);

/** A sold date as ISO 8601 text; date-only text means midnight UTC. */
const FeedDateSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()]).transform((text) => new Date(text));

/**
 * Fields the platform owns: a feed cannot set them (ids, slugs and counters are ours; location and
 * dealership come from the URL and location_id/location_slug).
 */
const PLATFORM_FIELDS = {
  id: true,
  slug: true,
  path: true,
  dealership_id: true,
  dealership_slug: true,
  views: true,
  created_at: true,
  location: true,
  location_id: true,
  sold: true,
} as const;

const FLAG_FIELDS = ['certified', 'reserved', 'preorder', 'has_nvic'] as const;

/**
 * One row of a dealer's stock feed (spec 000 section 3 field names). Required: stocknum, make,
 * model, year, car_type. status defaults to in_stock; a missing or 0 price means 'enquire for price'.
 * Unknown fields pass through (they are kept in the car's data and reported as warnings).
 */
export const FeedCarSchema = CarSchema.omit(PLATFORM_FIELDS)
  .extend({
    stocknum: FeedStringSchema.pipe(z.string().trim().min(1, 'stocknum is required').max(64)),
    make: z.string().trim().min(1, 'make is required'),
    model: z.string().trim().min(1, 'model is required'),
    year: FeedIntSchema.pipe(
      z
        .int()
        .min(1900, 'year must be 1900 or later')
        .refine((year) => year <= currentYear() + 2, { message: 'year is too far in the future' }),
    ),
    car_type: CarTypeSchema,
    status: CarStatusSchema.default('in_stock'),
    show_on_dealer_website: FeedBooleanSchema.default(true),
    ...Object.fromEntries(FLAG_FIELDS.map((field) => [field, FeedBooleanSchema.nullish()])),
    images: z.array(FeedImageSchema).nullish(),
    /** The car's location at the dealership, by id or slug; the primary location when both are missing. */
    location_id: IdSchema.nullish(),
    location_slug: z.string().min(1).nullish(),
    /** When the car sold; defaults to the moment the platform first sees it sold. */
    sold_date: FeedDateSchema.nullish(),
    /** Rank for 'relevance' sorting, higher first. */
    custom_rank: FeedIntSchema.nullish(),
    /** Category labels for the categories facet (e.g. special offers). */
    categories: z.array(z.string().min(1)).nullish(),
    filtered_features: z.array(z.string().min(1)).nullish(),
    item_type: z.string().min(1).nullish(),
  })
  .loose();
export type FeedCar = z.output<typeof FeedCarSchema>;

/** The keys FeedCarSchema knows; any other key of a row is an unknown field. */
export const FEED_CAR_FIELDS: ReadonlySet<string> = new Set(Object.keys(FeedCarSchema.shape));

/** Fields whose CSV cells hold several values separated by '|'. */
export const FEED_LIST_FIELDS: ReadonlySet<string> = new Set([
  'images',
  'thumbnails',
  'spin_images',
  'features',
  'standardEquipment',
  'payment_processors',
  'categories',
  'filtered_features',
]);

/** Columns a CSV feed must have. */
export const FEED_REQUIRED_FIELDS = ['stocknum', 'make', 'model', 'year', 'car_type'] as const;

/** Where a feed's body lists its cars, and (delta mode) the stock numbers it withdraws. */
export const FeedEnvelopeSchema = z.union([
  z.array(z.unknown()),
  z.strictObject({ cars: z.array(z.unknown()).default([]), deleted: z.array(FeedStringSchema).default([]) }),
]);

export const FeedModeSchema = z.enum(['snapshot', 'delta']);
export type FeedMode = z.infer<typeof FeedModeSchema>;
