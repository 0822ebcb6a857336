import {
  DEFAULT_PHOTO_LOOK,
  PHOTO_ROLE_LOOKS,
  plannedVariants,
  photoSrcSet,
  photoUrl,
  type PhotoCrop,
  type PhotoLook,
  type PhotoRole,
  type PhotoVariantName,
} from './photo-variants';
import { isMediaAddress } from '../stock/media-address';

/**
 * A dealer photo the platform holds (issue 38), as it travels next to the address the feed sent:
 * its content hash (the address of its variants) and its upright size (which variants it has).
 * Null next to an address means the photo is not stored (yet, or refused): pages draw a
 * placeholder and never the dealer's address.
 */
export interface StoredPhoto {
  hash: string;
  width: number;
  height: number;
}

/**
 * What the platform holds of the photo addresses of one car's dealership: called with an address,
 * its stored photo, or null (not stored, or not a dealer address). `dropped` says the address was
 * refused (not an image, too large, too many pixels...) or could not be fetched, and is not
 * stored: such a photo leaves the car's gallery and photo count until it is stored (issue 54).
 */
export interface PhotoLookup {
  (address: string | null | undefined): StoredPhoto | null;
  dropped(address: string | null | undefined): boolean;
}
export const NO_STORED_PHOTOS: PhotoLookup = Object.assign(() => null, { dropped: () => false });

/** The platform's own files (/media/..., the demo's pictures and logos): drawn as they are, never ingested. */
export const isPlatformMediaPath = (address: string): boolean =>
  address.startsWith('/media/') && !address.startsWith('/media//');

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** How a page draws one photo address. */
export type PhotoDrawing =
  /** A stored photo: a srcset of the widths it has, and a fallback src. */
  | { kind: 'stored'; src: string; srcSet: string; width: number; height: number }
  /** The platform's own file, drawn as it is. */
  | { kind: 'platform'; src: string }
  /** A dealer photo not stored (yet): a neutral box of the place's shape, and no request anywhere. */
  | { kind: 'placeholder' };

/** The width each place's plain src asks for, for a browser that reads no srcset. */
const FALLBACK_WIDTH: Record<PhotoRole, number> = { thumbnail: 160, card: 480, gallery: 800, fullScreen: 1600 };

/** The variant of this photo nearest above a width (the photo's own size when it is narrower), in a crop. */
export function variantForWidth(photo: StoredPhoto, width: number, crop: PhotoCrop = 'none'): PhotoVariantName {
  const widths = plannedVariants(photo, crop).filter((variant) => variant.name !== 'og');
  const chosen = widths.find((variant) => Number(variant.name.slice(1)) >= width) ?? widths[widths.length - 1];
  return chosen?.name ?? 'w160';
}

/** How to draw an address at a place on a page: its stored photo, the platform's own file, or a placeholder. */
export function drawPhoto(
  address: string | null | undefined,
  photo: StoredPhoto | null | undefined,
  role: PhotoRole,
): PhotoDrawing {
  const look = PHOTO_ROLE_LOOKS[role];
  if (photo)
    return {
      kind: 'stored',
      src: photoUrl(photo.hash, variantForWidth(photo, FALLBACK_WIDTH[role], look.crop), look),
      srcSet: photoSrcSet(photo.hash, role, photo),
      width: photo.width,
      height: photo.height,
    };
  const trimmed = address?.trim();
  if (trimmed && isPlatformMediaPath(trimmed)) return { kind: 'platform', src: trimmed };
  return { kind: 'placeholder' };
}

/**
 * An absolute address of a photo for readers outside the page (link previews, structured data,
 * emails): the stored variant on the site's origin, the platform's own file on it, or null for
 * a photo not stored (a dealer's address is never handed on).
 */
export function absolutePhotoUrl(
  origin: string,
  address: string | null | undefined,
  photo: StoredPhoto | null | undefined,
  variant: PhotoVariantName,
): string | null {
  const base = origin.replace(/\/+$/, '');
  if (photo) return `${base}${photoUrl(photo.hash, variant)}`;
  const trimmed = address?.trim();
  return trimmed && isPlatformMediaPath(trimmed) ? `${base}${trimmed}` : null;
}

/**
 * What a public answer (a search hit, the car page, view.json) carries in place of a dealer photo
 * the platform has not stored yet: the pages draw a neutral box of the photo's shape for it. Not an
 * address anyone can fetch (an unknown scheme), so a client that draws it anyway asks no host.
 */
export const PHOTO_PLACEHOLDER = 'placeholder:photo';
export const isPhotoPlaceholder = (address: string | null | undefined): boolean => address === PHOTO_PLACEHOLDER;

/** The widths the public addresses of a car's photo fields name (the pages draw from srcsets anyway). */
const PUBLIC_WIDTH = { image: 800, thumb: 160, spin: 800, interior: 2400 } as const;

/**
 * The address a public answer gives for one of a car's photo addresses: its stored photo's variant
 * on the platform's origin, the platform's own /media file as it is, PHOTO_PLACEHOLDER for a
 * dealer photo not stored yet, and null for one refused or unreachable (the field leaves it out)
 * or for anything that is not a media address. A dealer's own address is never handed on.
 */
