import type { DataSource, EntityManager } from 'typeorm';
import type { FacetStats, SearchDocument, SearchHit, SearchRequest, SearchResult, SearchScope } from '@platform/domain';
import type { ReindexSession, SearchEngine } from '../search-engine';
import { DOCUMENT_COLUMNS, quoteIdent } from './columns';
import { buildSearchSql } from './query-builder';

const COLUMN_LIST = DOCUMENT_COLUMNS.map(([name]) => quoteIdent(name)).join(', ');
const RECORD_TYPE = DOCUMENT_COLUMNS.map(([name, type]) => `${quoteIdent(name)} ${type}`).join(', ');
const UPDATE_SET = DOCUMENT_COLUMNS.filter(([name]) => name !== 'id')
  .map(([name]) => `${quoteIdent(name)} = excluded.${quoteIdent(name)}`)
  .join(', ');

/**
 * How long the change log keeps an entry. An in-memory index further behind than this rebuilds;
 * one that searches see at all catches up within seconds, so an hour is ample.
 */
export const CHANGE_LOG_RETENTION_MS = 60 * 60_000;
/** Rows per INSERT: keeps each statement's JSON parameter well under a few megabytes. */
const WRITE_BATCH = 500;

interface QueryRow {
  count: number;
  hits: SearchHit[];
  facets: { facet: string; value: string; n: number }[];
  stats: { facet: string; min: number; max: number }[];
}

/**
 * The embedded search engine: a denormalised projection table in PostgreSQL, versioned per site
 * (search_index_versions) so a reindex builds beside the live version and swaps in one transaction.
 */
export class PostgresSearchEngine implements SearchEngine {
  readonly kind = 'postgres' as const;

  constructor(private readonly dataSource: DataSource) {}

  async upsert(siteId: number, documents: readonly SearchDocument[]): Promise<void> {
    if (documents.length === 0) return;
    await this.ensureLive(this.dataSource.manager, siteId);
    await this.insert(siteId, null, documents);
  }

  async remove(siteId: number, carIds: readonly number[]): Promise<void> {
    if (carIds.length === 0) return;
    await this.dataSource.query(`DELETE FROM search_documents WHERE site_id = $1 AND id = ANY($2::int[])`, [
      siteId,
      [...carIds],
    ]);
  }

  async query(scope: SearchScope, request: SearchRequest, now: Date = new Date()): Promise<SearchResult> {
    const started = performance.now();
    const { sql, params } = buildSearchSql(scope, request, now);
    const [row] = await this.dataSource.transaction(async (manager) => {
      // JIT compilation and parallel workers each cost more than the whole single-pass plan at a
      // site's size (tens of milliseconds of compile or worker start-up), so this statement runs without.
      await manager.query(`SET LOCAL jit = off; SET LOCAL max_parallel_workers_per_gather = 0`);
      return (await manager.query(sql, params)) as QueryRow[];
    });
    const facets: Record<string, Record<string, number>> = {};
    for (const facet of request.facets ?? []) facets[facet] = {};
    for (const { facet, value, n } of row?.facets ?? []) (facets[facet] ??= {})[value] = n;
    const facetStats: Record<string, FacetStats> = {};
    for (const { facet, min, max } of row?.stats ?? []) facetStats[facet] = { min, max };
    const count = row?.count ?? 0;
    return {
      hits: row?.hits ?? [],
      count,
      facets,
      facetStats,
      pages: Math.ceil(count / request.hitsPerPage),
      page: request.page,
      ms: Math.round(performance.now() - started),
    };
  }

  async beginReindex(siteId: number): Promise<ReindexSession> {
    const version = await this.dataSource.transaction(async (manager) => {
      await this.ensureLive(manager, siteId);
      // A reindex left open by a crash is abandoned: its half-built version is replaced.
      await this.dropBuilding(manager, siteId);
      const [{ next }] = (await manager.query(
        `INSERT INTO search_index_versions (site_id, version, state)
         SELECT $1, coalesce(max(version), 0) + 1, 'building' FROM search_index_versions WHERE site_id = $1
         RETURNING version AS next`,
        [siteId],
      )) as [{ next: number }];
      return next;
    });
    return {
      version: String(version),
      write: (documents) => this.insert(siteId, version, documents),
      commit: () =>
        this.dataSource.transaction(async (manager) => {
          const old = (await manager.query(
            `SELECT version FROM search_index_versions WHERE site_id = $1 AND state = 'live' FOR UPDATE`,
            [siteId],
          )) as { version: number }[];
          await manager.query(`DELETE FROM search_index_versions WHERE site_id = $1 AND state = 'live'`, [siteId]);
          // UPDATE/DELETE ... RETURNING go through a CTE: TypeORM returns [rows, count] for bare ones.
          const swapped = (await manager.query(
            `WITH swapped AS (UPDATE search_index_versions SET state = 'live' WHERE site_id = $1 AND version = $2 AND state = 'building' RETURNING version)
             SELECT version FROM swapped`,
            [siteId, version],
          )) as unknown[];
          if (swapped.length === 0)
            throw new Error(`Index version ${version} of site ${siteId} is no longer being built`);
          // The version's writes while it was building were not logged: its change log starts here.
          // The UPDATE waits for any writer still holding the revision row, so the floor covers it.
          await manager.query(
            `UPDATE search_version_revisions SET log_floor = revision WHERE site_id = $1 AND version = $2`,
            [siteId, version],
          );
          for (const { version: stale } of old) {
            await manager.query(`DELETE FROM search_documents WHERE site_id = $1 AND version = $2`, [siteId, stale]);
          }
        }),
      abort: () => this.dataSource.transaction((manager) => this.dropBuilding(manager, siteId, version)),
    };
  }

