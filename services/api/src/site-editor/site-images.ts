import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { originalKey, photoUrl, variantForWidth, type SourceFormat } from '@platform/domain';
import {
  asStoreFailure,
  generateVariants,
  MediaStoreFailed,
  PhotoUnreadable,
  sniffPhoto,
  type MediaStore,
  type PhotoLimits,
} from '@platform/media';
import { ProblemException } from '@platform/server-kit';
import { MEDIA_STORE } from '../media/media.module';

/** The two upload routes: the bootstrap leaves their bodies unread for the controller (raw image bytes). */
export const SITE_IMAGE_UPLOAD_PATHS: readonly string[] = ['/api/dealer/site/images', '/api/ops/site-editor/images'];

/**
 * What an editor image may be. 10 MB is past any banner or slide a dealer exports (a 1920x540
 * JPEG is 200-600 kB, a 4000 px camera photo 2-6 MB) and bounds what one upload holds in memory;
 * 40 megapixels is the feed photos' cap (a decompression bomb stating 20,000 x 20,000 is refused
 * from its header, before any decoder sees it); 10,000 px a side refuses a strip no page could
 * draw (a 40,000 x 1,000 'banner' is within the pixel cap).
 */
export const SITE_IMAGE_LIMITS: PhotoLimits & { maxSide: number } = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  maxSide: 10_000,
};

/** The Content-Types an upload may declare; the bytes decide what it is. */
export const SITE_IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const ACCEPTED_FORMATS: readonly SourceFormat[] = ['jpeg', 'png', 'webp'];
const FORMAT_NAMES: Record<SourceFormat, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  avif: 'AVIF',
  gif: 'GIF',
};

/** The width the returned address asks for: a slide is drawn 1920 px wide (the variant at or above it, or the image's own). */
const DRAWN_WIDTH = 1920;
/** Made and stored as the image is uploaded: decoding it whole proves it readable, and the editor's thumbnail is ready. */
const THUMBNAIL = 'w160';

export interface SiteImage {
  /** The address a configuration names it by (banners[].image, offers[].image, slides[].image). */
  url: string;
  hash: string;
  width: number;
  height: number;
  /** Its type as sniffed from its bytes, whatever the upload declared. */
  type: (typeof SITE_IMAGE_CONTENT_TYPES)[number];
  bytes: number;
}

/** A refusal naming the upload's body: `image`, as the editor's field. */
const refuse = (status: number, title: string, message: string): ProblemException =>
  new ProblemException({ status, title, detail: message, errors: [{ path: 'image', message }] });

export const imageTooLarge = (limit: number): ProblemException =>
  refuse(
    413,
    'Image too large',
    `The image is over the ${Math.round(limit / 1024 / 1024)} MB limit. Export it smaller (a banner needs 1920 px wide at most).`,
  );

/** The declared Content-Type, checked before a byte is read: 415 for anything but the three image types. */
export function checkDeclaredType(header: string | undefined): void {
  const type = (header ?? '').replace(/;.*$/s, '').trim().toLowerCase();
  if ((SITE_IMAGE_CONTENT_TYPES as readonly string[]).includes(type)) return;
  if (type === 'image/svg+xml')
    throw refuse(
      415,
      'SVG is not accepted',
      'SVG is not accepted: an SVG file can carry script that would run on the site. Send a JPEG, PNG or WebP.',
    );
  throw refuse(
    415,
    'Unsupported image type',
    `Send the image's bytes as image/jpeg, image/png or image/webp (Content-Type was '${type || 'missing'}').`,
  );
}

/**
 * Images uploaded through the site editor (issue 52: banners, slides, offers), through the same
 * media pipeline as feed photos: the type is sniffed from the bytes alone (never the name or the
 * declared type), the size and pixel caps are checked from the header before anything is decoded,
 * the image is then decoded whole (a truncated or corrupt file is refused here rather than drawn
 * broken), and it is stored under its content hash, so /media/photos/{hash}/{variant} serves it
 * and its resized variants. The site_images row keeps it from the media lifecycle.
 */
