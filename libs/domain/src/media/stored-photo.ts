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

/** The stored photo of an address of one car's dealership, or null (not stored, or not a dealer address). */
export type PhotoLookup = (address: string | null | undefined) => StoredPhoto | null;
export const NO_STORED_PHOTOS: PhotoLookup = () => null;

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

/** A car's photo fields with the stored photo of each address beside it, for the pages that draw them. */
export interface CarPhotos {
  images: { url: string | null; thumb: { url: string | null } | null; photo: StoredPhoto | null }[];
  primary_photo: StoredPhoto | null;
  /** Parallel to spin_images. */
  spin_photos: (StoredPhoto | null)[];
  spin_interior_photo: StoredPhoto | null;
}

/** The stored photos of a car's photo fields, looked up in a map resolved for its dealership. */
export function carPhotos(data: Record<string, unknown>, lookup: PhotoLookup): CarPhotos {
  const images = Array.isArray(data['images'])
    ? (data['images'] as unknown[])
        .filter((image): image is Record<string, unknown> => typeof image === 'object' && image !== null)
        .map((image) => {
          const url = text(image['url']);
          const thumb = image['thumb'] as { url?: unknown } | null | undefined;
          return {
            url,
            thumb: thumb && typeof thumb === 'object' ? { url: text(thumb.url) } : null,
            photo: lookup(url),
          };
        })
    : [];
  const spin = Array.isArray(data['spin_images']) ? (data['spin_images'] as unknown[]) : [];
  return {
    images,
    primary_photo: lookup(text(data['primary_image_url'])),
    spin_photos: spin.map((frame) => lookup(text(frame))),
    spin_interior_photo: lookup(text(data['spin_interior_image'])),
  };
}

/** A lookup over rows of one dealership's stored photos, keyed by the address the feed sent. */
export function photoLookupOf(rows: Iterable<{ source_url: string } & StoredPhoto>): PhotoLookup {
  const byAddress = new Map<string, StoredPhoto>();
  for (const row of rows) byAddress.set(row.source_url, { hash: row.hash, width: row.width, height: row.height });
  return (address) => (address ? (byAddress.get(address) ?? null) : null);
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
