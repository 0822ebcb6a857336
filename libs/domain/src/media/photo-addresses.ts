import { isMediaAddress } from '../stock/media-address';

/** Where on a car a photo address was found: the feed field, and its place in a list (0 for a single field). */
export type CarPhotoField =
  'primary_image_url' | 'images' | 'images.thumb' | 'thumbnails' | 'spin_images' | 'spin_interior_image';

export interface CarPhotoAddress {
  /** The address exactly as the car holds it: pages find the stored photo by this text. */
  url: string;
  field: CarPhotoField;
  position: number;
  /** Its eager variants are made ahead, once it is stored (the car's search card and gallery opening seldom wait). */
  eager: boolean;
}

/**
 * Photos per car whose eager variants are made ahead: the primary image (the search card, og:image)
 * and the gallery's opening frame, one photo when a feed names the same for both. The others'
 * variants are made the first time a page asks for them, so a feed of 2,000 cars of 20 photos is
 * not 120,000 encodes up front.
 */
export const EAGER_PHOTOS_PER_CAR = 2;

/** The most addresses one car can bring (every media list full, and the single fields). */
export const MAX_PHOTO_ADDRESSES_PER_CAR = 1000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const own = (record: Record<string, unknown>, key: string): unknown =>
  Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;

/**
 * Every photo address of a car the platform ingests, in the order the pages want them first: the
 * primary image, the gallery, its thumbnails, the thumbnail list, the 360 spin and the interior
 * panorama. Only web addresses (http:, https:); the platform's own /media/ files are already ours,
 * and anything else (a non-string, another scheme) is not a photo address. Each address once, at
 * its first place. Videos and history reports are not photos and are left alone. Hotspots carry
 * no image in the feed schema (positions and text only).
 */
export function carPhotoAddresses(car: unknown): CarPhotoAddress[] {
  if (!isRecord(car)) return [];
  const found: CarPhotoAddress[] = [];
  const seen = new Set<string>();
  const take = (value: unknown, field: CarPhotoField, position: number): void => {
    if (typeof value !== 'string' || seen.has(value) || found.length >= MAX_PHOTO_ADDRESSES_PER_CAR) return;
    if (value.trim().startsWith('/media/') || !isMediaAddress(value)) return;
    seen.add(value);
    found.push({ url: value, field, position, eager: false });
  };
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

  take(own(car, 'primary_image_url'), 'primary_image_url', 0);
  const images = list(own(car, 'images'));
  images.forEach((image, index) => take(isRecord(image) ? own(image, 'url') : image, 'images', index));
  images.forEach((image, index) => {
    const thumb = isRecord(image) ? own(image, 'thumb') : undefined;
    take(isRecord(thumb) ? own(thumb, 'url') : undefined, 'images.thumb', index);
  });
  list(own(car, 'thumbnails')).forEach((value, index) => take(value, 'thumbnails', index));
  list(own(car, 'spin_images')).forEach((value, index) => take(value, 'spin_images', index));
  take(own(car, 'spin_interior_image'), 'spin_interior_image', 0);

  // The first photos the pages draw: the primary image (the card, og:image) and the gallery's
  // opening frame (images[0]), one photo when they are the same address.
  let eager = 0;
  for (const address of found) {
    if (eager >= EAGER_PHOTOS_PER_CAR) break;
    const opening = address.field === 'images' && address.position === 0;
    if (address.field !== 'primary_image_url' && !opening) continue;
    address.eager = true;
    eager += 1;
  }
  return found;
}

/** The feed path of an address on its car (images.3, primary_image_url), for a run's warning. */
export const carPhotoPath = (field: CarPhotoField, position: number): string =>
  field === 'primary_image_url' || field === 'spin_interior_image'
    ? field
    : field === 'images.thumb'
      ? `images.${position}.thumb`
      : `${field}.${position}`;

/** A photo warning as a feed run shows it: the row, the stock number, the field and why. */
export function photoWarning(entry: {
  row: number | null;
  stocknum: string;
  field: string;
  position: number;
  url: string;
  reason: string | null;
  /** Why, in words, where the reason's code alone does not say (an address refused: which, and why). */
  detail?: string | null;
}): string {
  const url = entry.url.length > 200 ? `${entry.url.slice(0, 200)}…` : entry.url;
  const path = carPhotoPath(entry.field as CarPhotoField, entry.position);
  const detail = entry.detail ? `: ${entry.detail.slice(0, 200)}` : '';
  return `Row ${entry.row ?? '?'} (stocknum '${entry.stocknum}'): photo ${path} ${url} was not stored (${entry.reason ?? 'unreachable'}${detail}); the car is listed with its other photos`;
}