@Injectable()
export class SiteImages {
  private readonly logger = new Logger(SiteImages.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {}

  async upload(siteId: number, uploadedBy: string, body: Buffer): Promise<SiteImage> {
    const sniffed = sniffPhoto(body, SITE_IMAGE_LIMITS);
    if (!sniffed.ok) throw refusal(sniffed.reason, sniffed.message);
    if (!ACCEPTED_FORMATS.includes(sniffed.format))
      throw refuse(
        415,
        'Unsupported image type',
        `The file is a ${FORMAT_NAMES[sniffed.format]} image; send a JPEG, PNG or WebP.`,
      );
    if (sniffed.width > SITE_IMAGE_LIMITS.maxSide || sniffed.height > SITE_IMAGE_LIMITS.maxSide)
      throw refuse(
        400,
        'Image too large',
        `The image is ${sniffed.width} x ${sniffed.height} pixels; each side may be at most ${SITE_IMAGE_LIMITS.maxSide}.`,
      );
    const hash = createHash('sha256').update(body).digest('hex');
    let made;
    try {
      made = await generateVariants(body, { hash, variants: [THUMBNAIL], limits: SITE_IMAGE_LIMITS });
    } catch (error) {
      if (error instanceof PhotoUnreadable)
        throw refuse(
          400,
          'Unreadable image',
          error.reason === 'too-many-pixels'
            ? `The image is over the ${SITE_IMAGE_LIMITS.maxPixels}-pixel limit.`
            : `The ${FORMAT_NAMES[sniffed.format]} cannot be decoded (it is cut short or damaged); export it again.`,
        );
      throw error;
    }
    const { width, height } = made.source;
    try {
      const key = originalKey(hash, sniffed.format);
      if (!(await this.store.head(key))) await this.store.put(key, body);
      for (const variant of made.variants)
        if (!(await this.store.head(variant.key))) await this.store.put(variant.key, variant.bytes);
    } catch (error) {
      const failure = asStoreFailure(error);
      if (!(failure instanceof MediaStoreFailed)) throw failure;
      this.logger.warn({ siteId, code: failure.code }, 'site image not stored: the media store failed');
      throw new ProblemException(
        {
          status: 503,
          title: 'Image store unavailable',
          detail: 'The platform could not store the image just now; nothing was saved. Try again in a minute.',
        },
        { 'Retry-After': '60' },
      );
    }
    // After the bytes: a row never names an image the store lacks. The same bytes again are the same image.
    await this.db.query(
      `INSERT INTO site_images (site_id, hash, format, width, height, byte_size, uploaded_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (site_id, hash) DO NOTHING`,
      [siteId, hash, sniffed.format, width, height, body.length, uploadedBy],
    );
    // The site, the image's hash, type and size: no person, no file name.
    this.logger.log({ siteId, hash, format: sniffed.format, bytes: body.length }, 'site image uploaded');
    return {
      url: photoUrl(hash, variantForWidth({ hash, width, height }, DRAWN_WIDTH)),
      hash,
      width,
      height,
      type: `image/${sniffed.format}` as SiteImage['type'],
      bytes: body.length,
    };
  }
}

/** The sniffer's refusal as the editor says it: what the bytes were found to be. */
function refusal(reason: string, message: string): ProblemException {
  switch (reason) {
    case 'html':
      return refuse(
        415,
        'Not an image',
        'The file is an HTML page, not an image, whatever its name or declared type. Send a JPEG, PNG or WebP.',
      );
    case 'too-large':
      return imageTooLarge(SITE_IMAGE_LIMITS.maxBytes);
    case 'empty':
      return refuse(400, 'Not an image', 'The upload has no bytes. Send a JPEG, PNG or WebP.');
    case 'unsupported-format':
      return /SVG/.test(message)
        ? refuse(
            415,
            'SVG is not accepted',
            'The file is an SVG: it is not accepted, since an SVG can carry script that would run on the site. Send a JPEG, PNG or WebP.',
          )
        : refuse(415, 'Not an image', `${foundInstead(message)} Send a JPEG, PNG or WebP.`);
    case 'too-many-pixels':
      return refuse(400, 'Image too large', `${message}.`);
    default:
      // truncated, corrupt, bad-dimensions: an image's signature with a broken header.
      return refuse(400, 'Unreadable image', `${message}. Export the image again.`);
  }
}

/** What the sniffer found instead of an image, from its message: a named format, or none it knows. */
function foundInstead(message: string): string {
  const named = /^([A-Z]+(?:\/[A-Z]+)?) is not accepted/.exec(message)?.[1];
  if (named) return `The file is a ${named}, not a JPEG, PNG or WebP image.`;
  if (/media file/.test(message)) return 'The file is a video or other media file, not an image.';
  return 'The file is not a JPEG, PNG or WebP image (its bytes say so, whatever its name or declared type).';
}
