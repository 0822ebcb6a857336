import { isPlatformMediaPath, type StoredPhoto } from '../media/stored-photo';
import { photoUrl, variantSize, type PhotoVariantName } from '../media/photo-variants';
import { variantForWidth } from '../media/stored-photo';
import {
  CHANNEL_COLUMNS,
  CHANNEL_UTM,
  LISTING_PHOTO_COUNT,
  META_IMAGE_COLUMNS,
  MIN_PHOTO_SIZE,
  type GoogleColumn,
  type MetaColumn,
  type SyndicationChannel,
} from './channels';
import type { LeftOutReason } from './left-out-reasons';
import type { ListingContext, ListingLocation, ListingSource } from './listing-source';
import { isValidVin, normaliseVin } from './vin';

/**
 * The one mapping from the platform's fields (a car's search document, its VIN and comments, its
 * location and the dealership's settings) to each channel's columns, and the rules a car must meet
 * to be written at all. A car either becomes a row whose every required field is valid, or is left
 * out with its reasons; nothing in between.
 */

/** The widest variant a feed links: large enough for either channel's ads, small enough to fetch fast. */
const FEED_PHOTO_WIDTH = 1600;
const COUNTRY = 'AU';
const CURRENCY = 'AUD';
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;
const CELL_MAX = 500;

