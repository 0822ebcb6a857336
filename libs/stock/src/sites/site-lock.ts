import type { DataSource, EntityManager } from 'typeorm';

// Advisory-lock namespace for 'writes to a site's search index' (any constant unique in the platform).
const SITE_INDEX_LOCK = 0x5ea4c4;

/**
 * Runs `work` in a transaction holding the site's index lock. The indexer and the reindexer both
 * read cars and write documents under it, so a reindex batch can never write a car state older than
 * one the indexer already wrote, and no change slips between a reindex's start and its swap.
 */
export function withSiteIndexLock<T>(
  dataSource: DataSource,
  siteId: number,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  return dataSource.transaction(async (manager) => {
    await manager.query('SELECT pg_advisory_xact_lock($1, $2)', [SITE_INDEX_LOCK, siteId]);
    return work(manager);
  });
}
