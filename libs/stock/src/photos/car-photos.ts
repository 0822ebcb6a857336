import type { EntityManager } from 'typeorm';
import { carPhotoAddresses, EAGER_PHOTO_VARIANTS, photoCheckDue, photoCheckKey, photoWarning } from '@platform/domain';
import { appendFeedRunWarnings } from '@platform/db';

export interface CarPhotoLinkInput {
  carId: number;
  row: number;
  stocknum: string;
  car: unknown;
}

export interface LinkCarPhotosOptions {
  dealershipId: number;
  /** The run that carried the cars; null for cars that came with no run (the demo seed). */
  feedRunId: string | null;
  now: Date;
  /** A photo asked within this long is not asked again (photoCheckDue). */
  recheckAfterMs: number;
}

interface PhotoState {
  id: number;
  source_url: string;
  status: 'pending' | 'stored' | 'refused' | 'unreachable';
  checked_at: Date | null;
  variants: string[];
  refusal_reason: string | null;
}

/**
 * Links the batch's cars to their photo addresses, inside the batch's transaction (issue 38): each
 * address gets its photos row (pending when new), each car's links are replaced by the ones this run
 * carries (with the run and row, for warnings), and every photo whose check is due
 * (photoCheckDue) gets a photo_fetches outbox row, which the media worker relays onto the queue
 * after commit. A photo already known refused or unreachable, and not due, is a warning on this run
 * at once. Returns how many checks were queued.
 */
export async function linkCarPhotos(
  manager: EntityManager,
  cars: readonly CarPhotoLinkInput[],
  options: LinkCarPhotosOptions,
): Promise<number> {
  if (cars.length === 0) return 0;
  const links = cars.flatMap((entry) =>
    carPhotoAddresses(entry.car).map((address) => ({
      ...address,
      carId: entry.carId,
      row: entry.row,
      stocknum: entry.stocknum,
    })),
  );
  await manager.query(`DELETE FROM car_photos WHERE car_id = ANY($1::int[])`, [cars.map((entry) => entry.carId)]);
  if (links.length === 0) return 0;

  const urls = [...new Set(links.map((link) => link.url))].sort();
  const photos = (await manager.query(
    `INSERT INTO photos (dealership_id, source_url, last_linked_at) SELECT $1, url, $3 FROM unnest($2::text[]) AS url
     ON CONFLICT (dealership_id, source_url) DO UPDATE SET last_linked_at = EXCLUDED.last_linked_at
     RETURNING id, source_url, status, checked_at, variants, refusal_reason`,
    [options.dealershipId, urls, options.now],
  )) as PhotoState[];
  const byUrl = new Map(photos.map((photo) => [photo.source_url, photo]));

  const due = new Map<number, { eager: boolean; checkedAt: Date | null }>();
  const warnings: string[] = [];
  const rows = links.map((link) => {
    const photo = byUrl.get(link.url)!;
    const eagerOwed = link.eager && EAGER_PHOTO_VARIANTS.some((name) => !photo.variants.includes(name));
    const isDue = photoCheckDue(
      { status: photo.status, checkedAt: photo.checked_at, eagerOwed },
      options.now,
      options.recheckAfterMs,
    );
    if (isDue) {
      const before = due.get(photo.id);
      due.set(photo.id, { eager: (before?.eager ?? false) || link.eager, checkedAt: photo.checked_at });
    }
    const knownBad = !isDue && (photo.status === 'refused' || photo.status === 'unreachable');
    if (knownBad) warnings.push(photoWarning({ ...link, reason: photo.refusal_reason }));
    return {
      car_id: link.carId,
      photo_id: photo.id,
      field: link.field,
      position: link.position,
      eager: link.eager,
      row: link.row,
      warned: knownBad,
    };
  });
  await manager.query(
    `INSERT INTO car_photos (car_id, photo_id, field, position, eager, feed_run_id, row, warned_at)
     SELECT r.car_id, r.photo_id, r.field, r.position, r.eager, $2, r.row, CASE WHEN r.warned THEN $3::timestamptz END
     FROM jsonb_to_recordset($1::jsonb) AS r(car_id int, photo_id int, field text, position int, eager boolean, row int, warned boolean)`,
    [JSON.stringify(rows), options.feedRunId, options.now],
  );
  if (options.feedRunId) await appendFeedRunWarnings(manager, options.feedRunId, warnings);
  if (due.size === 0) return 0;
  const fetches = [...due].map(([photoId, { eager, checkedAt }]) => ({
    photo_id: photoId,
    eager,
    job_key: photoCheckKey(checkedAt, eager),
  }));
  await manager.query(
    `INSERT INTO photo_fetches (photo_id, eager, job_key)
     SELECT r.photo_id, r.eager, r.job_key FROM jsonb_to_recordset($1::jsonb) AS r(photo_id int, eager boolean, job_key text)`,
    [JSON.stringify(fetches)],
  );
  return fetches.length;
}
