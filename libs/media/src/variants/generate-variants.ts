import sharp, { type Metadata, type OutputInfo, type Sharp, type SharpOptions } from 'sharp';
import {
  DEFAULT_PHOTO_LOOK,
  PHOTO_FORMATS,
  PHOTO_WIDTHS,
  formatsOfVariant,
  plannedVariants,
  variantKey,
  type PhotoFormat,
  type PhotoLook,
  type PhotoQuality,
  type PhotoVariantName,
  type Size,
} from '@platform/domain';
import { PHOTO_LIMITS, type PhotoLimits, type PhotoRefusalReason } from '../sniff/sniff-photo';

/**
 * Encoder settings per nominal quality, chosen for car photos on phones: at the default 75, AVIF
 * at quality 50 is about half the bytes of the JPEG at the same look; 60 and 90 move each format
 * by about the same step. Efforts are low (AVIF 1 of 9, WebP 2 of 6): measured on an 800 px
 * variant, AVIF at effort 1 takes about a seventh of the time of effort 3 for some 15% more bytes,
 * and a dealer's 40 photos a car are made on two cores. JPEG is progressive mozjpeg, so a slow
 * phone sees the photo early.
 */
export const ENCODER_SETTINGS = {
  60: {
    avif: { quality: 40, effort: 1 },
    webp: { quality: 60, effort: 2 },
    jpeg: { quality: 62, mozjpeg: true, progressive: true },
  },
  75: {
    avif: { quality: 50, effort: 1 },
    webp: { quality: 75, effort: 2 },
    jpeg: { quality: 78, mozjpeg: true, progressive: true },
  },
  90: {
    avif: { quality: 64, effort: 1 },
    webp: { quality: 88, effort: 2 },
    jpeg: { quality: 90, mozjpeg: true, progressive: true },
  },
} as const satisfies Record<PhotoQuality, Record<PhotoFormat, object>>;

/** A photo libvips cannot (or may not) decode: a refusal with a reason, like the sniffer's. */
export class PhotoUnreadable extends Error {
  override name = 'PhotoUnreadable';
  constructor(
    readonly reason: Extract<PhotoRefusalReason, 'too-many-pixels'> | 'undecodable',
    message: string,
  ) {
    super(message);
  }
}

export interface GeneratedVariant {
  name: PhotoVariantName;
  look: PhotoLook;
  format: PhotoFormat;
  key: string;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface GenerateOptions {
  /** The sha256 of the original: every variant is named for it. */
  hash: string;
  /** Which variants, of those the photo's size plans in the look (default: all planned). */
  variants?: readonly PhotoVariantName[];
  /** Their quality and crop (default: 75, uncropped). */
  look?: PhotoLook;
  /** Which formats (default AVIF, WebP and JPEG; the Open Graph crop is JPEG only). */
  formats?: readonly PhotoFormat[];
  limits?: PhotoLimits;
}

const decodeOptions = (limits: PhotoLimits): SharpOptions => ({
  // libvips refuses a photo past the cap before decoding it, whatever the sniffer read.
  limitInputPixels: limits.maxPixels,
  // Truncated and corrupt image data are refused; a camera's harmless warnings are not.
  failOn: 'error',
  // The first frame of a GIF or animated WebP.
  pages: 1,
});

/** A photo's upright size (after its EXIF orientation) from its header alone: nothing is decoded. */
export async function uprightSize(original: Buffer, limits: PhotoLimits = PHOTO_LIMITS): Promise<Size> {
  let meta: Metadata;
  try {
    meta = await sharp(original, decodeOptions(limits)).metadata();
  } catch (error) {
    throw unreadable(error);
  }
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  if (width < 1 || height < 1) throw new PhotoUnreadable('undecodable', 'The photo states no size');
  return { width, height };
}

function unreadable(error: unknown): PhotoUnreadable {
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return /pixel limit/i.test(message ?? '')
    ? new PhotoUnreadable('too-many-pixels', `The photo is over the pixel limit: ${message}`)
    : new PhotoUnreadable('undecodable', `The photo cannot be decoded: ${message}`);
}

/**
 * The variants of one photo: decoded once, turned upright by its EXIF orientation and brought
 * down to the largest width a page draws, then resized and encoded per variant. Output carries no
 * metadata at all (EXIF with GPS and camera serials, XMP, IPTC, ICC: libvips writes none unless
 * asked), and nothing is ever made larger than the photo.
 */
export async function generateVariants(
  original: Buffer,
  options: GenerateOptions,
): Promise<{ source: Size; variants: GeneratedVariant[] }> {
  const limits = options.limits ?? PHOTO_LIMITS;
  // The header first (no pixels decoded): the upright size every variant's size follows from.
  let meta: Metadata;
  try {
    meta = await sharp(original, decodeOptions(limits)).metadata();
  } catch (error) {
    throw unreadable(error);
  }
  const turned = (meta.orientation ?? 1) >= 5;
  const headerSize = {
    width: (turned ? meta.height : meta.width) ?? 0,
    height: (turned ? meta.width : meta.height) ?? 0,
  };
  const look = options.look ?? DEFAULT_PHOTO_LOOK;
  // A crop (the Open Graph one, or the look's) fills its box around the photo's subject.
  const cropped = (name: PhotoVariantName): boolean => name === 'og' || look.crop !== 'none';
  const wantedNames = options.variants ? new Set(options.variants) : null;
  const plan = headerSize.width > 0 && headerSize.height > 0 ? plannedVariants(headerSize, look.crop) : [];
  // Decoded once, at the least size the wanted variants need: a JPEG is then read at 1/2, 1/4 or
  // 1/8 of its size (libvips' shrink-on-load), so a thumbnail of a 3000 px photo costs a fraction
  // of a full decode. A crop needs its whole box covered.
  const needed = plan
    .filter((planned) => !wantedNames || wantedNames.has(planned.name))
    .map((planned) =>
      cropped(planned.name)
        ? Math.ceil(Math.max(planned.width, (planned.height * headerSize.width) / headerSize.height))
        : planned.width,
    );
  const decodeWidth = Math.min(PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1], Math.max(1, ...needed));
  let upright: { data: Buffer; info: OutputInfo };
  try {
    upright = await sharp(original, decodeOptions(limits))
      .autoOrient()
      .resize({ width: decodeWidth, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw unreadable(error);
  }
  const source: Size = {
    width: headerSize.width || upright.info.width,
    height: headerSize.height || upright.info.height,
  };
  const wanted = wantedNames;
  const formats = options.formats ?? PHOTO_FORMATS;
  const { width, height, channels } = upright.info;
  const pixels = (): Sharp => sharp(upright.data, { raw: { width, height, channels } });

  const variants: GeneratedVariant[] = [];
  for (const planned of plannedVariants(source, look.crop)) {
    if (wanted && !wanted.has(planned.name)) continue;
    for (const format of formatsOfVariant(planned.name)) {
      if (!formats.includes(format)) continue;
      let image = pixels().resize({
        width: planned.width,
        height: planned.height,
        fit: cropped(planned.name) ? 'cover' : 'fill',
        position: 'attention',
      });
      // JPEG has no transparency: draw it on white, as the page behind a photo is.
      if (format === 'jpeg') image = image.flatten({ background: '#ffffff' });
      const bytes = await image.toFormat(format, ENCODER_SETTINGS[look.quality][format]).toBuffer();
      variants.push({
        name: planned.name,
        look,
        format,
        key: variantKey(options.hash, planned.name, format, look),
        width: planned.width,
        height: planned.height,
        bytes,
      });
    }
  }
  return { source, variants };
}
