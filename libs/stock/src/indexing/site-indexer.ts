import type { DataSource, EntityManager } from 'typeorm';
import type { SearchDocument } from '@platform/domain';
import type { SearchEngine } from '@platform/search';
import { withSiteIndexLock } from '../sites/site-lock';
import { countListedCars, documentsAfter, documentsForCars } from './car-documents';

/** Outbox rows drained per transaction. */
const DRAIN_BATCH = 1000;
/** Cars read and written per reindex step (one hold of the site's index lock). */
const REINDEX_STEP = 4000;
/** Cars per read within a step: the next part is read while the previous one is written. */
const REINDEX_PART = 1000;

export interface ReindexProgress {
  done: number;
  total: number;
}

/**
 * Keeps a site's search index in step with PostgreSQL: drains the car_changes outbox into upserts
 * and removals, and rebuilds the whole index beside the live one for a reindex.
 */
export class SiteIndexer {
  constructor(
    private readonly dataSource: DataSource,
    private readonly engine: SearchEngine,
    private readonly options: { now?: () => Date; onIndexChanged?: (siteId: number) => Promise<void> } = {},
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Applies every pending change of the site; returns how many cars were written or removed. */
  async drain(siteId: number): Promise<number> {
    let total = 0;
    for (;;) {
      const applied = await withSiteIndexLock(this.dataSource, siteId, async (manager) => {
        const changes = (await manager.query(
          `SELECT id, car_id FROM car_changes WHERE site_id = $1 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
          [siteId, DRAIN_BATCH],
        )) as { id: string; car_id: number }[];
        if (changes.length === 0) return 0;
        const carIds = [...new Set(changes.map((change) => change.car_id))];
        const { documents, removed } = await documentsForCars(manager, siteId, carIds, this.now());
        await this.engine.upsert(siteId, documents);
        await this.engine.remove(siteId, removed);
        // The indexed changes go on to the alert matcher's outbox in the same transaction, so alerts
        // see each change once, after the search shows it.
        await manager.query(`INSERT INTO alert_car_changes (site_id, car_id) SELECT $1, unnest($2::int[])`, [
          siteId,
          carIds,
        ]);
        await manager.query(`DELETE FROM car_changes WHERE id = ANY($1::bigint[])`, [
          changes.map((change) => change.id),
        ]);
        return carIds.length;
      });
      if (applied === 0) break;
      total += applied;
    }
    if (total > 0) await this.options.onIndexChanged?.(siteId);
    return total;
  }

  /** Sites with pending changes (for the sweep that catches up after Redis was unreachable). */
  async pendingSites(): Promise<number[]> {
    const rows = (await this.dataSource.query(`SELECT DISTINCT site_id FROM car_changes`)) as { site_id: number }[];
    return rows.map((row) => row.site_id);
  }

  /**
   * Builds a new index version from PostgreSQL and swaps it in; the live one answers throughout.
   * Each step holds the site's index lock, so live changes interleave safely with the rebuild.
   */
  async reindex(
    siteId: number,
    onProgress?: (progress: ReindexProgress) => Promise<void> | void,
  ): Promise<ReindexProgress> {
    const now = this.now();
    const session = await withSiteIndexLock(this.dataSource, siteId, () => this.engine.beginReindex(siteId));
    try {
      const total = await countListedCars(this.dataSource.manager, siteId, now);
      let done = 0;
      let afterId = 0;
      for (;;) {
        const step = await withSiteIndexLock(this.dataSource, siteId, (manager) =>
          this.reindexStep(manager, siteId, afterId, (documents) => session.write(documents)),
        );
        if (step.written === 0) break;
        afterId = step.lastId;
        done += step.written;
        await onProgress?.({ done, total: Math.max(total, done) });
      }
      await withSiteIndexLock(this.dataSource, siteId, () => session.commit());
      await this.options.onIndexChanged?.(siteId);
      return { done, total: Math.max(total, done) };
    } catch (error) {
      await session.abort().catch(() => undefined);
      throw error;
    }
  }

  /**
   * One step of a reindex, inside the site's index lock: up to REINDEX_STEP listed cars after
   * `afterId`, read in parts on the lock's connection while the previous part is written through
   * the engine's own. Every car is read and written within the same hold of the lock, so no drain
   * can change it in between (a drain that ran earlier wrote an older or equal state).
   */
  private async reindexStep(
    manager: EntityManager,
    siteId: number,
    afterId: number,
    write: (documents: SearchDocument[]) => Promise<void>,
  ): Promise<{ written: number; lastId: number }> {
    let written = 0;
    let lastId = afterId;
    let writing: Promise<void> = Promise.resolve();
    try {
      while (written < REINDEX_STEP) {
        const documents = await documentsAfter(manager, siteId, lastId, REINDEX_PART, this.now());
        await writing;
        if (documents.length === 0) break;
        writing = write(documents);
        // Awaited on the next turn or below; this only keeps a failure from going unhandled meanwhile.
        writing.catch(() => undefined);
        written += documents.length;
        lastId = documents[documents.length - 1]?.id ?? lastId;
      }
      await writing;
    } catch (error) {
      await writing.catch(() => undefined);
      throw error;
    }
    return { written, lastId };
  }

  async siteIds(): Promise<number[]> {
    const rows = (await this.dataSource.query(`SELECT id FROM sites ORDER BY id`)) as { id: number }[];
    return rows.map((row) => row.id);
  }
}
