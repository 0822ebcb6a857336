import type { DataSource } from 'typeorm';
import {
  formatsOfVariant,
  originalKey,
  PHOTO_CROPS,
  PHOTO_QUALITIES,
  PHOTO_VARIANTS,
  variantKey,
  type SourceFormat,
} from '@platform/domain';
import type { MediaStore } from '../store/media-store';

/** Default days a photo no kept car uses stays before it is deleted (MEDIA_RETENTION_DAYS). */
export const DEFAULT_MEDIA_RETENTION_DAYS = 30;

const SOURCE_FORMATS: readonly SourceFormat[] = ['jpeg', 'png', 'webp', 'avif', 'gif'];

/**
 * Every key a photo's bytes can have in the store: its original in any source format, and every
 * variant in every quality and crop (a fixed few: some 330 names, most never made; deleting one not
 * there is no error).
 */
export const keysOfHash = (hash: string): string[] => [
  ...SOURCE_FORMATS.map((format) => originalKey(hash, format)),
  ...PHOTO_VARIANTS.flatMap((variant) =>
    PHOTO_QUALITIES.flatMap((quality) =>
      PHOTO_CROPS.filter((crop) => variant.name !== 'og' || crop === 'none').flatMap((crop) =>
        formatsOfVariant(variant.name).map((format) => variantKey(hash, variant.name, format, { quality, crop })),
      ),
    ),
  ),
];

/**
 * Deletes photos no car uses any more (issue 38). A photo is kept while a car links it that is
 * listed (not withdrawn, and not sold past its listing window) or was archived (withdrawn, or its
 * sold listing ended) within the retention window, so a car that comes back soon keeps its photos;
 * and while it was linked by a feed run within the window. Past that its row goes, and the store's
 * objects of its content hash go only when no remaining photos row has that hash (two addresses,
 * two dealerships, can share one stored copy) and no site's uploaded image (site_images) is those
 * bytes: an image uploaded through the site editor has no photos row and is kept while its site is.
 */
export class MediaLifecycle {
  constructor(
    private readonly dataSource: DataSource,
    private readonly store: MediaStore,
    private readonly retentionDays = DEFAULT_MEDIA_RETENTION_DAYS,
  ) {}

  async sweep(now = new Date()): Promise<{ photos: number; hashes: number }> {
    const cutoff = new Date(now.getTime() - this.retentionDays * 86_400_000);
    const { photos, hashes } = await this.dataSource.transaction(async (manager) => {
      const gone = (await manager.query(
        `WITH gone AS (DELETE FROM photos p
         WHERE COALESCE(p.last_linked_at, p.created_at) < $1
           AND NOT EXISTS (
             SELECT 1 FROM car_photos cp JOIN cars c ON c.id = cp.car_id
             WHERE cp.photo_id = p.id
               AND ((c.withdrawn_at IS NULL AND (c.listed_until IS NULL OR c.listed_until > $1)) OR c.withdrawn_at > $1))
           AND NOT EXISTS (SELECT 1 FROM photo_fetches f WHERE f.photo_id = p.id)
         RETURNING p.content_hash) SELECT content_hash FROM gone`,
        [cutoff],
      )) as { content_hash: string | null }[];
      const candidates = [...new Set(gone.map((row) => row.content_hash).filter((hash): hash is string => !!hash))];
      if (candidates.length === 0) return { photos: gone.length, hashes: [] as string[] };
      // Rows deleted above are gone from this statement's view: only other addresses' rows keep a
      // hash, and an image a site uploaded through its editor (site_images) of the same bytes.
      const kept = (await manager.query(
        `SELECT content_hash FROM photos WHERE content_hash = ANY($1::text[])
         UNION SELECT hash FROM site_images WHERE hash = ANY($1::text[])`,
        [candidates],
      )) as { content_hash: string }[];
      const keptSet = new Set(kept.map((row) => row.content_hash));
      return { photos: gone.length, hashes: candidates.filter((hash) => !keptSet.has(hash)) };
    });
    // After commit: a crash here leaves objects no row names (harmless, and never a row without its bytes).
    for (const hash of hashes) for (const key of keysOfHash(hash)) await this.store.delete(key);
    return { photos, hashes: hashes.length };
  }
}
