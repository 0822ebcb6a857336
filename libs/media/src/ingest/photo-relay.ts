import type { DataSource } from 'typeorm';
import { mediaJobId, QUEUES, type QueueProducer } from '@platform/queues';
import type { JobsOptions } from 'bullmq';

/** Outbox rows moved per round: one transaction and one Redis round trip each. */
const RELAY_BATCH = 500;

/**
 * Moves photo checks from the photo_fetches outbox onto the media queue (issue 38). The rows are
 * taken with FOR UPDATE SKIP LOCKED (several worker processes relay side by side) and deleted in the
 * transaction that queued their jobs: if Redis refuses the add, the transaction rolls back and the
 * rows wait for the next round. Job ids are the photo and its check key, so a row queued twice (a
 * commit lost after the add) is one job.
 */
/** The queue priority of a photo past its car's first ones (lower numbers run first; none runs before any). */
export const LATER_PHOTOS_PRIORITY = 10;

export class PhotoRelay {
  constructor(
    private readonly dataSource: DataSource,
    private readonly producer: QueueProducer,
    private readonly jobOptions: JobsOptions = {},
  ) {}

  /** Relays until the outbox is empty; returns how many checks were queued. */
  async relay(): Promise<number> {
    let total = 0;
    for (;;) {
      const moved = await this.relayBatch();
      total += moved;
      if (moved < RELAY_BATCH) return total;
    }
  }

  private async relayBatch(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows = (await manager.query(
        `WITH taken AS (
           DELETE FROM photo_fetches WHERE id IN (SELECT id FROM photo_fetches ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
           RETURNING photo_id, eager, force, job_key)
         SELECT * FROM taken`,
        [RELAY_BATCH],
      )) as { photo_id: number; eager: boolean; force: boolean; job_key: string }[];
      if (rows.length === 0) return 0;
      const queue = this.producer.queue('media');
      await queue.addBulk(
        rows.map((row) => ({
          name: queue.name,
          data: QUEUES.media.payload.parse({ photoId: row.photo_id, eager: row.eager, force: row.force }),
          // A car's first photos go before every other photo in the queue (BullMQ runs jobs with no
          // priority before prioritised ones), so each car of a big feed shows a photo within the
          // first minutes while the rest of its photos follow.
          opts: {
            ...this.jobOptions,
            jobId: mediaJobId(row.photo_id, row.job_key),
            ...(row.eager ? {} : { priority: LATER_PHOTOS_PRIORITY }),
          },
        })),
      );
      return rows.length;
    });
  }
}
