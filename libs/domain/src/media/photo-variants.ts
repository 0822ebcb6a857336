import { z } from 'zod';

/**
 * The rules of a stored car photo's variants (issue 38): which widths, qualities and crops exist,
 * what each is called in the store, which address serves it and which format a browser gets.
 * Worker (which generates), api (which serves) and web (which draws srcset) all read them here, so
 * a variant the pages draw is always one the worker made or the api makes.
 */

/** Formats a variant is generated in, best first: AVIF and WebP for browsers that take them, JPEG for every other. */
export type PhotoFormat = 'avif' | 'webp' | 'jpeg';
export const PHOTO_FORMATS: readonly PhotoFormat[] = ['avif', 'webp', 'jpeg'];

/** Formats a dealer photo may arrive in (decided by its bytes). GIF is read for its first frame only. */
export type SourceFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

const EXTENSIONS: Record<SourceFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif', gif: 'gif' };
const FORMAT_OF_EXTENSION = Object.fromEntries(
  Object.entries(EXTENSIONS).map(([format, ext]) => [ext, format]),
) as Record<string, SourceFormat>;
const CONTENT_TYPES: Record<SourceFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

export const extensionOf = (format: SourceFormat): string => EXTENSIONS[format];
export const contentTypeOf = (format: SourceFormat): string => CONTENT_TYPES[format];

/**
 * Every width a page draws a car photo at: gallery thumbnails (96 CSS px, so 160 for dense
 * screens), search cards (320-960), the vehicle page's gallery (480-1200), full screen (800-1600)
 * and the interior panorama (2400).
 */
export const PHOTO_WIDTHS = [160, 320, 480, 640, 800, 960, 1200, 1600, 2400] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/** The widths each place on a page offers in its srcset. */
export const PHOTO_ROLES = {
  thumbnail: [160, 320],
  card: [320, 480, 640, 960],
  gallery: [480, 800, 1200],
  fullScreen: [800, 1200, 1600, 2400],
} as const satisfies Record<string, readonly PhotoWidth[]>;
export type PhotoRole = keyof typeof PHOTO_ROLES;

/**
 * The image requests of spec 000 §7 and 001 carry a width, a quality and a crop. Each is one of a
 * fixed few, so a photo has at most a few hundred variants, and in practice the handful its pages
 * ask for (each is made the first time it is asked for, and kept).
 *
 * Quality is the encoder's nominal quality (75, as spec 001 asks of map pictures, is the default);
 * each format reaches it with its own settings (libs/media ENCODER_SETTINGS).
 */
export const PHOTO_QUALITIES = [60, 75, 90] as const;
export type PhotoQuality = (typeof PHOTO_QUALITIES)[number];
export const DEFAULT_PHOTO_QUALITY: PhotoQuality = 75;

/**
 * Crop: the photo cut to this shape around its subject (libvips' attention), as a box of that
 * shape the page fills (object-fit: cover) would show it; `none` keeps the photo's own shape.
 */
export const PHOTO_CROPS = ['none', '4x3', '16x9', '1x1'] as const;
export type PhotoCrop = (typeof PHOTO_CROPS)[number];
const CROP_RATIOS: Record<Exclude<PhotoCrop, 'none'>, number> = { '4x3': 4 / 3, '16x9': 16 / 9, '1x1': 1 };

/** How a variant looks besides its width: its quality and crop. */
export interface PhotoLook {
  quality: PhotoQuality;
  crop: PhotoCrop;
}
export const DEFAULT_PHOTO_LOOK: PhotoLook = { quality: DEFAULT_PHOTO_QUALITY, crop: 'none' };

/**
 * What each place asks for: thumbnails and search cards fill 4:3 boxes (so they are cut to 4:3,
 * and a 96 px thumbnail needs less quality); the gallery and full screen show the whole photo
 * (object-fit: contain), full screen at the quality a shopper looking closely sees.
 */
export const PHOTO_ROLE_LOOKS: Record<PhotoRole, PhotoLook> = {
  thumbnail: { quality: 60, crop: '4x3' },
  card: { quality: 75, crop: '4x3' },
  gallery: { quality: 75, crop: 'none' },
  fullScreen: { quality: 90, crop: 'none' },
};

const QUALITY_VALUES = PHOTO_QUALITIES.map(String) as [string, ...string[]];

/**
 * The query of a photo address (`?q=75&crop=4x3`): each parameter optional (the default look),
 * each one of its fixed values, or a 400 naming it. Other parameters are ignored, as a CDN or a
 * link tracker may add its own.
 */
