import { z } from 'zod';
import { AutograbDataSchema, CarStatusSchema, CarTypeSchema } from '../entities/car';
import type { SearchHit } from './search-document';
import type { SearchResult } from './search-result';
import { StoredPhotoSchema } from '../media/stored-photo-schema';

/**
 * The search response as a schema, for clients that read it over HTTP (the web). Typed against
 * SearchHit and SearchResult, so a field added to either without its schema fails to compile.
 */

const nullableText = z.string().nullable();
const nullableNumber = z.number().nullable();

export const SearchHitSchema = z.object({
  id: z.number().int(),
  slug: z.string().min(1),
  stocknum: z.string(),
  name: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  badge: nullableText,
  series: nullableText,
  car_type: CarTypeSchema,
  status: CarStatusSchema,
  tag: nullableText,
  price: nullableNumber,
  before_price: nullableNumber,
  offer_price: nullableNumber,
  subscription_price: nullableNumber,
  price_type: nullableText,
  preorder: z.boolean(),
  weekly_price: nullableNumber,
  km: nullableNumber,
  simple_body: nullableText,
  simple_fuel: nullableText,
  simple_transmission: nullableText,
  certified: z.boolean(),
  reserved: z.boolean(),
  photos_count: z.number().int(),
  primary_image_url: nullableText,
  primary_photo: StoredPhotoSchema.nullish(),
  images: z.array(
    z.object({
      url: nullableText,
      thumb: z.object({ url: nullableText }).nullable(),
      photo: StoredPhotoSchema.nullish(),
    }),
  ),
  dealership_id: z.number().int(),
  dealership_slug: z.string(),
  location_id: z.number().int().nullable(),
  location_name: nullableText,
  city: nullableText,
  state: nullableText,
  created_at: z.string(),
  sold_date: nullableText,
  autograb_data: AutograbDataSchema.nullish(),
}) satisfies z.ZodType<SearchHit>;

export const FacetStatsSchema = z.object({ min: z.number(), max: z.number() });

export const SearchResultSchema = z.object({
  hits: z.array(SearchHitSchema),
  count: z.number().int().nonnegative(),
  facets: z.record(z.string(), z.record(z.string(), z.number().int().nonnegative())),
  facetStats: z.record(z.string(), FacetStatsSchema),
  pages: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  ms: z.number().nonnegative(),
}) satisfies z.ZodType<SearchResult>;
