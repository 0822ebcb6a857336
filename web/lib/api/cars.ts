import { cache } from 'react';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import {
  CarSchema,
  IdSchema,
  ImageSchema,
  LocationSchema,
  quoteRequestForCar,
  SearchHitSchema,
  SiteConfigSchema,
  StoredPhotoSchema,
  type Car,
} from '@platform/domain';
import { ApiError, apiGet, apiGetOrNull, apiPost, segment } from './client';

/**
 * The vehicle page's reads from the API (spec 000 §7). Every answer is validated; the car page
 * itself is deduplicated per request so generateMetadata and the page share one call. None is kept
 * in Next's data cache: price and status change under a listing and a stale copy misleads.
 */

const PriceDisplaySchema = z.object({
  kind: z.enum(['subscription', 'offer', 'price', 'preorder', 'no_price']),
  amount: z.number().nullable(),
  text: z.string(),
  was: z.number().nullable(),
});

const FinanceTeaserSchema = z.union([
  z.object({ eligible: z.literal(false), reason: z.string() }),
  z.object({
    eligible: z.literal(true),
    provider: z.string(),
    weekly: z.number().nullable(),
    monthly: z.number().nullable(),
    interestRate: z.number(),
    comparisonRate: z.number(),
    termYears: z.number().nullable(),
    deposit: z.number().nullable(),
    balloon: z.number().nullable(),
    establishmentFees: z.number().nullable(),
  }),
]);

/** The derived display fields the API computes with the libs/domain rules (see the API's car-view.ts). */
export const DerivedCarFieldsSchema = z.object({
  in_stock: z.boolean(),
  available: z.boolean(),
  sold_display: z.boolean(),
  listed: z.boolean(),
  tag: z.object({ kind: z.string(), label: z.string(), make: z.string().optional() }).nullable(),
  price: PriceDisplaySchema,
  weekly_estimate: z.number().nullable(),
  can_reserve: z.boolean(),
  reserve_path: z.string().nullable(),
  reserve_deposit: z.number(),
  reserve_deposit_text: z.string(),
  market_badge: z.boolean(),
  phone: z.object({ display: z.string(), masked: z.string(), href: z.string() }).nullable(),
  finance_teaser: FinanceTeaserSchema,
  trade_in_path: z.string(),
  online_purchase_path: z.string().nullable(),
});
export type DerivedCarFields = z.infer<typeof DerivedCarFieldsSchema>;

/** The car as the page reads it: spec 000's Car plus the view's own name and update time. */
export const CarPageCarSchema = CarSchema.extend({
  name: z.string(),
  /** Each image with its stored photo (issue 38): pages draw the stored one, a placeholder while there is none. */
  images: z.array(ImageSchema.extend({ photo: StoredPhotoSchema.nullish() })).nullish(),
  primary_photo: StoredPhotoSchema.nullish(),
  /** Parallel to spin_images. */
  spin_photos: z.array(StoredPhotoSchema.nullable()).nullish(),
  spin_interior_photo: StoredPhotoSchema.nullish(),
  updated_at: z.string().nullish(),
  /** Some feeds send a separate description besides the dealer comments. */
  description: z.string().nullish(),
});
export type CarPageCar = z.infer<typeof CarPageCarSchema> & Car;

/** GET /api/sites/{site}/cars/{slug} */
export const CarPageResponseSchema = z.object({
  car: CarPageCarSchema,
  dealership: z.object({
    id: IdSchema,
    slug: z.string(),
    name: z.string(),
    site_id: IdSchema.optional(),
    logo_url: z.string().nullish(),
    override_city: z.string().nullish(),
  }),
  location: LocationSchema.nullable(),
  config: SiteConfigSchema,
  derived: DerivedCarFieldsSchema,
});
export type CarPage = z.infer<typeof CarPageResponseSchema>;

/** The car page of a slug on a site; an unknown (or withdrawn, or hidden) car renders the not-found page. */
export const getCarPage = cache(async (siteSlug: string, carSlug: string): Promise<CarPage> => {
  if (!/^[a-z0-9][a-z0-9-]{0,199}$/.test(carSlug)) notFound();
  try {
    return await apiGet(`/api/sites/${segment(siteSlug)}/cars/${segment(carSlug)}`, CarPageResponseSchema, {
      cache: 'no-store',
    });
  } catch (error) {
    if (error instanceof ApiError && error.isNotFound) notFound();
    throw error;
  }
});

