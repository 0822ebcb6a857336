import { z } from 'zod';
import { AddressSchema } from './address';
import { FinanceLendersSchema } from './finance-lender';
import { ImageSchema } from './image';
import { FeedIntSchema, FeedNumberSchema, FeedStringSchema, IdSchema } from './primitives';

export const CarTypeSchema = z.enum(['new', 'used', 'demo']);
export type CarType = z.infer<typeof CarTypeSchema>;

export const CarStatusSchema = z.enum(['in_stock', 'sold', 'coming_soon']);
export type CarStatus = z.infer<typeof CarStatusSchema>;

// CAR_TYPE_ORDER and CAR_TYPE_URL_SLUGS live in ./car-type (no zod), for browser code.

export const BODY_TYPES = [
  '4x4',
  'bus',
  'cabChassis',
  'convertible',
  'coupe',
  'hardtop',
  'hatch',
  'hatchback',
  'motorhome',
  'lightTruck',
  'peopleMover',
  'sedan',
  'softtop',
  'suv',
  'ute',
  'van',
  'wagon',
  'stationWagon',
] as const;
export type BodyType = (typeof BODY_TYPES)[number];

// simple_fuel is free text, but 'Electric' and 'Hybrid' drive the card tag and hide the fuel calculator.
export const ELECTRIC_FUEL = 'Electric';
export const HYBRID_FUEL = 'Hybrid';

const text = z.string().nullish();
const int = FeedIntSchema.nullish();
const num = FeedNumberSchema.nullish();
const flag = z.boolean().nullish();
const dollars = FeedIntSchema.pipe(z.int().nonnegative()).nullish();
const strings = z.array(z.string()).nullish();
// Variant and caravan sizes arrive either as numbers or as display text such as "21'6\"".
const measure = z.union([z.number(), z.string()]).nullish();

export const HotspotSchema = z.object({
  id: z.union([z.string(), z.number()]),
  description: text,
  anchors: z.unknown().optional(), // shape not given by the specification
  positions: z
    .array(
      z.object({
        activeAngle: FeedNumberSchema,
        posX: FeedNumberSchema,
        posY: FeedNumberSchema,
      }),
    )
    .nullish(),
});
export type Hotspot = z.infer<typeof HotspotSchema>;

export const HotspotsSchema = z.object({
  exterior: z.array(HotspotSchema).nullish(),
  interior: z.array(HotspotSchema).nullish(),
});
export type Hotspots = z.infer<typeof HotspotsSchema>;

export const CarLocationSchema = z.object({
  id: IdSchema.nullish(),
  name: text,
  phone: text,
  slug: text,
  address: AddressSchema.pick({ street: true, city: true, state: true, postcode: true, place_url: true }).nullish(),
  city: text,
  state: text,
  distribution_locations: z.array(z.union([z.number(), z.string()])).nullish(),
});
export type CarLocation = z.infer<typeof CarLocationSchema>;

export const YouxQuoteSchema = z.object({
  weeklyRepaymentAmount: num,
  comparisonRate: num,
  advertisedRate: num,
});
export type YouxQuote = z.infer<typeof YouxQuoteSchema>;

export const AutograbDataSchema = z.object({
  state_average_market_price: num,
  average_market_price: num,
});
export type AutograbData = z.infer<typeof AutograbDataSchema>;

export const CarVariantSchema = z.object({
  cylinders: int,
  enginesize: num,
  enginesize_litres: num,
  induction: text,
  fuelconsumptioncombined: num,
  fuelcapacity: num,
  grossvehiclemass: num,
  vehiclelength: num,
  vehicleheight: num,
  vehiclewidth: num,
  towingcapacitybraked: num,
  torque: num,
  ancaprating: int,
  bodyconfiguration: text,
  geartype: text,
});
export type CarVariant = z.infer<typeof CarVariantSchema>;

export const CaravanSpecificationsSchema = z.object({
  body_width: measure,
  body_length: measure,
  tare_weight: num,
  axle_type: text,
  sleeps: int,
  aggregate_trailer_mass: num,
});
export type CaravanSpecifications = z.infer<typeof CaravanSpecificationsSchema>;

export const CarSchema = z.object({
  // Identity
  id: IdSchema,
  name: text,
  slug: z.string().min(1),
  path: text,
  carsales_title: text,
  year: FeedIntSchema,
  make: z.string(),
  model: z.string(),
  badge: text,
  series: text,
  stocknum: FeedStringSchema,
  vin: text,
  nvic: text,
  regplate: text,
  rego_expiry: text,
  build_date: text,
  compliance_date: text,

  // Classification
  car_type: CarTypeSchema,
  status: CarStatusSchema,
  tag: text,
  body: text,
  simple_body: text,
  simple_drive: text,
  simple_fuel: text,
  simple_transmission: text,
  trans: text,
  fuel: text,
  drive: text,
  seats: int,
  doors: int,
  engine_size: measure,
  gearnum: int,
  bodyconfiguration: text,
  colour: text,
  interior_colour: text,
  certified: flag,
  reserved: flag,
  sold: flag,
  sold_date_timestamp: num, // Unix seconds
  has_nvic: flag,
  show_on_dealer_website: flag,

  // Pricing, in whole dollars; a null or 0 price means enquire for price.
  price: dollars,
  price_type: text,
  before_price: dollars,
  offer_price: dollars,
  subscription_price: dollars,
  preorder: flag,
  km: FeedIntSchema.pipe(z.int().nonnegative()).nullish(),
  payment_processors: strings,

  // Popularity
  views: int,
  created_at: text,

  // Media
  photos_count: int,
  images: z.array(ImageSchema).nullish(),
  thumbnails: strings,
  primary_image_url: text,
  video_url: text,
  external_video_url: text,
  spin_images: strings,
  spin_interior_image: text,
  spin_code: text,
  hotspots: HotspotsSchema.nullish(),
  file: text, // history report URL
  standardEquipment: strings,
  features: strings,

  // Dealer data
  dealercomments: text,
  dealership_id: IdSchema.nullish(),
  dealership_slug: text,
  location_id: IdSchema.nullish(),
  location: CarLocationSchema.nullish(),
  private_suburb: text,
  private_postcode: FeedStringSchema.nullish(),

  // Finance
  youxQuote: YouxQuoteSchema.nullish(),
  finance_lenders: FinanceLendersSchema.nullish(),
  autograb_data: AutograbDataSchema.nullish(),

  variant: CarVariantSchema.nullish(),
  caravan_specifications: CaravanSpecificationsSchema.nullish(),
});
export type Car = z.infer<typeof CarSchema>;