export const PhotoLookQuerySchema = z
  .object({
    q: z.enum(QUALITY_VALUES, { error: `q must be one of ${PHOTO_QUALITIES.join(', ')}` }).optional(),
    crop: z.enum(PHOTO_CROPS, { error: `crop must be one of ${PHOTO_CROPS.join(', ')}` }).optional(),
  })
  .transform((query): PhotoLook => ({
    quality: (query.q === undefined ? DEFAULT_PHOTO_QUALITY : Number(query.q)) as PhotoQuality,
    crop: query.crop ?? 'none',
  }));

/** The Open Graph image: the size link previews draw (Facebook, LinkedIn, messaging apps). */
export const OG_IMAGE = { width: 1200, height: 630 } as const;

export type PhotoVariantName = `w${PhotoWidth}` | 'og';

export interface PhotoVariant {
  name: PhotoVariantName;
  /** Width variants keep the photo's shape; the Open Graph one is cropped to its box. */
  fit: 'inside' | 'cover';
  width: number;
  height?: number;
}

export const PHOTO_VARIANTS: readonly PhotoVariant[] = [
  ...PHOTO_WIDTHS.map((width): PhotoVariant => ({ name: `w${width}`, fit: 'inside', width })),
  { name: 'og', fit: 'cover', width: OG_IMAGE.width, height: OG_IMAGE.height },
];

const VARIANT_BY_NAME = new Map(PHOTO_VARIANTS.map((variant) => [variant.name as string, variant]));

/** A variant name the rules define (w480, og...): the only names a photo address or key may carry. */
export const isPhotoVariantName = (value: unknown): value is PhotoVariantName =>
  typeof value === 'string' && VARIANT_BY_NAME.has(value);

/** A width variant in a look: one entry of a srcset, and one set of objects in the store. */
export interface LookedVariant {
  name: PhotoVariantName;
  look: PhotoLook;
}

/**
 * Made ahead for a car's first photos, by their own queue once the photo is stored, so its search
 * card and gallery opening never wait: the card (4:3) and gallery widths a phone and a laptop pick
 * (15 encodes, about 250 ms a photo here; the gallery thumbnails and the Open Graph crop as well
 * would add places drawn later or by link previews, which can wait for one resize). Every other
 * photo has none made ahead: a dealer sends 20-40 photos a car, most never opened; each variant of
 * them is made the first time a page asks for it (and kept). No photo is decoded as it is stored,
 * so a feed's photos are stored at the speed they are fetched.
 */
export const EAGER_VARIANTS: readonly LookedVariant[] = [
  ...(['w320', 'w480', 'w640'] as const).map((name) => ({ name, look: PHOTO_ROLE_LOOKS.card })),
  ...(['w480', 'w800'] as const).map((name) => ({ name, look: PHOTO_ROLE_LOOKS.gallery })),
];

/** The eager variants' stored names, as a photo's list of made variants holds them. */
export const EAGER_PHOTO_VARIANTS: readonly string[] = EAGER_VARIANTS.map((variant) =>
  storedVariantName(variant.name, variant.look),
);

/** Formats each variant is made in: link previews take JPEG only, so the Open Graph crop is JPEG alone. */
export const formatsOfVariant = (name: PhotoVariantName): readonly PhotoFormat[] =>
  name === 'og' ? ['jpeg'] : PHOTO_FORMATS;

export interface Size {
  width: number;
  height: number;
}

/**
 * The size a variant comes out at from a source of this (upright) size. Never larger than the
 * source: a width variant wider than its photo is the photo at its own size, a cropped one at its
 * crop box's, and the Open Graph crop of a small photo is the largest 1200:630 box inside it.
 */
export function variantSize(name: PhotoVariantName, source: Size, crop: PhotoCrop = 'none'): Size {
  const variant = VARIANT_BY_NAME.get(name);
  if (!variant) throw new Error(`Unknown photo variant ${name}`);
  if (crop !== 'none') {
    if (variant.fit !== 'inside') throw new Error('The Open Graph variant is a crop of its own');
    const ratio = CROP_RATIOS[crop];
    const width = Math.min(variant.width, cropBox(source, crop).width);
    return { width, height: Math.max(1, Math.round(width / ratio)) };
  }
  if (variant.fit === 'inside') {
    const width = Math.min(variant.width, source.width);
    return { width, height: Math.max(1, Math.round((source.height * width) / source.width)) };
  }
  const boxWidth = variant.width;
  const boxHeight = variant.height ?? variant.width;
  if (source.width >= boxWidth && source.height >= boxHeight) return { width: boxWidth, height: boxHeight };
  const ratio = boxWidth / boxHeight;
  if (source.width / source.height > ratio)
    return { width: Math.max(1, Math.round(source.height * ratio)), height: source.height };
  return { width: source.width, height: Math.max(1, Math.round(source.width / ratio)) };
}

