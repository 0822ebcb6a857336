import { z } from 'zod';
import {
  absolutePhotoUrl,
  isPhotoPlaceholder,
  isPlatformMediaPath,
  type SearchHit,
  type StoredPhoto,
} from '@platform/domain';
import type { McpSite } from './mcp-site';

/** The width of the photo an answer links: large enough for a chat card, small enough to load fast. */
const PHOTO_VARIANT = 'w800';

/**
 * A car as the site's public pages show it, for an assistant: what a search card and the car page
 * say, the photo as the platform serves it and the page link on the dealer's own site. Never the
 * dealer's own photo address, a cost, or a database id: the car is named by its stock number and
 * page, which is what the shopper sees too.
 */
export const PublicCarSchema = z.object({
  title: z.string(),
  stock_number: z.string(),
  /** The car's reference for get_car and send_enquiry: the last part of its page address. */
  reference: z.string(),
  condition: z.string(),
  status: z.string(),
  year: z.number(),
  make: z.string(),
  model: z.string(),
  badge: z.string().nullable(),
  /** Whole dollars; null when the page says to enquire for the price. */
  price: z.number().nullable(),
  km: z.number().nullable(),
  body: z.string().nullable(),
  fuel: z.string().nullable(),
  transmission: z.string().nullable(),
  location: z.object({ name: z.string().nullable(), city: z.string().nullable(), state: z.string().nullable() }),
  dealership: z.string().nullable(),
  photo: z.string().nullable(),
  page: z.string(),
});
export type PublicCar = z.infer<typeof PublicCarSchema>;

/** A search hit as a public car. */
export function publicCarOfHit(hit: SearchHit, site: McpSite): PublicCar {
  return {
    title: hit.name,
    stock_number: hit.stocknum,
    reference: hit.slug,
    condition: hit.car_type,
    status: hit.status,
    year: hit.year,
    make: hit.make,
    model: hit.model,
    badge: hit.badge,
    price: hit.price,
    km: hit.km,
    body: hit.simple_body,
    fuel: hit.simple_fuel,
    transmission: hit.simple_transmission,
    location: { name: hit.location_name, city: hit.city, state: hit.state },
    dealership: site.dealerships.get(hit.dealership_id)?.name ?? null,
    photo: publicPhoto(site, hit.primary_image_url, hit.primary_photo),
    page: site.page(`/cars/${hit.slug}`),
  };
}

/**
 * The absolute address of a photo as the platform serves it on the dealer's site: its stored
 * variant, or the platform's own /media file; null for anything else (a dealer's address, a photo
 * not stored yet), which is never handed on.
 */
export function publicPhoto(
  site: McpSite,
  address: string | null | undefined,
  photo: StoredPhoto | null | undefined,
): string | null {
  if (photo) return absolutePhotoUrl(site.dealer.website, null, photo, PHOTO_VARIANT);
  const trimmed = typeof address === 'string' ? address.trim() : '';
  if (!trimmed || isPhotoPlaceholder(trimmed) || !isPlatformMediaPath(trimmed)) return null;
  return absolutePhotoUrl(site.dealer.website, trimmed, null, PHOTO_VARIANT);
}
