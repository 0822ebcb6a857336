import type { DeliveryRegion } from '../site-config/site-config.schema';
import { formatDollars } from '../cars/price-display';
import { distanceKm, type Coordinates } from './distance';

/** The delivery calculator's messages (spec 000 §5). */
export const DELIVERY_POSTCODE_REQUIRED = 'Please enter a postcode';
export const DELIVERY_NO_ESTIMATE =
  "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";

export interface DeliveryQuote {
  price: number;
  /** The postcode region's name, or 'postcode 2000' when a distance band priced it (see deliveryQuote). */
  name: string;
  /** Rounded km from the car's location, when both ends have coordinates. */
  distance_km: number | null;
}

export interface DeliveryInput {
  regions: readonly DeliveryRegion[];
  postcode: string;
  /** Where the car is and where it goes; null when either has no coordinates. */
  from: Coordinates | null;
  to: Coordinates | null;
}

/**
 * The delivery price for a postcode: a postcode region that lists it wins (dealers use them for
 * exceptions such as islands); otherwise the nearest distance band that reaches it. Null: no estimate.
 * A band is a distance, not a place: a 1,800 km band around Brisbane reaches Sydney, so its label
 * ('Queensland') would name the wrong state. The answer then names the postcode the shopper gave,
 * and the band's label stays the operator's.
 */
export function deliveryQuote({ regions, postcode, from, to }: DeliveryInput): DeliveryQuote | null {
  const distance = from && to ? distanceKm(from, to) : null;
  const rounded = distance === null ? null : Math.round(distance);
  const byPostcode = regions.find((region) =>
    region.postcodes?.some((range) => postcode >= range.from && postcode <= range.to),
  );
  if (byPostcode) return { price: byPostcode.price, name: byPostcode.name, distance_km: rounded };
  if (distance === null) return null;
  const band = regions
    .filter(
      (region): region is DeliveryRegion & { max_km: number } =>
        region.max_km !== undefined && distance <= region.max_km,
    )
    .sort((a, b) => a.max_km - b.max_km)[0];
  return band ? { price: band.price, name: `postcode ${postcode}`, distance_km: rounded } : null;
}

/** 'Estimated delivery to postcode 2000 (about 730 km away): $750', as the calculator shows it. */
export function deliveryEstimateText(quote: DeliveryQuote): string {
  const away = quote.distance_km === null ? '' : ` (about ${quote.distance_km.toLocaleString('en-AU')} km away)`;
  return `Estimated delivery to ${quote.name}${away}: ${formatDollars(quote.price)}`;
}
