import type { DataSource, EntityManager } from 'typeorm';
import { appendFeedRunWarnings } from '@platform/db';
import { photoWarning } from '@platform/domain';

/**
 * Each feed run that carried this photo (and was not told yet) gets a warning with the row, stock
 * number, field and reason: the photo was refused or could not be fetched. In the transaction that
 * records its state.
 */
export async function warnPhotoRuns(manager: EntityManager, photoId: number): Promise<void> {
  const links = (await manager.query(
    `SELECT cp.car_id, cp.feed_run_id, cp.row, cp.field, cp.position, c.stocknum, p.source_url, p.refusal_reason, p.refusal_message
     FROM car_photos cp JOIN cars c ON c.id = cp.car_id JOIN photos p ON p.id = cp.photo_id
     WHERE cp.photo_id = $1 AND cp.warned_at IS NULL AND cp.feed_run_id IS NOT NULL
     ORDER BY cp.feed_run_id, cp.row FOR UPDATE OF cp`,
    [photoId],
  )) as {
    car_id: number;
    feed_run_id: string;
    row: number | null;
    field: string;
    position: number;
    stocknum: string;
    source_url: string;
    refusal_reason: string | null;
    refusal_message: string | null;
  }[];
  const byRun = new Map<string, string[]>();
  for (const link of links) {
    const warnings = byRun.get(link.feed_run_id) ?? [];
    // An address refused before any request says which and why (a port not allowed, a private
    // address); the other reasons' codes say it themselves.
    const detail = link.refusal_reason === 'address-refused' ? link.refusal_message : null;
    warnings.push(photoWarning({ ...link, url: link.source_url, reason: link.refusal_reason, detail }));
    byRun.set(link.feed_run_id, warnings);
  }
  for (const [feedRunId, warnings] of byRun) await appendFeedRunWarnings(manager, feedRunId, warnings);
  if (links.length > 0)
    await manager.query(`UPDATE car_photos SET warned_at = now() WHERE photo_id = $1 AND car_id = ANY($2::int[])`, [
      photoId,
      links.map((link) => link.car_id),
    ]);
}

/**
 * Refuses every stored photo of these bytes that turned out unreadable when variants were first
 * made from them (the variants queue, or the api's on-demand path): each row is refused with the
 * reason, marked for its cars to be settled (they refresh without it), and its runs are warned.
 */
export async function refuseStoredPhoto(
  dataSource: DataSource,
  hash: string,
  reason: string,
  message: string,
): Promise<void> {
  await dataSource.transaction(async (manager) => {
    const rows = (await manager.query(
      `WITH refused AS (
         UPDATE photos SET status = 'refused', refusal_reason = $2, refusal_message = $3, settle_due = true, updated_at = now()
         WHERE content_hash = $1 AND status = 'stored' RETURNING id)
       SELECT id FROM refused`,
      [hash, reason, message.slice(0, 500)],
    )) as { id: number }[];
    for (const { id } of rows) await warnPhotoRuns(manager, id);
  });
}

/** Marked photos settled per transaction. */
const SETTLE_BATCH = 2000;

export interface PhotosSettled {
  /** Photos whose cars were all settled. */
  photos: number;
  /** Cars given a car_changes row and a new updated_at. */
  cars: number;
  /** Sites of those cars, whose index should be nudged. */
  sites: number[];
}

/**
 * Settles the cars of every photo marked settle_due (stored, stored with new bytes, or a stored
 * photo refused): each car gets one car_changes outbox row and a new updated_at, so the search
 * projection and the cached vehicle pages (which compare updated_at) take its photos, however
 * many of its photos were marked since the last round. A photo is unmarked in the transaction that
 * settles its cars, after its own state committed, so the projection reads the photo as stored.
 *
 * Never waits on a lock: a photo row being written, or a car another transaction holds (a feed
 * batch applying it), is left marked for the next round, so a settle is never part of a deadlock
 * with a feed's apply. Several worker processes may settle side by side.
 */
export async function settleDuePhotos(dataSource: DataSource): Promise<PhotosSettled> {
  const total = { photos: 0, cars: 0, sites: new Set<number>() };
  for (;;) {
    const round = await settleRound(dataSource);
    total.photos += round.photos;
    total.cars += round.cars;
    for (const site of round.sites) total.sites.add(site);
    // Stop once a round takes less than a batch, or settles none of what it took (held cars).
    if (round.taken < SETTLE_BATCH || round.photos === 0) break;
  }
  return { photos: total.photos, cars: total.cars, sites: [...total.sites] };
}

async function settleRound(dataSource: DataSource): Promise<PhotosSettled & { taken: number }> {
  return dataSource.transaction(async (manager) => {
    const links = (await manager.query(
      `WITH due AS (SELECT id FROM photos WHERE settle_due ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
       SELECT due.id AS photo_id, cp.car_id FROM due LEFT JOIN car_photos cp ON cp.photo_id = due.id`,
      [SETTLE_BATCH],
    )) as { photo_id: number; car_id: number | null }[];
    const carsOf = new Map<number, number[]>();
    for (const { photo_id: photoId, car_id: carId } of links) {
      const cars = carsOf.get(photoId) ?? [];
      if (carId !== null) cars.push(carId);
      carsOf.set(photoId, cars);
    }
    if (carsOf.size === 0) return { taken: 0, photos: 0, cars: 0, sites: [] };
    const carIds = [...new Set([...carsOf.values()].flat())];
    const changed =
      carIds.length === 0
        ? []
        : ((await manager.query(
            `WITH locked AS (
               SELECT id FROM cars WHERE id = ANY($1::int[]) ORDER BY id FOR NO KEY UPDATE SKIP LOCKED),
             touched AS (
               UPDATE cars c SET updated_at = greatest(c.updated_at, now()) FROM locked WHERE c.id = locked.id
               RETURNING c.id, c.dealership_id)
             INSERT INTO car_changes (site_id, car_id)
             SELECT d.site_id, touched.id FROM touched JOIN dealerships d ON d.id = touched.dealership_id
             RETURNING site_id, car_id`,
            [carIds],
          )) as { site_id: number; car_id: number }[]);
    const settledCars = new Set(changed.map((row) => row.car_id));
    const settled = [...carsOf].filter(([, cars]) => cars.every((car) => settledCars.has(car))).map(([id]) => id);
    if (settled.length > 0)
      await manager.query(`UPDATE photos SET settle_due = false WHERE id = ANY($1::int[])`, [settled]);
    return {
      taken: carsOf.size,
      photos: settled.length,
      cars: settledCars.size,
      sites: [...new Set(changed.map((row) => row.site_id))],
    };
  });
}
