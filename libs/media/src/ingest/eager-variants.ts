import type { DataSource } from 'typeorm';
import {
  EAGER_VARIANTS,
  originalKey,
  storedVariantName,
  type LookedVariant,
  type SourceFormat,
} from '@platform/domain';
import { PHOTO_LIMITS, type PhotoLimits } from '../sniff/sniff-photo';
import type { MediaStore } from '../store/media-store';
import { generateVariants, PhotoUnreadable } from '../variants/generate-variants';
import { NO_MEDIA_METRICS, type MediaMetrics } from './media-metrics';
import { refuseStoredPhoto } from './photo-settle';

export interface EagerVariantsOptions {
  store: MediaStore;
  limits?: PhotoLimits;
  metrics?: MediaMetrics;
}

/**
 * What a variants job did: `made` the variants owed (`generated` of them new in the store; the
 * rest were there already, or are not planned for a photo that small); `stale` when the photo is no
 * longer stored with the bytes the job was queued for (replaced, refused, deleted), so nothing is
 * owed by them; `refused` when the bytes turned out undecodable, with every stored photo of them.
 */
export type VariantsOutcome =
  { kind: 'made'; generated: number } | { kind: 'stale' } | { kind: 'refused'; reason: string; message: string };

const SOURCE_FORMATS: readonly SourceFormat[] = ['jpeg', 'png', 'webp', 'avif', 'gif'];

/**
 * A car's first photos' variants (EAGER_VARIANTS), made after the photo is stored (the
 * mediaVariants queue, issue 38): the media job only fetches, checks and stores, so a photo is
 * servable as soon as its bytes are in, and encoding (CPU-bound) runs at its own pace beside it.
 * Made from the original in the store, each only once (a variant another address's bytes brought
 * is not made again), and recorded on every photos row of those bytes.
 */
export class EagerVariants {
  private readonly limits: PhotoLimits;
  private readonly metrics: MediaMetrics;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: EagerVariantsOptions,
  ) {
    this.limits = options.limits ?? PHOTO_LIMITS;
    this.metrics = options.metrics ?? NO_MEDIA_METRICS;
  }

  async make(photoId: number, hash: string): Promise<VariantsOutcome> {
    const [row] = (await this.dataSource.query(
      `SELECT variants FROM photos WHERE id = $1 AND status = 'stored' AND content_hash = $2`,
      [photoId, hash],
    )) as { variants: string[] }[];
    if (!row) return { kind: 'stale' };
    const owed = EAGER_VARIANTS.filter(
      (variant) => !row.variants.includes(storedVariantName(variant.name, variant.look)),
    );
    if (owed.length === 0) return { kind: 'made', generated: 0 };
    // Gone from the store under a stored row: the lifecycle deleted the bytes as the row went.
    const original = await this.readOriginal(hash);
    if (!original) return { kind: 'stale' };

    let generated;
    try {
      generated = await this.storeVariants(original, hash, owed);
    } catch (error) {
      if (!(error instanceof PhotoUnreadable)) throw error;
      // Its header passed as it was stored; its image data did not. Refused as ingest would have:
      // its cars refresh without it and each run that carried it is warned.
      this.metrics.refused(error.reason);
      await refuseStoredPhoto(this.dataSource, hash, error.reason, error.message);
      return { kind: 'refused', reason: error.reason, message: error.message };
    }
    this.metrics.variants(generated);
    // Every row of these bytes learns of them (another address's copy is owed none now); a row
    // stored with other bytes meanwhile is left as it is. Unplanned names (widths past a small
    // photo's own) are recorded too: they are not owed.
    await this.dataSource.query(
      `UPDATE photos SET variants = ARRAY(SELECT DISTINCT unnest(variants || $2::text[]) ORDER BY 1), updated_at = now()
       WHERE content_hash = $1 AND NOT (variants @> $2::text[])`,
      [hash, owed.map((variant) => storedVariantName(variant.name, variant.look))],
    );
    return { kind: 'made', generated };
  }

  /** Makes the wanted variants not in the store yet, one decode per look; returns how many were written. */
  private async storeVariants(original: Buffer, hash: string, wanted: readonly LookedVariant[]): Promise<number> {
    const byLook = new Map<string, LookedVariant[]>();
    for (const variant of wanted) {
      const look = `${variant.look.quality}/${variant.look.crop}`;
      byLook.set(look, [...(byLook.get(look) ?? []), variant]);
    }
    let generated = 0;
    for (const variantsOfLook of byLook.values()) {
      const { variants } = await generateVariants(original, {
        hash,
        variants: variantsOfLook.map((variant) => variant.name),
        look: variantsOfLook[0]?.look,
        limits: this.limits,
      });
      for (const variant of variants) {
        if (await this.options.store.head(variant.key)) continue;
        await this.options.store.put(variant.key, variant.bytes);
        this.metrics.stored(variant.bytes.length);
        generated += 1;
      }
    }
    return generated;
  }

  private async readOriginal(hash: string): Promise<Buffer | null> {
    for (const format of SOURCE_FORMATS) {
      const object = await this.options.store.get(originalKey(hash, format));
      if (!object) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    }
    return null;
  }
}