export function publicPhotoAddress(address: unknown, lookup: PhotoLookup, width: number): string | null {
  const trimmed = text(address)?.trim();
  if (!trimmed || !isMediaAddress(trimmed)) return null;
  if (isPlatformMediaPath(trimmed)) return trimmed;
  const photo = lookup(text(address));
  if (photo) return photoUrl(photo.hash, variantForWidth(photo, width));
  return lookup.dropped(text(address)) ? null : PHOTO_PLACEHOLDER;
}

/**
 * A car's photo fields as public answers carry them (spec 000's Car: images with their thumbs,
 * thumbnails, primary_image_url, spin_images, spin_interior_image, photos_count), each address
 * made public (publicPhotoAddress) with its stored photo beside it for the pages' srcsets. A photo
 * refused or unreachable is left out of every list and out of photos_count, and comes back once
 * it is stored (its cars are settled then, so documents and pages are rebuilt).
 */
export interface CarPhotos {
  images: { url: string; thumb: { url: string | null } | null; photo: StoredPhoto | null }[];
  thumbnails: string[];
  /** The feed's primary image, else the first image kept. */
  primary_image_url: string | null;
  primary_photo: StoredPhoto | null;
  spin_images: string[];
  /** Parallel to spin_images. */
  spin_photos: (StoredPhoto | null)[];
  spin_interior_image: string | null;
  spin_interior_photo: StoredPhoto | null;
  /** The feed's count (else its images), less the images refused or unreachable. */
  photos_count: number;
}

/** The stored photos and public addresses of a car's photo fields, looked up in a map resolved for its dealership. */
export function carPhotos(data: Record<string, unknown>, lookup: PhotoLookup): CarPhotos {
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  const publicOf = (address: unknown, width: number) => {
    const url = publicPhotoAddress(address, lookup, width);
    return { url, photo: url ? lookup(text(address)) : null };
  };
  // Feed images are objects ({ url, thumb: { url } }); a bare address is read as one.
  const feedImages = list(data['images'])
    .map((image) => (typeof image === 'string' ? { url: image } : image))
    .filter((image): image is Record<string, unknown> => typeof image === 'object' && image !== null)
    .filter((image) => {
      const url = text(image['url']);
      return url !== null && isMediaAddress(url);
    });
  let dropped = 0;
  const images: CarPhotos['images'] = [];
  for (const image of feedImages) {
    const shown = publicOf(image['url'], PUBLIC_WIDTH.image);
    if (!shown.url) {
      dropped += 1;
      continue;
    }
    const thumb = image['thumb'] as { url?: unknown } | null | undefined;
    images.push({
      url: shown.url,
      thumb:
        thumb && typeof thumb === 'object' ? { url: publicPhotoAddress(thumb.url, lookup, PUBLIC_WIDTH.thumb) } : null,
      photo: shown.photo,
    });
  }
  const spin = list(data['spin_images']).flatMap((frame) => {
    const shown = publicOf(frame, PUBLIC_WIDTH.spin);
    return shown.url ? [shown as { url: string; photo: StoredPhoto | null }] : [];
  });
  const primary = publicOf(data['primary_image_url'], PUBLIC_WIDTH.image);
  const first = images[0];
  const interior = publicOf(data['spin_interior_image'], PUBLIC_WIDTH.interior);
  const feedCount = data['photos_count'];
  const count =
    typeof feedCount === 'number' && Number.isInteger(feedCount) && feedCount >= 0 ? feedCount : feedImages.length;
  return {
    images,
    thumbnails: list(data['thumbnails']).flatMap((thumb) => {
      const url = publicPhotoAddress(thumb, lookup, PUBLIC_WIDTH.thumb);
      return url ? [url] : [];
    }),
    primary_image_url: primary.url ?? first?.url ?? null,
    primary_photo: primary.url ? primary.photo : (first?.photo ?? null),
    spin_images: spin.map((frame) => frame.url),
    spin_photos: spin.map((frame) => frame.photo),
    spin_interior_image: interior.url,
    spin_interior_photo: interior.photo,
    photos_count: Math.max(0, count - dropped),
  };
}

/**
 * A lookup over rows of one dealership's stored photos, keyed by the address the feed sent, and
 * the addresses it refused or could not fetch (PhotoLookup.dropped).
 */
export function photoLookupOf(
  rows: Iterable<{ source_url: string } & StoredPhoto>,
  droppedAddresses: Iterable<string> = [],
): PhotoLookup {
  const byAddress = new Map<string, StoredPhoto>();
  for (const row of rows) byAddress.set(row.source_url, { hash: row.hash, width: row.width, height: row.height });
  const dropped = new Set(droppedAddresses);
  return Object.assign((address: string | null | undefined) => (address ? (byAddress.get(address) ?? null) : null), {
    dropped: (address: string | null | undefined) => !!address && !byAddress.has(address) && dropped.has(address),
  });
}

/**
 * One site-relative address to draw a photo at about this width, for places that draw a single
 * small picture (saved lists, checkout summary, 360 frames): the stored variant, asked for with its
 * width, quality and crop (the whole photo at the default quality unless the place says), the
 * platform's own file, or null for a dealer photo not stored.
 */
export function photoSrc(
  address: string | null | undefined,
  photo: StoredPhoto | null | undefined,
  width: number,
  look: PhotoLook = DEFAULT_PHOTO_LOOK,
): string | null {
  if (photo) return photoUrl(photo.hash, variantForWidth(photo, width, look.crop), look);
  const trimmed = address?.trim();
  return trimmed && isPlatformMediaPath(trimmed) ? trimmed : null;
}
