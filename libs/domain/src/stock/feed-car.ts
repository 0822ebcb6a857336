import { z } from 'zod';
import {
  CaravanSpecificationsSchema,
  CarSchema,
  CarStatusSchema,
  CarTypeSchema,
  CarVariantSchema,
} from '../entities/car';
import { FeedIntSchema, FeedNumberSchema, FeedStringSchema, IdSchema } from '../entities/primitives';
import { FEED_LIMITS, FEED_LONG_TEXT_FIELDS, FEED_SHORT_TEXT_FIELDS } from './feed-limits';

type Range = { readonly min: number; readonly max: number };
const range = ({ min, max }: Range) => ({
  min: [min, `must be ${min} or more`] as const,
  max: [max, `must be ${max} or less`] as const,
});
/** A whole number within a FEED_LIMITS range (numbers sent as text included). */
const boundedInt = (limit: Range) => {
  const { min, max } = range(limit);
  return FeedIntSchema.pipe(
    z
      .int()
      .min(...min)
      .max(...max),
  ).nullish();
};
/** A number within a FEED_LIMITS range. */
const boundedNumber = (limit: Range) => {
  const { min, max } = range(limit);
  return FeedNumberSchema.pipe(
    z
      .number()
      .min(...min)
      .max(...max),
  ).nullish();
};
const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const list = <T extends z.ZodType>(item: T, max: number) => z.array(item).max(max, `must have at most ${max} entries`);
/** Variant and caravan sizes arrive as numbers or display text such as "21'6\"". */
const measure = (limit: Range) =>
  z
    .union([FeedNumberSchema.pipe(z.number().min(limit.min).max(limit.max, `must be ${limit.max} or less`)), text(32)])
    .nullish();

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
  text(2_048)
    .min(1)
    .transform((url) => ({ url, thumb: { url } })),
  z.object({ url: text(2_048).min(1), thumb: z.object({ url: text(2_048).nullable() }).nullish() }),
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
    // Every bounded field below keeps a value the database can store and a car can have (FEED_LIMITS).
    ...Object.fromEntries(FEED_SHORT_TEXT_FIELDS.map((field) => [field, text(FEED_LIMITS.shortText).nullish()])),
    ...Object.fromEntries(FEED_LONG_TEXT_FIELDS.map((field) => [field, text(FEED_LIMITS.longText).nullish()])),
    ...Object.fromEntries(
      ['price', 'before_price', 'offer_price', 'subscription_price'].map((field) => [
        field,
        boundedInt(FEED_LIMITS.dollars),
      ]),
    ),
    // The car's own online-reservation deposit (wins over the dealership's).
    reserve_deposit: boundedInt(FEED_LIMITS.reserveDeposit),
    km: boundedInt(FEED_LIMITS.km),
    seats: boundedInt(FEED_LIMITS.seats),
    doors: boundedInt(FEED_LIMITS.doors),
    gearnum: boundedInt(FEED_LIMITS.gearnum),
    engine_size: measure(FEED_LIMITS.engineSize),
    photos_count: boundedInt(FEED_LIMITS.photosCount),
    sold_date_timestamp: boundedNumber(FEED_LIMITS.soldDateTimestamp),
    thumbnails: list(text(2_048), FEED_LIMITS.mediaItems).nullish(),
    spin_images: list(text(2_048), FEED_LIMITS.mediaItems).nullish(),
    features: list(z.string(), FEED_LIMITS.listItems).nullish(),
    standardEquipment: list(z.string(), FEED_LIMITS.listItems).nullish(),
    payment_processors: list(z.string(), FEED_LIMITS.listItems).nullish(),
    variant: CarVariantSchema.extend({
      cylinders: boundedInt(FEED_LIMITS.cylinders),
      enginesize: boundedNumber(FEED_LIMITS.engineSize),
      enginesize_litres: boundedNumber(FEED_LIMITS.engineSize),
      fuelconsumptioncombined: boundedNumber(FEED_LIMITS.fuelConsumption),
      fuelcapacity: boundedNumber(FEED_LIMITS.fuelCapacityLitres),
      grossvehiclemass: boundedNumber(FEED_LIMITS.massKg),
      vehiclelength: boundedNumber(FEED_LIMITS.lengthMm),
      vehicleheight: boundedNumber(FEED_LIMITS.lengthMm),
      vehiclewidth: boundedNumber(FEED_LIMITS.lengthMm),
      towingcapacitybraked: boundedNumber(FEED_LIMITS.massKg),
      torque: boundedNumber(FEED_LIMITS.torqueNm),
      ancaprating: boundedInt(FEED_LIMITS.ancapRating),
    }).nullish(),
    caravan_specifications: CaravanSpecificationsSchema.extend({
      body_width: measure(FEED_LIMITS.lengthMm),
      body_length: measure(FEED_LIMITS.lengthMm),
      tare_weight: boundedNumber(FEED_LIMITS.massKg),
      aggregate_trailer_mass: boundedNumber(FEED_LIMITS.massKg),
      sleeps: boundedInt(FEED_LIMITS.sleeps),
    }).nullish(),
    stocknum: FeedStringSchema.pipe(
      z.string().trim().min(1, 'stocknum is required').max(64, 'must be at most 64 characters'),
    ),
    make: text(FEED_LIMITS.shortText).trim().min(1, 'make is required'),
    model: text(FEED_LIMITS.shortText).trim().min(1, 'model is required'),
    year: FeedIntSchema.pipe(
      z
        .int()
        .min(1900, 'year must be 1900 or later')
        // Already refused by the check below; stated so the bound is visible to the storage-bounds test.
        .max(9999, 'year is too far in the future')
        .refine((year) => year <= currentYear() + 2, { message: 'year is too far in the future' }),
    ),
    car_type: CarTypeSchema,
    status: CarStatusSchema.default('in_stock'),
    show_on_dealer_website: FeedBooleanSchema.default(true),
    ...Object.fromEntries(FLAG_FIELDS.map((field) => [field, FeedBooleanSchema.nullish()])),
    images: list(FeedImageSchema, FEED_LIMITS.mediaItems).nullish(),
    /** The car's location at the dealership, by id or slug; the primary location when both are missing. */
    location_id: IdSchema.nullish(),
    location_slug: text(FEED_LIMITS.shortText).min(1).nullish(),
    /** When the car sold; defaults to the moment the platform first sees it sold. */
    sold_date: FeedDateSchema.nullish(),
    /** Rank for 'relevance' sorting, higher first. */
    custom_rank: boundedInt(FEED_LIMITS.customRank),
    /** Category labels for the categories facet (e.g. special offers). */
    categories: list(text(FEED_LIMITS.shortText).min(1), FEED_LIMITS.listItems).nullish(),
    filtered_features: list(z.string().min(1), FEED_LIMITS.listItems).nullish(),
    item_type: text(FEED_LIMITS.shortText).min(1).nullish(),
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
