import type { AutograbData, CarStatus, CarType } from '../entities/car';
import type { TermFacet } from './facets';
import type { StoredPhoto } from '../media/stored-photo';

/** What a result card and its links need; returned as a search hit by every engine. */
export interface SearchHit {
  id: number;
  slug: string;
  stocknum: string;
  name: string;
  year: number;
  make: string;
  model: string;
  badge: string | null;
  series: string | null;
  car_type: CarType;
  status: CarStatus;
  tag: string | null;
  price: number | null;
  before_price: number | null;
  offer_price: number | null;
  subscription_price: number | null;
  price_type: string | null;
  preorder: boolean;
  weekly_price: number | null;
  km: number | null;
  simple_body: string | null;
  simple_fuel: string | null;
  simple_transmission: string | null;
  certified: boolean;
  reserved: boolean;
  photos_count: number;
  primary_image_url: string | null;
  /**
   * The stored photo of primary_image_url (issue 38): pages draw it, never the dealer's address;
   * null while not stored, absent on documents indexed before photos were stored.
   */
  primary_photo?: StoredPhoto | null;
  /** The first few images, enough for a card's carousel, each with its stored photo (as primary_photo). */
  images: { url: string | null; thumb: { url: string | null } | null; photo?: StoredPhoto | null }[];
  dealership_id: number;
  dealership_slug: string;
  location_id: number | null;
  location_name: string | null;
  city: string | null;
  state: string | null;
  created_at: string;
  sold_date: string | null;
  /** Market averages for the card's market-price badge; absent on documents indexed before it was added. */
  autograb_data?: AutograbData | null;
}

/**
 * The denormalised document a search index holds for one visible car. Term facets are strings
 * (arrays for multi-value facets) so every engine counts them the same way.
 */
export type SearchDocument = {
  /** The car id. */
  id: number;
  site_id: number;
  dealership_id: number;
  dealership_slug: string;
  stocknum: string;
  /** Text the full-text query matches: title, make, model, badge, stocknum, vin, rego. */
  search_text: string;
  price: number | null;
  km: number | null;
  year: number;
  subscription_price: number | null;
  weekly_price: number | null;
  custom_rank: number;
  /** In stock or coming soon (isAvailable): relevance ranks these before sold cars, whatever their custom rank. */
  available: boolean;
  created_at: string;
  /** When a sold car leaves the site; null while unsold. Queries compare it with now. */
  listed_until: string | null;
  show_on_dealer_website: boolean;
  /** The car's updated_at in ms: a write never replaces a newer document with an older one. */
  source_version: number;
  hit: SearchHit;
} & { [F in Exclude<TermFacet, 'categories' | 'filtered_features'>]: string | null } & {
  categories: string[];
  filtered_features: string[];
};