export interface PlannedVariant extends Size {
  name: PhotoVariantName;
}

/**
 * The variants a photo of this size has in a crop: every width below its crop box, then the next
 * width up holding the box at its own size (so the largest srcset entry is the full photo, never an
 * upscale and never two entries of one size), and, uncropped, the Open Graph crop.
 */
export function plannedVariants(source: Size, crop: PhotoCrop = 'none'): PlannedVariant[] {
  const box = cropBox(source, crop);
  const planned: PlannedVariant[] = [];
  for (const width of PHOTO_WIDTHS) {
    const name = `w${width}` as const;
    planned.push({ name, ...variantSize(name, source, crop) });
    if (width >= box.width) break;
  }
  // The Open Graph variant is a crop of its own shape.
  if (crop === 'none') planned.push({ name: 'og', ...variantSize('og', source) });
  return planned;
}

/** The largest box of the crop's shape inside the photo (the photo itself for no crop). */
export function cropBox(source: Size, crop: PhotoCrop): Size {
  if (crop === 'none') return source;
  const ratio = CROP_RATIOS[crop];
  if (source.width / source.height > ratio)
    return { width: Math.max(1, Math.round(source.height * ratio)), height: source.height };
  return { width: source.width, height: Math.max(1, Math.round(source.width / ratio)) };
}

const HASH = /^[0-9a-f]{64}$/;
const KEY = /^([0-9a-f]{64})\/([a-z0-9-]+)\.([a-z0-9]+)$/;
const STORED_NAME = /^([a-z0-9]+)(?:-q([0-9]+))?(?:-c([0-9]+x[0-9]+))?$/;

/**
 * A variant's name in the store and in a photo's list of made variants: its width name, then its
 * quality and crop where they are not the default (`w800`, `w320-c4x3`, `w1600-q90`), so the
 * variants made before looks existed keep their names.
 */
export function storedVariantName(name: PhotoVariantName, look: PhotoLook = DEFAULT_PHOTO_LOOK): string {
  if (name === 'og' && look.crop !== 'none') throw new Error('The Open Graph variant is a crop of its own');
  const quality = look.quality === DEFAULT_PHOTO_QUALITY ? '' : `-q${look.quality}`;
  const crop = look.crop === 'none' ? '' : `-c${look.crop}`;
  return `${name}${quality}${crop}`;
}

/** A stored variant name read back; null for any name storedVariantName does not write (one name per variant). */
export function parseStoredVariantName(value: string): LookedVariant | null {
  const match = STORED_NAME.exec(value);
  if (!match) return null;
  const [, name = '', quality, crop] = match;
  if (!isPhotoVariantName(name)) return null;
  const look: PhotoLook = {
    quality: quality === undefined ? DEFAULT_PHOTO_QUALITY : (Number(quality) as PhotoQuality),
    crop: (crop ?? 'none') as PhotoCrop,
  };
  if (!(PHOTO_QUALITIES as readonly number[]).includes(look.quality) || !PHOTO_CROPS.includes(look.crop)) return null;
  if (name === 'og' && look.crop !== 'none') return null;
  return storedVariantName(name, look) === value ? { name, look } : null;
}

export const isContentHash = (value: string): boolean => HASH.test(value);

/** Where a variant is stored: `<sha256 of the original>/<stored variant name>.<ext>`. */
export function variantKey(
  hash: string,
  name: PhotoVariantName,
  format: PhotoFormat,
  look: PhotoLook = DEFAULT_PHOTO_LOOK,
): string {
  if (!HASH.test(hash)) throw new Error('A photo key needs a lowercase sha256');
  if (!formatsOfVariant(name).includes(format)) throw new Error(`The ${name} variant is not made in ${format}`);
  return `${hash}/${storedVariantName(name, look)}.${EXTENSIONS[format]}`;
}

/** Where the original bytes are stored: `<sha256>/original.<ext>`, the extension from the sniffed format. */
export function originalKey(hash: string, format: SourceFormat): string {
  if (!HASH.test(hash)) throw new Error('A photo key needs a lowercase sha256');
  return `${hash}/original.${EXTENSIONS[format]}`;
}

