/**
 * The rules of a stored car photo's variants (issue 38): which widths exist, what each is called in
 * the store, which address serves it and which format a browser gets. Worker (which generates),
 * api (which serves) and web (which draws srcset) all read them here, so a width the pages draw is
 * always one the worker made.
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

/**
 * Made ahead for a car's first photos, by their own queue once the photo is stored, so its search
 * card and gallery opening never wait: the card and gallery widths a phone and a laptop pick (12
 * encodes, about 200 ms a photo here; the gallery thumbnails and the Open Graph crop as well made
 * it 16 and 330 ms, for places drawn later or by link previews, which can wait for one resize).
 * Every other photo has none made ahead: a dealer sends 20-40 photos a car, most never opened;
 * each variant of them is made the first time a page asks for it (and kept). No photo is decoded
 * as it is stored, so a feed's photos are stored at the speed they are fetched.
 */
export const EAGER_PHOTO_VARIANTS: readonly PhotoVariantName[] = ['w320', 'w480', 'w640', 'w800'];

/** Formats each variant is made in: link previews take JPEG only, so the Open Graph crop is JPEG alone. */
export const formatsOfVariant = (name: PhotoVariantName): readonly PhotoFormat[] =>
  name === 'og' ? ['jpeg'] : PHOTO_FORMATS;

export interface Size {
  width: number;
  height: number;
}

/**
 * The size a variant comes out at from a source of this (upright) size. Never larger than the
 * source: a width variant wider than its photo is the photo at its own size, and the Open Graph
 * crop of a small photo is the largest 1200:630 box inside it.
 */
export function variantSize(name: PhotoVariantName, source: Size): Size {
  const variant = VARIANT_BY_NAME.get(name);
  if (!variant) throw new Error(`Unknown photo variant ${name}`);
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
 * The variants a photo of this size has: every width below it, then the next width up holding the
 * photo at its own size (so the largest srcset entry is the full photo, never an upscale and never
 * two entries of one size), and the Open Graph crop.
 */
export function plannedVariants(source: Size): PlannedVariant[] {
  const planned: PlannedVariant[] = [];
  for (const width of PHOTO_WIDTHS) {
    const name = `w${width}` as const;
    planned.push({ name, ...variantSize(name, source) });
    if (width >= source.width) break;
  }
  planned.push({ name: 'og', ...variantSize('og', source) });
  return planned;
}

const HASH = /^[0-9a-f]{64}$/;
const KEY = /^([0-9a-f]{64})\/([a-z0-9]+)\.([a-z0-9]+)$/;

export const isContentHash = (value: string): boolean => HASH.test(value);

/** Where a variant is stored: `<sha256 of the original>/<variant>.<ext>`. */
export function variantKey(hash: string, name: PhotoVariantName, format: PhotoFormat): string {
  if (!HASH.test(hash)) throw new Error('A photo key needs a lowercase sha256');
  if (!formatsOfVariant(name).includes(format)) throw new Error(`The ${name} variant is not made in ${format}`);
  return `${hash}/${name}.${EXTENSIONS[format]}`;
}

/** Where the original bytes are stored: `<sha256>/original.<ext>`, the extension from the sniffed format. */
export function originalKey(hash: string, format: SourceFormat): string {
  if (!HASH.test(hash)) throw new Error('A photo key needs a lowercase sha256');
  return `${hash}/original.${EXTENSIONS[format]}`;
}

export type ParsedPhotoKey =
  | { hash: string; variant: PhotoVariantName; format: PhotoFormat }
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
  if (!VARIANT_BY_NAME.has(variant)) return null;
  const name = variant as PhotoVariantName;
  if (!(formatsOfVariant(name) as readonly string[]).includes(format)) return null;
  return { hash, variant: name, format: format as PhotoFormat };
}

/** The public address of a variant; the format is chosen per request from Accept (the response varies on it). */
export const photoUrl = (hash: string, name: PhotoVariantName): string => `/media/photos/${hash}/${name}`;

/** A role's srcset over the variants this photo has, each described by its real width. */
export function photoSrcSet(hash: string, role: PhotoRole, source: Size): string {
  const planned = plannedVariants(source).filter((variant) => variant.name !== 'og');
  const roleWidths = PHOTO_ROLES[role] as readonly number[];
  const largest = planned[planned.length - 1];
  const entries = planned.filter((variant) => roleWidths.includes(Number(variant.name.slice(1))));
  // Where the role draws wider than the photo, the photo itself at its own size is the last entry.
  if (largest && !entries.includes(largest) && roleWidths.some((width) => width >= source.width)) entries.push(largest);
  return entries.map((variant) => `${photoUrl(hash, variant.name)} ${variant.width}w`).join(', ');
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
