import type { SearchDocument } from '../search/search-document';

/** The location a car is offered at (its own, or its dealership's primary one), as a feed needs it. */
export interface ListingLocation {
  street: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
  lat: number | null;
  long: number | null;
}

/**
 * One car as a feed reads it: its search document (the live projection, with its stored photos,
 * price, classification and visibility already decided) and the few fields of the car's data a
 * document does not carry.
 */
export interface ListingSource {
  document: SearchDocument;
  vin: string | null;
  /** The dealer's comments on the car (plain text or light HTML). */
  description: string | null;
  location: ListingLocation | null;
}

/** What every listing of one dealership's feed shares. */
export interface ListingContext {
  /** The dealership's site origin (its primary host): every link and photo of the feed is on it. */
  origin: string;
  dealership: { id: number; slug: string; name: string };
  /** Google's store code (configured), else the dealership's slug: any identifier unique per dealership. */
  storeCode: string | null;
  metaPageId: string | null;
  /** VINs that more than one listed car of the dealership carries (upper-case). */
  duplicateVins: ReadonlySet<string>;
}
