import { bannerLive } from './banners';

/** What the offer pages need of a configured offer. */
export interface OfferRef {
  id: number;
  manufacturer: string | null;
  start?: string | null;
  expiry?: string | null;
}

/** /offers/{manufacturer}/{id} for a manufacturer's offer, otherwise /offers/{id} (spec 001 §2). */
export function offerPath(offer: Pick<OfferRef, 'id' | 'manufacturer'>): string {
  return offer.manufacturer ? `/offers/${encodeURIComponent(offer.manufacturer)}/${offer.id}` : `/offers/${offer.id}`;
}

/**
 * The live offer a path under /offers names: /offers/{id} finds any offer by id, and
 * /offers/{manufacturer}/{id} only that manufacturer's. Null for anything else, or an offer not yet
 * started or expired.
 */
export function findOffer<T extends OfferRef>(offers: readonly T[], segments: readonly string[], now: Date): T | null {
  if (segments.length < 1 || segments.length > 2) return null;
  const idText = segments[segments.length - 1];
  if (!/^[1-9]\d*$/.test(idText)) return null;
  const id = Number(idText);
  const manufacturer = segments.length === 2 ? segments[0] : null;
  const offer = offers.find((o) => o.id === id && (manufacturer === null || o.manufacturer === manufacturer));
  return offer && bannerLive(offer, now) ? offer : null;
}

/** The live offers, in their configured order. */
export function liveOffers<T extends OfferRef>(offers: readonly T[], now: Date): T[] {
  return offers.filter((offer) => bannerLive(offer, now));
}
