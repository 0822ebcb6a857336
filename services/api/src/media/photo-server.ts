import type { Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';
import {
  chooseServedFormat,
  contentTypeOf,
  DEFAULT_PHOTO_LOOK,
  formatsOfVariant,
  isPhotoVariantName,
  isContentHash,
  originalKey,
  storedVariantName,
  variantKey,
  type PhotoFormat,
  type PhotoLook,
  type PhotoVariantName,
  type SourceFormat,
} from '@platform/domain';
import { generateVariants, PhotoUnreadable, refuseStoredPhoto, type MediaStore } from '@platform/media';
import { SharedWork } from './shared-work';

/** Formats an original may be stored in, most common first (the order the store is asked). */
const ORIGINAL_FORMATS: readonly SourceFormat[] = ['jpeg', 'png', 'webp', 'avif', 'gif'];

export type PhotoAnswer =
  | { kind: 'not-found'; reason: 'address' | 'no-original' | 'not-planned' }
  | { kind: 'not-modified'; etag: string }
  | { kind: 'photo'; etag: string; contentType: string; size: number; body: Readable | Buffer | null };

export interface PhotoRequest {
  hash: string;
  variant: string;
  /** Quality and crop, checked by the route (PhotoLookQuerySchema); the default look when absent. */
  look?: PhotoLook;
  accept: string | undefined;
  ifNoneMatch: string | undefined;
  /** HEAD: the answer's headers only, so no bytes are opened. */
  headOnly: boolean;
}

/**
 * The strong validator of one variant (its stored name: width, quality and crop) in one format.
 * Objects are content-addressed and never rewritten (a variant once stored is kept), so the name
 * alone identifies the bytes.
 */
export const photoEtag = (hash: string, storedName: string, format: PhotoFormat): string =>
  `"${hash}-${storedName}-${format}"`;

/**
 * If-None-Match names this validator, or is `*` (weak comparison, as RFC 9110 asks of
 * If-None-Match). Either matches only a representation that exists now, so the caller looks the
 * photo up before answering 304.
 */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .slice(0, 4096)
    .split(',')
    .some((tag) => {
      const trimmed = tag.trim();
      return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
    });
}

/**
 * Serves stored dealer photos (issue 38): the variant the path names, in the format the browser's
 * Accept allows, from the MediaStore. A variant not made yet (the worker makes the first photos'
 * widths ahead, once they are stored, and the rest lazily) is made here from the stored original, in every format it is
 * made in, kept in the store, and served; `generations` bounds how many the api makes at once and
 * shares one among concurrent requests for it.
 */
export class PhotoServer {
  private readonly generations: SharedWork<Map<PhotoFormat, Buffer> | null>;
  /** Variants a photo does not have (wider than its own next width): known, so asking again decodes nothing. */
  private readonly unplanned = new LRUCache<string, true>({ max: 10_000 });

  constructor(
    private readonly store: MediaStore,
    private readonly db: DataSource | null,
    concurrency: number,
  ) {
    this.generations = new SharedWork(concurrency);
  }

  /** Generations started (not joined), for tests. */
  get generated(): number {
    return this.generations.started;
  }

  /** A variant's JPEG bytes, made if need be (the printable PDF embeds JPEG); null when there is none. */
  async jpeg(hash: string, variant: PhotoVariantName): Promise<Buffer | null> {
    const answer = await this.answer({ hash, variant, accept: 'image/jpeg', ifNoneMatch: undefined, headOnly: false });
    if (answer.kind !== 'photo' || answer.body === null) return null;
    if (Buffer.isBuffer(answer.body)) return answer.body;
    const chunks: Buffer[] = [];
    for await (const chunk of answer.body) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  async answer(request: PhotoRequest): Promise<PhotoAnswer> {
    // Only a path the platform itself writes reaches the store: a sha256 and a variant name.
    if (!isContentHash(request.hash) || !isPhotoVariantName(request.variant))
      return { kind: 'not-found', reason: 'address' };
    const { hash } = request;
    const variant = request.variant;
    const look = request.look ?? DEFAULT_PHOTO_LOOK;
    const stored = storedVariantName(variant, look);
    const wanted = chooseServedFormat(request.accept);
    // The Open Graph crop is JPEG only; link previews ask with */*, but a browser may ask with image/avif.
    const format = formatsOfVariant(variant).includes(wanted) ? wanted : 'jpeg';
    const etag = photoEtag(hash, stored, format);
    const contentType = contentTypeOf(format);
    if (this.unplanned.has(`${hash}/${stored}`)) return { kind: 'not-found', reason: 'not-planned' };
    // A 304 says the photo exists now (RFC 9110), so even a validator the client holds is looked up
    // first (without opening its bytes): a photo since removed, or never stored, is a 404.
    const held = matchesEtag(request.ifNoneMatch, etag);
    const found = (size: number, body: Readable | Buffer | null): PhotoAnswer =>
      held ? { kind: 'not-modified', etag } : { kind: 'photo', etag, contentType, size, body };

    const key = variantKey(hash, variant, format, look);
    if (request.headOnly || held) {
      const info = await this.store.head(key);
      if (info) return found(info.size, null);
    } else {
      const object = await this.store.get(key);
      if (object) return found(object.size, object.body);
    }

    const made = await this.generations.run(`${hash}/${stored}`, () => this.generate(hash, variant, look));
    if (made === null) return { kind: 'not-found', reason: 'no-original' };
    const bytes = made.get(format);
    if (!bytes) {
      this.unplanned.set(`${hash}/${stored}`, true);
      return { kind: 'not-found', reason: 'not-planned' };
    }
    return found(bytes.length, request.headOnly ? null : bytes);
  }

  /** The variant in each of its formats, made from the original and stored; null when no original is stored. */
  private async generate(
    hash: string,
    variant: PhotoVariantName,
    look: PhotoLook,
  ): Promise<Map<PhotoFormat, Buffer> | null> {
    const original = await this.readOriginal(hash);
    if (!original) return null;
    let variants;
    try {
      ({ variants } = await generateVariants(original, { hash, variants: [variant], look }));
    } catch (error) {
      // No photo is decoded as it is stored (only its header is read), and only a car's first
      // photos are decoded soon after, by the worker's variants queue: a photo may turn out
      // unreadable only now. It is refused as the worker would have (its cars refresh without it
      // and their feed runs are warned), and this answer is a 404.
      if (error instanceof PhotoUnreadable) {
        if (this.db) await refuseStoredPhoto(this.db, hash, error.reason, error.message);
        return null;
      }
      throw error;
    }
    const made = new Map<PhotoFormat, Buffer>();
    for (const generated of variants) {
      if (!(await this.store.head(generated.key))) await this.store.put(generated.key, generated.bytes);
      made.set(generated.format, generated.bytes);
    }
    if (made.size > 0 && this.db)
      // The worker reads this list to know which variants are owed; the photo's rows learn of this one.
      await this.db.query(
        `UPDATE photos SET variants = ARRAY(SELECT DISTINCT unnest(variants || ARRAY[$2]::text[]) ORDER BY 1), updated_at = now()
           WHERE content_hash = $1 AND NOT ($2 = ANY(variants))`,
        [hash, storedVariantName(variant, look)],
      );
    return made;
  }

  private async readOriginal(hash: string): Promise<Buffer | null> {
    for (const format of ORIGINAL_FORMATS) {
      const object = await this.store.get(originalKey(hash, format));
      if (!object) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    }
    return null;
  }
}