  async purgeExpired(now: Date): Promise<number> {
    const deleted = (await this.dataSource.query(
      `WITH gone AS (DELETE FROM search_documents WHERE listed_until IS NOT NULL AND listed_until <= $1 AND status = 'sold' RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [now.toISOString()],
    )) as [{ n: number }];
    await this.pruneChangeLog(new Date(now.getTime() - CHANGE_LOG_RETENTION_MS));
    return deleted[0].n;
  }

  /**
   * Deletes change-log entries written before `before` and raises each version's log floor past
   * what went, so an index that old rebuilds rather than catch up across the gap. The revision rows
   * are locked first in the triggers' order, so pruning never deadlocks with a write.
   */
  async pruneChangeLog(before: Date): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `SELECT 1 FROM search_version_revisions r
         WHERE (r.site_id, r.version) IN (SELECT DISTINCT site_id, version FROM search_document_changes WHERE changed_at < $1)
         ORDER BY r.site_id, r.version FOR UPDATE`,
        [before.toISOString()],
      );
      await manager.query(
        `WITH gone AS (DELETE FROM search_document_changes WHERE changed_at < $1 RETURNING site_id, version, revision)
         UPDATE search_version_revisions r SET log_floor = greatest(r.log_floor, g.last)
         FROM (SELECT site_id, version, max(revision) AS last FROM gone GROUP BY site_id, version) g
         WHERE r.site_id = g.site_id AND r.version = g.version`,
        [before.toISOString()],
      );
    });
  }

  async dropSite(siteId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM search_documents WHERE site_id = $1`, [siteId]);
      await manager.query(`DELETE FROM search_index_versions WHERE site_id = $1`, [siteId]);
    });
  }

  async close(): Promise<void> {
    // The data source belongs to the caller.
  }

  /** Gives the site a live version if it has none (its first document, or a fresh database). */
  private async ensureLive(manager: EntityManager, siteId: number): Promise<void> {
    await manager.query(
      `INSERT INTO search_index_versions (site_id, version, state)
       SELECT $1, coalesce((SELECT max(version) FROM search_index_versions WHERE site_id = $1), 0) + 1, 'live'
       WHERE NOT EXISTS (SELECT 1 FROM search_index_versions WHERE site_id = $1 AND state = 'live')
       ON CONFLICT DO NOTHING`,
      [siteId],
    );
  }

  private async dropBuilding(manager: EntityManager, siteId: number, version?: number): Promise<void> {
    const dropped = (await manager.query(
      `WITH dropped AS (DELETE FROM search_index_versions WHERE site_id = $1 AND state = 'building' AND ($2::int IS NULL OR version = $2) RETURNING version)
       SELECT version FROM dropped`,
      [siteId, version ?? null],
    )) as { version: number }[];
    for (const row of dropped) {
      await manager.query(`DELETE FROM search_documents WHERE site_id = $1 AND version = $2`, [siteId, row.version]);
    }
  }

  /**
   * Inserts documents into one version, or (version null) into every version of the site, so a
   * reindex in progress sees live changes too. An older source_version never overwrites a newer one.
   */
  private async insert(siteId: number, version: number | null, documents: readonly SearchDocument[]): Promise<void> {
    for (let start = 0; start < documents.length; start += WRITE_BATCH) {
      const batch = documents.slice(start, start + WRITE_BATCH);
      await this.dataSource.query(
        `INSERT INTO search_documents (site_id, version, ${COLUMN_LIST})
         SELECT v.site_id, v.version, ${DOCUMENT_COLUMNS.map(([name]) => `r.${quoteIdent(name)}`).join(', ')}
         FROM search_index_versions v CROSS JOIN jsonb_to_recordset($2::jsonb) AS r(${RECORD_TYPE})
         WHERE v.site_id = $1 AND ($3::int IS NULL OR v.version = $3)
         ON CONFLICT (site_id, version, id) DO UPDATE SET ${UPDATE_SET}
         WHERE search_documents.source_version <= excluded.source_version`,
        [siteId, JSON.stringify(batch), version],
      );
    }
  }
}