// Control characters (NUL, a lone CR) and lone surrogates mean nothing in a listing and some
// parsers refuse them; line breaks become spaces so every row is one line.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A cell's text: no control characters or lone surrogates, spaces collapsed, at most `max` characters. */
export function cellText(value: string | number | null | undefined, max = CELL_MAX): string {
  if (value === null || value === undefined) return '';
  const text = String(value).replace(LONE_SURROGATE, '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  // Never cut a surrogate pair in half.
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

const TAG = /<[^>]*>/g;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** Dealer comments as plain text: tags dropped, the common entities read. */
const plainText = (value: string | null): string =>
  value === null
    ? ''
    : value.replace(TAG, ' ').replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? ' ');

export interface ListingPhoto {
  url: string;
  width: number;
  height: number;
}

/**
 * The car's stored photos a channel can take, primary first, each as the absolute address of its
 * widest feed variant on the dealership's site; a photo smaller than the channel's minimum is
 * skipped. Only stored photos: never a dealer's own address, never a placeholder picture.
 */
export function listingPhotos(source: ListingSource, origin: string, channel: SyndicationChannel): ListingPhoto[] {
  const base = origin.replace(/\/+$/, '');
  const minimum = MIN_PHOTO_SIZE[channel];
  const seen = new Set<string>();
  const photos: ListingPhoto[] = [];
  const hit = source.document.hit;
  const candidates: (StoredPhoto | null | undefined)[] = [hit.primary_photo, ...hit.images.map((image) => image.photo)];
  for (const photo of candidates) {
    if (!photo || seen.has(photo.hash)) continue;
    seen.add(photo.hash);
    const variant: PhotoVariantName = variantForWidth(photo, FEED_PHOTO_WIDTH);
    const size = variantSize(variant, photo);
    if (size.width < minimum.width || size.height < minimum.height) continue;
    photos.push({ url: `${base}${photoUrl(photo.hash, variant)}`, ...size });
    if (photos.length === LISTING_PHOTO_COUNT) break;
  }
  return photos;
}

/** Why the car has no photo a channel takes, or null when it has one. */
function photoReason(source: ListingSource, photos: ListingPhoto[]): LeftOutReason | null {
  if (photos.length > 0) return null;
  const hit = source.document.hit;
  const stored = [hit.primary_photo, ...hit.images.map((image) => image.photo)].some(Boolean);
  if (stored) return 'photo-too-small';
  const addresses = [hit.primary_image_url, ...hit.images.map((image) => image.url)].filter(
    (address): address is string => typeof address === 'string' && address.trim() !== '',
  );
  if (addresses.length === 0) return 'photo-missing';
  // The platform's own pictures (the demo's drawings) stand in for a car; they are never its photo.
  return addresses.every((address) => isPlatformMediaPath(address.trim())) ? 'photo-placeholder' : 'photo-not-stored';
}

const present = (value: string | null | undefined): value is string =>
  typeof value === 'string' && cellText(value) !== '';

const addressComplete = (
  location: ListingLocation | null,
): location is ListingLocation & {
  street: string;
  city: string;
  state: string;
  postcode: string;
} =>
  location !== null &&
  present(location.street) &&
  present(location.city) &&
  present(location.state) &&
  present(location.postcode);

/** The price a listing shows: whole dollars above zero, else null (the site's 'enquire for price'). */
const listedPrice = (source: ListingSource): number | null => {
  const price = source.document.price;
  return price !== null && Number.isInteger(price) && price > 0 ? price : null;
};

const isUsed = (source: ListingSource): boolean => source.document.hit.car_type !== 'new';

/** Every reason a car cannot be written to a channel's file; empty when it can. */
export function leftOutReasons(
  channel: SyndicationChannel,
  source: ListingSource,
  context: ListingContext,
): LeftOutReason[] {
  const reasons: LeftOutReason[] = [];
  const vin = normaliseVin(source.vin);
  if (vin === null) reasons.push('vin-missing');
  else if (!isValidVin(vin)) reasons.push('vin-invalid');
  else if (context.duplicateVins.has(vin)) reasons.push('vin-duplicate');
  if (listedPrice(source) === null) reasons.push('price-missing');
  const { hit } = source.document;
  if (!present(hit.make) || !present(hit.model)) reasons.push('make-model-missing');
  if (!Number.isInteger(hit.year) || hit.year < 1900 || hit.year > 2100) reasons.push('year-invalid');
  const km = source.document.km;
  const kmKnown = km !== null && Number.isInteger(km) && km >= 0;
  if (isUsed(source) && !kmKnown) reasons.push('mileage-missing');
  if (channel === 'meta' && !present(source.document.colour)) reasons.push('colour-missing');
  const photo = photoReason(source, listingPhotos(source, context.origin, channel));
  if (photo) reasons.push(photo);
  if (!addressComplete(source.location)) reasons.push('address-incomplete');
  return reasons;
}

/** The vehicle page, tagged with the channel's campaign parameters. */
export function listingLink(channel: SyndicationChannel, source: ListingSource, context: ListingContext): string {
  const utm = CHANNEL_UTM[channel];
  const query = new URLSearchParams({
    utm_source: utm.source,
    utm_medium: utm.medium,
    utm_campaign: context.dealership.slug,
  });
  return `${context.origin.replace(/\/+$/, '')}/cars/${encodeURIComponent(source.document.hit.slug)}?${query}`;
}

const money = (dollars: number): string => `${dollars} ${CURRENCY}`;
const day = (iso: string): string => /^\d{4}-\d{2}-\d{2}/.exec(iso)?.[0] ?? '';

/** Meta's body_style enum from the platform's body types (simple_body); anything else is OTHER. */
const META_BODY_STYLES: Readonly<Record<string, string>> = {
  '4x4': 'SUV',
  bus: 'MINIBUS',
  cabChassis: 'PICKUP',
  convertible: 'CONVERTIBLE',
  coupe: 'COUPE',
  hardtop: 'COUPE',
  hatch: 'HATCHBACK',
  hatchback: 'HATCHBACK',
  lightTruck: 'TRUCK',
  peopleMover: 'MINIVAN',
  sedan: 'SEDAN',
  softtop: 'CONVERTIBLE',
  suv: 'SUV',
  ute: 'PICKUP',
  van: 'VAN',
  wagon: 'WAGON',
  stationWagon: 'WAGON',
};
export const metaBodyStyle = (body: string | null): string =>
  body !== null && Object.hasOwn(META_BODY_STYLES, body) ? (META_BODY_STYLES[body] as string) : 'OTHER';

const META_FUEL: Readonly<Record<string, string>> = {
  Petrol: 'PETROL',
  Diesel: 'DIESEL',
  Electric: 'ELECTRIC',
  Hybrid: 'HYBRID',
};
export const metaFuelType = (fuel: string | null): string =>
  fuel === null ? '' : Object.hasOwn(META_FUEL, fuel) ? (META_FUEL[fuel] as string) : 'OTHER';

export const metaTransmission = (transmission: string | null): string =>
  transmission === 'Automatic' ? 'AUTOMATIC' : transmission === 'Manual' ? 'MANUAL' : '';

const META_DRIVE: Readonly<Record<string, string>> = {
  '4x4': 'FOUR_WD',
  AWD: 'AWD',
  FWD: 'FWD',
  RWD: 'RWD',
  '4x2': 'TWO_WD',
};
export const metaDrivetrain = (drive: string | null): string =>
  drive === null ? '' : Object.hasOwn(META_DRIVE, drive) ? (META_DRIVE[drive] as string) : 'OTHER';

/** New is NEW; a certified used or demo car is CPO; every other demo or used car is USED. */
export function metaStateOfVehicle(source: ListingSource): 'NEW' | 'USED' | 'CPO' {
  const { hit } = source.document;
  if (hit.car_type === 'new') return 'NEW';
  return hit.certified ? 'CPO' : 'USED';
}

/** Sold (still shown on the site for its last days): NOT_AVAILABLE; held by a reservation: PENDING. */
export function metaAvailability(source: ListingSource): 'AVAILABLE' | 'PENDING' | 'NOT_AVAILABLE' {
  const { hit } = source.document;
  if (hit.status === 'sold') return 'NOT_AVAILABLE';
  return hit.reserved ? 'PENDING' : 'AVAILABLE';
}

/** The line Google shows as the dealership's address: street, city state postcode, country. */
export const dealershipAddress = (location: ListingLocation): string =>
  `${cellText(location.street)}, ${cellText(location.city)} ${cellText(location.state).toUpperCase()} ${cellText(location.postcode)}, ${COUNTRY}`;

/** The description Meta requires: the dealer's comments, else one sentence from the car's facts. */
export function listingDescription(source: ListingSource): string {
  const comments = cellText(plainText(source.description), DESCRIPTION_MAX);
  if (comments !== '') return comments;
  const { hit } = source.document;
  const kind = hit.car_type === 'new' ? 'New' : hit.car_type === 'demo' ? 'Demo' : 'Used';
  const km = source.document.km !== null && hit.car_type !== 'new' ? `, ${source.document.km} km` : '';
  const colour = present(source.document.colour) ? `, ${cellText(source.document.colour)}` : '';
  return cellText(`${kind} ${hit.name}${colour}${km}.`, DESCRIPTION_MAX);
}

type GoogleRow = Record<GoogleColumn, string>;
type MetaRow = Record<MetaColumn, string>;

/** A Google vehicle listings row; call only for a car with no left-out reasons. */
export function googleRow(source: ListingSource, context: ListingContext): GoogleRow {
  const { document } = source;
  const { hit } = document;
  const location = source.location as ListingLocation;
  const photos = listingPhotos(source, context.origin, 'google');
  const price = listedPrice(source) as number;
  const isNew = hit.car_type === 'new';
  // The manufacturer's price of a new car: its was-price when the dealer shows one above the
  // selling price, else the selling price (new cars here are advertised at the list price).
  const msrp = isNew ? (hit.before_price !== null && hit.before_price > price ? hit.before_price : price) : null;
  return {
    id: cellText(document.stocknum, 50),
    vin: normaliseVin(source.vin) ?? '',
    store_code: cellText(context.storeCode ?? context.dealership.slug, 100),
    dealership_name: cellText(context.dealership.name, 100),
    dealership_address: dealershipAddress(location),
    link: listingLink('google', source, context),
    image_link: photos[0]?.url ?? '',
    additional_image_link: photos
      .slice(1)
      .map((photo) => photo.url)
      .join(','),
    price: money(price),
    vehicle_msrp: msrp === null ? '' : money(msrp),
    condition: isNew ? 'new' : 'used',
    certified_pre_owned: isNew ? '' : hit.certified ? 'yes' : 'no',
    make: cellText(hit.make, 100),
    model: cellText(hit.model, 100),
    trim: cellText(hit.badge, 100),
    year: String(hit.year),
    mileage: document.km === null ? '' : `${document.km} km`,
    exterior_color: cellText(document.colour, 100),
    date_in_stock: day(document.created_at),
  };
}

/** A Meta automotive catalog row; call only for a car with no left-out reasons. */
export function metaRow(source: ListingSource, context: ListingContext): MetaRow {
  const { document } = source;
  const { hit } = document;
  const location = source.location as ListingLocation;
  const photos = listingPhotos(source, context.origin, 'meta');
  const images = Object.fromEntries(
    META_IMAGE_COLUMNS.map((column, index) => [column, photos[index]?.url ?? '']),
  ) as Record<(typeof META_IMAGE_COLUMNS)[number], string>;
  return {
    vehicle_id: cellText(document.stocknum, 100),
    vin: normaliseVin(source.vin) ?? '',
    title: cellText(hit.name, TITLE_MAX),
    description: listingDescription(source),
    url: listingLink('meta', source, context),
    make: cellText(hit.make, 100),
    model: cellText(hit.model, 100),
    year: String(hit.year),
    trim: cellText(hit.badge, 50),
    body_style: metaBodyStyle(document.body),
    exterior_color: cellText(document.colour, 100),
    fuel_type: metaFuelType(document.fuel),
    transmission: metaTransmission(document.transmission),
    drivetrain: metaDrivetrain(document.drive),
    'mileage.value': String(document.km ?? 0),
    'mileage.unit': 'KM',
    price: money(listedPrice(source) as number),
    state_of_vehicle: metaStateOfVehicle(source),
    availability: metaAvailability(source),
    date_first_on_lot: day(document.created_at),
    ...images,
    dealer_id: cellText(context.dealership.slug, 100),
    dealer_name: cellText(context.dealership.name, 100),
    fb_page_id: cellText(context.metaPageId, 50),
    'address.addr1': cellText(location.street, 200),
    'address.city': cellText(location.city, 100),
    'address.region': cellText(location.state, 50).toUpperCase(),
    'address.postal_code': cellText(location.postcode, 20),
    'address.country': COUNTRY,
    latitude: location.lat === null || !Number.isFinite(location.lat) ? '' : String(location.lat),
    longitude: location.long === null || !Number.isFinite(location.long) ? '' : String(location.long),
  };
}

export type ListingOutcome = { kind: 'included'; values: string[] } | { kind: 'left-out'; reasons: LeftOutReason[] };

/**
 * A car for a channel: its row's values in the channel's column order when every rule holds and
 * the written row passes the channel's field checks, else left out with every reason found.
 */
export function listingFor(
  channel: SyndicationChannel,
  source: ListingSource,
  context: ListingContext,
): ListingOutcome {
  const reasons = leftOutReasons(channel, source, context);
  if (reasons.length > 0) return { kind: 'left-out', reasons };
  const row: Record<string, string> = channel === 'google' ? googleRow(source, context) : metaRow(source, context);
  // The row is checked on its own as the channel would check it: a mapping slip leaves the car
  // out with a reason rather than sending the channel a row it refuses.
  if (rowProblems(channel, row, context.origin).length > 0) return { kind: 'left-out', reasons: ['field-invalid'] };
  return { kind: 'included', values: CHANNEL_COLUMNS[channel].map((column) => row[column] ?? '') };
}

// -- The channels' own field checks, applied to a written row --------------------------------

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PRICE = /^[1-9]\d* AUD$/;
const YEAR = /^(19|20)\d{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const META_BODY_VALUES = new Set([...Object.values(META_BODY_STYLES), 'OTHER']);

/**
 * The fields of a written row a channel would refuse, by column name: required fields present and
 * in the channel's format, photos and links on the dealership's own origin. Independent of the
 * mapping above, so the two check each other.
 */
export function rowProblems(
  channel: SyndicationChannel,
  row: Readonly<Record<string, string>>,
  origin: string,
): string[] {
  const base = escapeRegExp(origin.replace(/\/+$/, ''));
  const photo = new RegExp(`^${base}/media/photos/[0-9a-f]{64}/w\\d+$`);
  const page = new RegExp(`^${base}/cars/[^?#\\s]+\\?utm_source=${CHANNEL_UTM[channel].source}&`);
  const problems: string[] = [];
  const need = (column: string, ok: (value: string) => boolean) => {
    const value = row[column];
    if (value === undefined || !ok(value)) problems.push(column);
  };
  const text = (value: string) => value !== '' && value === cellText(value, DESCRIPTION_MAX);
  if (channel === 'google') {
    need('id', text);
    need('vin', isValidVin);
    need('store_code', text);
    need('dealership_name', text);
    need('dealership_address', (value) => text(value) && value.endsWith(`, ${COUNTRY}`));
    need('link', (value) => page.test(value));
    need('image_link', (value) => photo.test(value));
    need('additional_image_link', (value) => value === '' || value.split(',').every((url) => photo.test(url)));
    need('price', (value) => PRICE.test(value));
    need('vehicle_msrp', (value) => (row['condition'] === 'new' ? PRICE.test(value) : value === ''));
    need('condition', (value) => value === 'new' || value === 'used');
    need('certified_pre_owned', (value) =>
      row['condition'] === 'new' ? value === '' : value === 'yes' || value === 'no',
    );
    need('make', text);
    need('model', text);
    need('year', (value) => YEAR.test(value));
    need('mileage', (value) =>
      row['condition'] === 'used' ? /^\d+ km$/.test(value) : value === '' || /^\d+ km$/.test(value),
    );
    need('date_in_stock', (value) => DATE.test(value));
  } else {
    need('vehicle_id', text);
    need('vin', isValidVin);
    need('title', text);
    need('description', text);
    need('url', (value) => page.test(value));
    need('make', text);
    need('model', text);
    need('year', (value) => YEAR.test(value));
    need('body_style', (value) => META_BODY_VALUES.has(value));
    need('exterior_color', text);
    need('mileage.value', (value) => /^\d+$/.test(value));
    need('mileage.unit', (value) => value === 'KM');
    need('price', (value) => PRICE.test(value));
    need('state_of_vehicle', (value) => ['NEW', 'USED', 'CPO'].includes(value));
    need('availability', (value) => ['AVAILABLE', 'PENDING', 'NOT_AVAILABLE'].includes(value));
    need('image[0].url', (value) => photo.test(value));
    for (const column of META_IMAGE_COLUMNS.slice(1)) need(column, (value) => value === '' || photo.test(value));
    for (const column of ['address.addr1', 'address.city', 'address.region', 'address.postal_code'] as const)
      need(column, text);
    need('address.country', (value) => value === COUNTRY);
  }
  return problems;
}
