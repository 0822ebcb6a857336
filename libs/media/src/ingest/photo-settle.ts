import type { DataSource, EntityManager } from 'typeorm';
import { appendFeedRunWarnings } from '@platform/db';
import { photoWarning } from '@platform/domain';

/**
 * What follows a photo's new state, in the transaction that records it (issue 38): when what the
 * pages can draw changed (stored, or a stored photo refused), every car linked to the photo gets a
 * car_changes outbox row and a new updated_at, so the search projection and the cached car pages refresh; when it was
 * refused or unreachable, each feed run that carried it (and was not told yet) gets a warning with
 * the row, stock number and field. Returns the sites whose index should be nudged after commit.
 */
export async function settlePhoto(
  manager: EntityManager,
  photoId: number,
  what: { changed: boolean; warn: boolean },
): Promise<number[]> {
  let sites: number[] = [];
  if (what.changed) {
    const rows = (await manager.query(
      `INSERT INTO car_changes (site_id, car_id)
       SELECT d.site_id, c.id FROM car_photos cp JOIN cars c ON c.id = cp.car_id JOIN dealerships d ON d.id = c.dealership_id
       WHERE cp.photo_id = $1 RETURNING site_id`,
      [photoId],
    )) as { site_id: number }[];
    sites = [...new Set(rows.map((row) => row.site_id))];
    // The car changed for whoever holds a copy: a vehicle page cached before its photos were stored
    // compares updated_at (view.json) and takes the photos then.
    await manager.query(
      `UPDATE cars SET updated_at = greatest(updated_at, now()) WHERE id IN (SELECT car_id FROM car_photos WHERE photo_id = $1)`,
      [photoId],
    );
  }
  if (what.warn) {
    const links = (await manager.query(
      `SELECT cp.car_id, cp.feed_run_id, cp.row, cp.field, cp.position, c.stocknum, p.source_url, p.refusal_reason
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
    }[];
    const byRun = new Map<string, string[]>();
    for (const link of links) {
      const warnings = byRun.get(link.feed_run_id) ?? [];
      warnings.push(photoWarning({ ...link, url: link.source_url, reason: link.refusal_reason }));
      byRun.set(link.feed_run_id, warnings);
    }
    for (const [feedRunId, warnings] of byRun) await appendFeedRunWarnings(manager, feedRunId, warnings);
    if (links.length > 0)
      await manager.query(`UPDATE car_photos SET warned_at = now() WHERE photo_id = $1 AND car_id = ANY($2::int[])`, [
        photoId,
        links.map((link) => link.car_id),
      ]);
  }
  return sites;
}

/**
 * Refuses every stored photo of these bytes that turned out unreadable when variants were first
 * made from them (the variants queue, or the api's on-demand path): each row is refused with the
 * reason and settled, so the cars drawing it refresh without it and its runs are warned. Returns
 * the sites whose index should be nudged after commit.
 */
export async function refuseStoredPhoto(
  dataSource: DataSource,
  hash: string,
  reason: string,
  message: string,
): Promise<number[]> {
  return dataSource.transaction(async (manager) => {
    const rows = (await manager.query(
      `WITH refused AS (
         UPDATE photos SET status = 'refused', refusal_reason = $2, refusal_message = $3, updated_at = now()
         WHERE content_hash = $1 AND status = 'stored' RETURNING id)
       SELECT id FROM refused`,
      [hash, reason, message.slice(0, 500)],
    )) as { id: number }[];
    const sites = new Set<number>();
    for (const { id } of rows)
      for (const site of await settlePhoto(manager, id, { changed: true, warn: true })) sites.add(site);
    return [...sites];
  });
}
