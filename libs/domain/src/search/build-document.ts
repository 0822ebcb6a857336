import type { AutograbData, CarStatus, CarType } from '../entities/car';
import { weeklyEstimate } from '../finance/repayment';
import { carPhotos, NO_STORED_PHOTOS, type PhotoLookup } from '../media/stored-photo';
import { isAvailable } from '../cars/stock-status';
import { makeModelValue } from './facets';
import { priceBand, weeklyPriceBand } from './price-bands';
import type { SearchDocument } from './search-document';

/** A car as PostgreSQL stores it: filter columns plus the rest of the feed's fields in `data`. */
export interface StoredCar {
  id: number;
  dealership_id: number;
  location_id: number | null;
  stocknum: string;
  slug: string;
  car_type: string;
  status: string;
  make: string;
  model: string;
  badge: string | null;
  year: number;
  price: number | null;
  before_price: number | null;
  subscription_price: number | null;
  km: number | null;
  simple_body: string | null;
  simple_fuel: string | null;
  simple_transmission: string | null;
  simple_drive: string | null;
  colour: string | null;
  seats: number | null;
  tag: string | null;
  certified: boolean;
  reserved: boolean;
  show_on_dealer_website: boolean;
  sold_date: Date | null;
  listed_until: Date | null;
  custom_rank: number;
  created_at: Date;
  updated_at: Date;
  data: Record<string, unknown>;
}

export interface DocumentContext {
  siteId: number;
  dealership: { id: number; slug: string; name: string };
  location: { id: number; name: string; city: string | null; state: string | null } | null;
  /**
   * The stored photo of each of the car's photo addresses, resolved for its dealership by the
   * caller (one query per batch, see storedPhotosOf in libs/stock); none when not given.
   */
  photos?: PhotoLookup;
}

/** How many images a hit carries for a card's carousel. */
export const HIT_IMAGE_COUNT = 5;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const int = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? [...new Set(value.filter((v): v is string => typeof v === 'string' && v !== ''))] : [];

/** The feed's market averages, kept only when one of them is a positive number. */
function marketAverages(value: unknown): AutograbData | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const state = int(record['state_average_market_price']);
  const national = int(record['average_market_price']);
  return (state ?? 0) > 0 || (national ?? 0) > 0
    ? { state_average_market_price: state, average_market_price: national }
    : null;
}

/** The car's display name: the feed's name, else 'year make model badge'. */
export const carName = (car: Pick<StoredCar, 'year' | 'make' | 'model' | 'badge' | 'data'>): string =>
  text(car.data['name']) ?? [car.year, car.make, car.model, car.badge].filter(Boolean).join(' ');

/** Builds the search document of a car: the one projection both search engines index. */
export function buildSearchDocument(car: StoredCar, context: DocumentContext): SearchDocument {
  const name = carName(car);
  // Public addresses only (the platform's /media or a placeholder), refused photos left out (carPhotos).
  const photos = carPhotos(car.data, context.photos ?? NO_STORED_PHOTOS);
  const weekly = weeklyEstimate(car.price);

  const features = strings(car.data['filtered_features']);
  const searchText = [
    name,
    car.make,
    car.model,
    car.badge,
    car.stocknum,
    text(car.data['vin']),
    text(car.data['regplate']),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return {
    id: car.id,
    site_id: context.siteId,
    dealership_id: car.dealership_id,
    dealership_slug: context.dealership.slug,
    stocknum: car.stocknum,
    search_text: searchText,
    // 0 means 'enquire for price': such cars match no price range and sort after priced ones.
    price: car.price !== null && car.price > 0 ? car.price : null,
    km: car.km,
    year: car.year,
    subscription_price: car.subscription_price,
    weekly_price: weekly,
    custom_rank: car.custom_rank,
    available: isAvailable(car),
    created_at: car.created_at.toISOString(),
    listed_until: car.listed_until?.toISOString() ?? null,
    show_on_dealer_website: car.show_on_dealer_website,
    source_version: car.updated_at.getTime(),
    // Term facets
    badge: car.badge,
    body: car.simple_body,
    car_type: car.car_type,
    categories: strings(car.data['categories']),
    certified: car.certified ? 'true' : 'false',
    city: context.location?.city ?? null,
    colour: car.colour,
    dealership_name: context.dealership.name,
    drive: car.simple_drive,
    filtered_features: features.length > 0 ? features : strings(car.data['features']),
    fuel: car.simple_fuel,
    item_type: text(car.data['item_type']) ?? (car.data['caravan_specifications'] ? 'caravan' : 'car'),
    location_name: context.location?.name ?? null,
    make: car.make,
    make_model: makeModelValue(car.make, car.model),
    model: car.model,
    price_range: priceBand(car.price),
    seats: car.seats === null ? null : String(car.seats),
    state: context.location?.state ?? null,
    status: car.status,
    tag: car.tag,
    transmission: car.simple_transmission,
    weekly_price_range: weeklyPriceBand(weekly),
    hit: {
      id: car.id,
      slug: car.slug,
      stocknum: car.stocknum,
      name,
      year: car.year,
      make: car.make,
      model: car.model,
      badge: car.badge,
      series: text(car.data['series']),
      car_type: car.car_type as CarType,
      status: car.status as CarStatus,
      tag: car.tag,
      price: car.price,
      before_price: car.before_price,
      offer_price: int(car.data['offer_price']),
      subscription_price: car.subscription_price,
      price_type: text(car.data['price_type']),
      preorder: car.data['preorder'] === true,
      weekly_price: weekly,
      km: car.km,
      simple_body: car.simple_body,
      simple_fuel: car.simple_fuel,
      simple_transmission: car.simple_transmission,
      certified: car.certified,
      reserved: car.reserved,
      photos_count: photos.photos_count,
      primary_image_url: photos.primary_image_url,
      primary_photo: photos.primary_photo,
      images: photos.images.slice(0, HIT_IMAGE_COUNT),
      dealership_id: car.dealership_id,
      dealership_slug: context.dealership.slug,
      location_id: car.location_id,
      location_name: context.location?.name ?? null,
      city: context.location?.city ?? null,
      state: context.location?.state ?? null,
      created_at: car.created_at.toISOString(),
      sold_date: car.sold_date?.toISOString() ?? null,
      autograb_data: marketAverages(car.data['autograb_data']),
    },
  };
}
