import type { DataSource } from 'typeorm';

export interface DealershipPhotoBacklog {
  dealership: string;
  pending: number;
  stored: number;
  refused: number;
  unreachable: number;
  /** Seconds since the oldest photo still pending was first linked; null when none is pending. */
  oldestPendingSeconds: number | null;
}

/** Photos per dealership by status, and how long the oldest pending one has waited (ops backlog). */
export async function photoBacklog(dataSource: DataSource, now = new Date()): Promise<DealershipPhotoBacklog[]> {
  const rows = (await dataSource.query(
    `SELECT d.slug AS dealership,
            count(*) FILTER (WHERE p.status = 'pending')::int AS pending,
            count(*) FILTER (WHERE p.status = 'stored')::int AS stored,
            count(*) FILTER (WHERE p.status = 'refused')::int AS refused,
            count(*) FILTER (WHERE p.status = 'unreachable')::int AS unreachable,
            EXTRACT(EPOCH FROM ($1::timestamptz - min(p.created_at) FILTER (WHERE p.status = 'pending')))::float AS oldest
     FROM photos p JOIN dealerships d ON d.id = p.dealership_id
     GROUP BY d.slug ORDER BY d.slug`,
    [now],
  )) as (Omit<DealershipPhotoBacklog, 'oldestPendingSeconds'> & { oldest: number | null })[];
  return rows.map(({ oldest, ...row }) => ({
    ...row,
    oldestPendingSeconds: oldest === null ? null : Math.max(0, Math.round(oldest)),
  }));
}

/**
 * Queues a forced check of every photo of one car or of a whole dealership (ops media-reprocess):
 * photo_fetches outbox rows with `force`, which the media worker relays. Forced, the bytes are
 * fetched whatever the validators say. Returns how many photos were queued.
 */
export async function reprocessPhotos(
  dataSource: DataSource,
  target: { carId: number } | { dealershipId: number },
  now = new Date(),
): Promise<number> {
  // The check's key is the command's time: each reprocess is new jobs, one per photo.
  const key = `force${now.getTime()}`;
  const rows = (await dataSource.query(
    'carId' in target
      ? `INSERT INTO photo_fetches (photo_id, eager, force, job_key)
         SELECT cp.photo_id, bool_or(cp.eager), true, $2
         FROM car_photos cp WHERE cp.car_id = $1 GROUP BY cp.photo_id RETURNING id`
      : `INSERT INTO photo_fetches (photo_id, eager, force, job_key)
         SELECT p.id, COALESCE(bool_or(cp.eager), false), true, $2
         FROM photos p LEFT JOIN car_photos cp ON cp.photo_id = p.id WHERE p.dealership_id = $1 GROUP BY p.id RETURNING id`,
    ['carId' in target ? target.carId : target.dealershipId, key],
  )) as { id: string }[];
  return rows.length;
}
