/**
 * Where a car's media may point: a web address (https: or http:) or the platform's own /media
 * files. Anything else (javascript:, data:, file:, a relative path) would reach srcset, preload
 * links, og:image and structured data as sent, so a feed row's value is dropped with a warning.
 */
export function isMediaAddress(value: string): boolean {
  const text = value.trim();
  if (text.startsWith('/media/')) return !text.includes('..') && !text.includes('\\') && !text.startsWith('/media//');
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Feed fields that hold one media address. */
export const MEDIA_ADDRESS_FIELDS = [
  'video_url',
  'external_video_url',
  'file',
  'spin_interior_image',
  'primary_image_url',
] as const;
/** Feed fields that hold a list of media addresses. */
export const MEDIA_ADDRESS_LIST_FIELDS = ['thumbnails', 'spin_images'] as const;

export interface DroppedMedia {
  path: string;
}

interface MediaFields {
  images?: { url: string | null; thumb?: { url: string | null } | null }[] | null;
  [key: string]: unknown;
}

/**
 * The car with every media value that is not a media address removed: an image whose url is not
 * one goes (a bad thumbnail alone is cleared), a bad single field becomes null, list entries go.
 * Returns what was dropped, by path, for the run's warnings.
 */
export function dropNonMediaAddresses<T extends MediaFields>(car: T): { car: T; dropped: DroppedMedia[] } {
  const dropped: DroppedMedia[] = [];
  const out: MediaFields = { ...car };
  if (Array.isArray(car.images)) {
    out.images = car.images.flatMap((image, index) => {
      if (image.url !== null && !isMediaAddress(image.url)) {
        dropped.push({ path: `images.${index}` });
        return [];
      }
      if (image.thumb?.url != null && !isMediaAddress(image.thumb.url)) {
        dropped.push({ path: `images.${index}.thumb` });
        return [{ ...image, thumb: { url: null } }];
      }
      return [image];
    });
  }
  for (const field of MEDIA_ADDRESS_FIELDS) {
    const value = car[field];
    if (typeof value === 'string' && !isMediaAddress(value)) {
      dropped.push({ path: field });
      out[field] = null;
    }
  }
  for (const field of MEDIA_ADDRESS_LIST_FIELDS) {
    const value = car[field];
    if (!Array.isArray(value)) continue;
    out[field] = value.filter((item, index) => {
      const keep = typeof item === 'string' && isMediaAddress(item);
      if (!keep) dropped.push({ path: `${field}.${index}` });
      return keep;
    });
  }
  return { car: out as T, dropped };
}
