/**
 * The image CDN loader (spec 000 §7: width, quality and crop parameters). Car photos are
 * site-relative /media/... paths (the proxy forwards them to the API) or absolute CDN addresses;
 * either way the size is asked for in the query string, so a resizing CDN in front of /media can
 * serve each width and the plain file server simply ignores it.
 */

export const DEFAULT_IMAGE_QUALITY = 75;
/** Widths offered in a card's srcset. */
export const CARD_IMAGE_WIDTHS = [320, 480, 640, 960] as const;

export interface ImageOptions {
  width: number;
  quality?: number;
  /** Crop to the requested box rather than letterbox. */
  crop?: boolean;
}

const LOCAL_BASE = 'http://local.invalid';
const STORED_PHOTO_PREFIX = '/media/photos/';

export function imageUrl(src: string, { width, quality = DEFAULT_IMAGE_QUALITY, crop = true }: ImageOptions): string {
  // A stored photo's address already asks for its width, quality and crop (photoUrl), and is its cache key.
  if (src.startsWith(STORED_PHOTO_PREFIX)) return src;
  let url: URL;
  try {
    url = new URL(src, LOCAL_BASE);
  } catch {
    return src;
  }
  url.searchParams.set('w', String(Math.round(width)));
  url.searchParams.set('q', String(quality));
  if (crop) url.searchParams.set('fit', 'crop');
  return url.origin === LOCAL_BASE ? `${url.pathname}${url.search}` : url.toString();
}

/** A srcset over the given widths, each entry asking for the same quality and crop as the src. */
export function imageSrcSet(
  src: string,
  widths: readonly number[] = CARD_IMAGE_WIDTHS,
  options: Omit<ImageOptions, 'width'> = {},
): string {
  return widths.map((width) => `${imageUrl(src, { ...options, width })} ${width}w`).join(', ');
}

/** A location's static map picture (spec 001 §9): 600 wide at quality 75. */
export const MAP_IMAGE_WIDTH = 600;
export const MAP_IMAGE_QUALITY = 75;

/** The static map image of a location, at the map width and quality, letterboxed rather than cropped. */
export function mapImageUrl(src: string): string {
  return imageUrl(src, { width: MAP_IMAGE_WIDTH, quality: MAP_IMAGE_QUALITY, crop: false });
}