/** GET …/cars/{slug}/similar: up to 6 similar in-stock cars. */
export async function getSimilarCars(siteSlug: string, carSlug: string) {
  const answer = await apiGet(
    `/api/sites/${segment(siteSlug)}/cars/${segment(carSlug)}/similar`,
    z.object({ hits: z.array(SearchHitSchema) }),
    { cache: 'no-store' },
  );
  return answer.hits;
}

export const TestDriveSlotsSchema = z.object({
  time_zone: z.string(),
  location_id: IdSchema,
  days: z.array(
    z.object({
      date: z.string(),
      weekday: z.number().int(),
      slots: z.array(z.object({ start: z.string(), label: z.string() })),
    }),
  ),
});
export type TestDriveSlots = z.infer<typeof TestDriveSlotsSchema>;

/** GET …/cars/{slug}/test-drive-slots; null when the car has no location to book at. */
export function getTestDriveSlots(siteSlug: string, carSlug: string): Promise<TestDriveSlots | null> {
  return apiGetOrNull(
    `/api/sites/${segment(siteSlug)}/cars/${segment(carSlug)}/test-drive-slots`,
    TestDriveSlotsSchema,
    { cache: 'no-store' },
  );
}

export const FinanceDisclaimerSchema = z.object({
  car_id: IdSchema,
  provider: z.string(),
  disclaimer: z.string(),
  short: z.string(),
});

/** GET …/finance/disclaimer?car_id=; null when the provider gave the car none. */
export function getFinanceDisclaimer(siteSlug: string, carId: number) {
  return apiGetOrNull(`/api/sites/${segment(siteSlug)}/finance/disclaimer?car_id=${carId}`, FinanceDisclaimerSchema, {
    cache: 'no-store',
  });
}

/** The gauge as sent; every field optional, because the page hides the card when any is missing. */
export const AutogaugeResponseSchema = z.object({
  fill: z.number().nullish(),
  listing_price: z.number().nullish(),
  market_range_min: z.number().nullish(),
  market_range_max: z.number().nullish(),
  confidence: z.number().nullish(),
  description: z.string().nullish(),
});
export type AutogaugeResponse = z.infer<typeof AutogaugeResponseSchema>;

/**
 * GET /api/cars/{slug}/autogauge: the answer, null when the api has no market data for the car (an
 * empty answer, which gaugeToShow logs), or undefined when the call failed (logged here). Either
 * way the card is hidden (spec 000 §8).
 */
export async function getAutogauge(carSlug: string): Promise<AutogaugeResponse | null | undefined> {
  try {
    return await apiGetOrNull(`/api/cars/${segment(carSlug)}/autogauge`, AutogaugeResponseSchema, {
      cache: 'no-store',
    });
  } catch (error) {
    console.warn(`[vehicle] price gauge for ${carSlug} unavailable: ${(error as Error).message}`); // eslint-disable-line no-console
    return undefined;
  }
}

export const QuoteResultSchema = z.object({
  weeklyRepaymentAmount: z.number(),
  comparisonRate: z.number(),
  advertisedRate: z.number(),
});
export type QuoteResult = z.infer<typeof QuoteResultSchema>;

/**
 * POST /api/youx/quote?site= for the sidebar's weekly estimate; asked only when the price is above 0,
 * and a non-OK answer is ignored (spec 001 §7).
 */
export async function getFinanceQuote(
  siteSlug: string,
  car: Pick<Car, 'price' | 'year' | 'vin' | 'nvic'>,
): Promise<QuoteResult | null> {
  const request = quoteRequestForCar(car);
  if (!request) return null;
  try {
    return await apiPost(`/api/youx/quote?site=${segment(siteSlug)}`, request, QuoteResultSchema, {
      cache: 'no-store',
    });
  } catch {
    return null;
  }
}

/** The slug of a car of the site by id (links of spec 000 carry car_id), or null when the site does not show it. */
export async function getCarSlugById(siteSlug: string, carId: string): Promise<string | null> {
  if (!/^[1-9]\d{0,9}$/.test(carId)) return null;
  const answer = await apiGetOrNull(
    `/api/sites/${segment(siteSlug)}/car-link?car_id=${carId}`,
    z.object({ car_id: IdSchema, slug: z.string() }),
    { cache: 'no-store' },
  );
  return answer?.slug ?? null;
}
