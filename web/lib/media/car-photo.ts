import { drawPhoto, PHOTO_ROLE_LOOKS, PHOTO_ROLES, photoSrc, type PhotoRole, type StoredPhoto } from '@platform/domain';
import { imageSrcSet, imageUrl } from './image-url';

/** The plain src width of each place, for the platform's own files (the CDN loader sizes those). */
const PLATFORM_WIDTH: Record<PhotoRole, number> = { thumbnail: 160, card: 480, gallery: 800, fullScreen: 1600 };

export interface PhotoAttributes {
  src: string;
  srcSet: string;
}

/**
 * The img attributes of a car photo at a place on a page (issue 38): the stored photo's variants
 * from the platform's origin, each address asking for its width, quality and crop (the place's
 * PHOTO_ROLE_LOOKS), or the platform's own file (demo pictures) through the CDN loader.
 * Null for a dealer photo the platform has not stored: the page draws a placeholder of the box's
 * shape, and the browser never asks the dealer's host (which the CSP would block anyway).
 */
export function carPhotoAttributes(
  address: string | null | undefined,
  photo: StoredPhoto | null | undefined,
  role: PhotoRole,
): PhotoAttributes | null {
  const drawn = drawPhoto(address, photo, role);
  if (drawn.kind === 'stored') return { src: drawn.src, srcSet: drawn.srcSet };
  if (drawn.kind === 'platform') {
    // The same look as a stored photo's in this place: its quality, cut to the box or not.
    const look = { quality: PHOTO_ROLE_LOOKS[role].quality, crop: PHOTO_ROLE_LOOKS[role].crop !== 'none' };
    return {
      src: imageUrl(drawn.src, { width: PLATFORM_WIDTH[role], ...look }),
      srcSet: imageSrcSet(drawn.src, PHOTO_ROLES[role], look),
    };
  }
  return null;
}

/**
 * One picture of a car for small places (saved lists, recently viewed, checkout and trade-in
 * summaries): its first image's stored photo, else its primary image's, else the platform's own
 * file; null for a dealer photo not stored (PHOTO_PLACEHOLDER in the answer: the place then draws
 * its empty box). A refused photo is not in the answer, so the first image is the first one kept.
 */
export function firstPhotoSrc(
  car: {
    images?: readonly { url: string | null; photo?: StoredPhoto | null }[] | null;
    primary_image_url?: string | null;
    primary_photo?: StoredPhoto | null;
  },
  width: number,
): string | null {
  const first = car.images?.find((image) => image.url);
  if (first) return photoSrc(first.url, first.photo, width);
  return photoSrc(car.primary_image_url, car.primary_photo, width);
}