export type ParsedPhotoKey =
  | { hash: string; variant: PhotoVariantName; look: PhotoLook; format: PhotoFormat }
  | { hash: string; variant: 'original'; format: SourceFormat };

/** A key the platform writes, read back; null for anything else (so no key names a path outside its folder). */
export function parsePhotoKey(key: string): ParsedPhotoKey | null {
  const match = KEY.exec(key);
  if (!match) return null;
  const [, hash = '', variant = '', ext = ''] = match;
  // Own keys only: 'constructor' is an extension the pattern lets through and no format.
  const format = Object.hasOwn(FORMAT_OF_EXTENSION, ext) ? FORMAT_OF_EXTENSION[ext] : undefined;
  if (!format) return null;
  if (variant === 'original') return { hash, variant, format };
  const stored = parseStoredVariantName(variant);
  if (!stored) return null;
  if (!(formatsOfVariant(stored.name) as readonly string[]).includes(format)) return null;
  return { hash, variant: stored.name, look: stored.look, format: format as PhotoFormat };
}

/**
 * The public address of a variant; the format is chosen per request from Accept (the response
 * varies on it). With a look, the address asks for its width, quality and crop, as the pages'
 * image requests do (spec 000 §7); without, it is the default look (link previews, feeds, emails).
 */
export const photoUrl = (hash: string, name: PhotoVariantName, look?: PhotoLook): string =>
  `/media/photos/${hash}/${name}${look ? `?q=${look.quality}&crop=${look.crop}` : ''}`;

/** A role's srcset over the variants this photo has in the role's look, each described by its real width. */
export function photoSrcSet(hash: string, role: PhotoRole, source: Size): string {
  const look = PHOTO_ROLE_LOOKS[role];
  const planned = plannedVariants(source, look.crop).filter((variant) => variant.name !== 'og');
  const roleWidths = PHOTO_ROLES[role] as readonly number[];
  const largest = planned[planned.length - 1];
  const entries = planned.filter((variant) => roleWidths.includes(Number(variant.name.slice(1))));
  // Where the role draws wider than the photo, the photo itself at its own size is the last entry.
  const ownWidth = cropBox(source, look.crop).width;
  if (largest && !entries.includes(largest) && roleWidths.some((width) => width >= ownWidth)) entries.push(largest);
  return entries.map((variant) => `${photoUrl(hash, variant.name, look)} ${variant.width}w`).join(', ');
}

const MEDIA_RANGE = /^\s*([a-z0-9!#$%&'*+.^_`|~-]+)\/([a-z0-9!#$%&'*+.^_`|~-]+)\s*(?:;(.*))?$/i;

/**
 * The format a request gets, from its Accept header: AVIF or WebP only where the browser names it
 * (every browser that decodes them does; a bare `*\/*` promises nothing), the highest-weighted of
 * the three, best first on a tie. JPEG otherwise, since a photo is always answered.
 */
export function chooseServedFormat(accept: string | undefined | null): PhotoFormat {
  const weights = new Map<string, number>();
  for (const part of (accept ?? '').slice(0, 2000).split(',')) {
    const match = MEDIA_RANGE.exec(part);
    if (!match) continue;
    const [, type = '', subtype = '', parameters = ''] = match;
    const range = `${type.toLowerCase()}/${subtype.toLowerCase()}`;
    let q = 1;
    for (const parameter of parameters.split(';')) {
      const [name, value] = parameter.split('=').map((piece) => piece.trim());
      if (name?.toLowerCase() === 'q' && value !== undefined) {
        const parsed = Number(value);
        q = Number.isFinite(parsed) ? Math.min(1, Math.max(0, parsed)) : 0;
      }
    }
    weights.set(range, Math.max(weights.get(range) ?? 0, q));
  }
  const named = (type: string): number => weights.get(`image/${type}`) ?? 0;
  const candidates: [PhotoFormat, number][] = [
    ['avif', named('avif')],
    ['webp', named('webp')],
    ['jpeg', weights.get('image/jpeg') ?? weights.get('image/*') ?? weights.get('*/*') ?? 0],
  ];
  let best: PhotoFormat = 'jpeg';
  let bestWeight = 0;
  for (const [format, weight] of candidates)
    if (weight > bestWeight) {
      best = format;
      bestWeight = weight;
    }
  return best;
}
