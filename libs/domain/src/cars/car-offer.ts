import type { SiteConfig } from '../site-config/site-config.schema';
import { slugify } from '../stock/car-slug';
import { marketBadge, type MarketBadgeInput } from './market-badge';
import { canReserve, type ReservationInput } from './reservation';

/** The settings of a car's own dealership that decide what its page and its search card offer. */
export interface CarOfferConfig {
  buttons: Pick<SiteConfig['buttons'], 'show_reserve'>;
  features: Pick<SiteConfig['features'], 'market_price_enabled'>;
}

export interface CarOffer {
  /** Reserve online (spec 000 §4): shown as the reserve button on the page and the card. */
  reservable: boolean;
  /** The market-price badge (spec 000 §4, §9). */
  marketBadge: boolean;
}

/**
 * What the vehicle page and the search card both offer for a car, read from the configuration of
 * the car's own dealership: on a group site one dealership can use market-price data (no online
 * reservation at 200 or less, a below-market badge) while the site and its other dealerships do
 * not, and a card that read the site's settings disagreed with the car's page.
 */
export function carOffer(car: ReservationInput & MarketBadgeInput, config: CarOfferConfig): CarOffer {
  const marketPriceEnabled = config.features.market_price_enabled;
  return {
    reservable: config.buttons.show_reserve && canReserve(car, { marketPriceEnabled }),
    marketBadge: marketPriceEnabled && marketBadge(car),
  };
}

/**
 * The make's certified pre-owned badge among the media assets (spec 000 §4: 'certified-used make
 * image badge'): one picture per make, named by the make's slug, so a make added to stock needs
 * only its picture.
 */
export function certifiedBadgePath(make: string): string {
  return `/media/certified/${slugify(make)}.svg`;
}
