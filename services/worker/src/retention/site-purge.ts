import type { DataSource, EntityManager } from 'typeorm';
import { SITE_DATA_TABLES, siteDataParams } from '@platform/db';
import { DEFAULT_SITE_RETENTION_DAYS, isSiteDueForPurge, sitePurgeCutoff } from '@platform/domain';
import { keysOfHash, type MediaStore } from '@platform/media';
import { QUIET_LOG, type WorkerLog } from '@platform/queues';
import type { SearchEngine } from '@platform/search';

/** Who the ops audit log names for a purge: no operator asked for it, the retention period did. */
export const RETENTION_ACTOR = 'system:retention';

/** Sites purged per sweep at most, so one run stays short; the rest wait an hour. */
const SITES_PER_SWEEP = 20;

export interface PurgedSite {
  siteId: number;
  slug: string;
  /** Rows deleted, by table (tables with none left out). */
  rows: Record<string, number>;
  /** Stored photos and uploaded images (content hashes, each with its variants) deleted: those no other site's has. */
  photos: number;
}

interface SiteRow {
  id: number;
  slug: string;
  name: string;
  status: string;
  retired_at: Date | null;
}

export interface SitePurgeOptions {
  dataSource: DataSource;
  engine: SearchEngine;
  store: MediaStore;
  retentionDays?: number;
  log?: WorkerLog;
}

/**
 * Purges retired sites once their retention period is over (issue 51): every row of the site in
 * every table that holds site data (SITE_DATA_TABLES, in one transaction), its search index, and
 * the stored photos and editor images no other site shares; ops_audit_log keeps its rows and gains one for the
 * purge. Another site's rows are never read for writing: each delete is bounded by the purged
 * site's id through its own dealerships, leads, shoppers and payments.
 */
export class SitePurge {
  private readonly retentionDays: number;
  private readonly log: WorkerLog;

  constructor(private readonly options: SitePurgeOptions) {
    this.retentionDays = options.retentionDays ?? DEFAULT_SITE_RETENTION_DAYS;
    this.log = options.log ?? QUIET_LOG;
    // A bad value fails the worker at start, not an hour later in a job.
    sitePurgeCutoff(new Date(), this.retentionDays);
  }

  /**
   * Purges every retired site due at `now` (oldest first, up to SITES_PER_SWEEP). A site that fails
   * does not hold up the others: it stays retired, is purged whole by a later run, and the job
   * fails after the rest so the failure is counted and logged.
   */
  async sweep(now = new Date()): Promise<{ purged: number }> {
    const due = (await this.options.dataSource.query(
      `SELECT id FROM sites WHERE retired_at IS NOT NULL AND retired_at < $1 ORDER BY retired_at, id LIMIT $2`,
      [sitePurgeCutoff(now, this.retentionDays), SITES_PER_SWEEP],
    )) as { id: number }[];
    let purged = 0;
    const failures: string[] = [];
    for (const { id } of due) {
      try {
        if (await this.purge(id, now)) purged += 1;
      } catch (error) {
        failures.push(`site ${id}: ${(error as Error).message}`);
        this.log.warn(
          { siteId: id, err: (error as Error).message },
          'retired site not purged; the next sweep tries again',
        );
      }
    }
    if (failures.length > 0)
      throw new Error(`${failures.length} of ${due.length} due sites not purged: ${failures.join('; ')}`);
    return { purged };
  }

  /**
   * Purges one site if it is retired and due at `now`; null when it is not (live, retired recently)
   * or already gone, so a second purge, or two at once, change nothing.
   */
  async purge(siteId: number, now = new Date()): Promise<PurgedSite | null> {
    const { dataSource, engine } = this.options;
    const [seen] = (await dataSource.query(`SELECT retired_at FROM sites WHERE id = $1`, [siteId])) as {
      retired_at: Date | null;
    }[];
    if (!seen || !isSiteDueForPurge({ retiredAt: seen.retired_at }, now, this.retentionDays)) return null;
    // The index first: when it cannot be dropped (OpenSearch away) the site keeps its rows and the
    // next sweep tries again, where dropping it after the rows were gone would leave it for good.
    await engine.dropSite(siteId);
    const purged = await dataSource.transaction((manager) => this.deleteRows(manager, siteId, now));
    if (!purged) return null;
    // Again after commit: a feed indexed between the drop and the delete may have written to it.
    await engine
      .dropSite(siteId)
      .catch((error: Error) =>
        this.log.warn({ siteId, err: error.message }, 'search index of a purged site not dropped again'),
      );
    const photos = await this.deleteObjects(siteId, purged.hashes);
    this.log.info(
      { siteId, slug: purged.site.slug, rows: sum(purged.rows), photos },
      'retired site purged after its retention period',
    );
    return { siteId, slug: purged.site.slug, rows: purged.rows, photos };
  }

  private async deleteRows(
    manager: EntityManager,
    siteId: number,
    now: Date,
  ): Promise<{ site: SiteRow; rows: Record<string, number>; hashes: string[] } | null> {
    // Locked, so a retire, a host change or another purge of the site waits for this one.
    const [site] = (await manager.query(
      `SELECT id, slug, name, status, retired_at FROM sites WHERE id = $1 FOR UPDATE`,
      [siteId],
    )) as SiteRow[];
    if (!site || !isSiteDueForPurge({ retiredAt: site.retired_at }, now, this.retentionDays)) return null;
    const candidates: string[] = [];
    const rows: Record<string, number> = {};
    for (const { table, rows: where } of SITE_DATA_TABLES) {
      const params = siteDataParams(where, site.id, site.slug);
      if (table === 'photos' || table === 'site_images')
        candidates.push(
          ...(
            (await manager.query(
              table === 'photos'
                ? `SELECT DISTINCT content_hash FROM photos t WHERE (${where}) AND content_hash IS NOT NULL`
                : `SELECT DISTINCT hash AS content_hash FROM site_images t WHERE ${where}`,
              params,
            )) as { content_hash: string }[]
          ).map((row) => row.content_hash),
        );
      const [{ n }] = (await manager.query(
        `WITH gone AS (DELETE FROM ${table} t WHERE ${where} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
        params,
      )) as [{ n: number }];
      if (n > 0) rows[table] = n;
    }
    // Two dealerships' addresses (or another site's uploaded image) can share one stored copy: only
    // hashes no remaining photo or site image has go.
    const kept = new Set(
      (
        (await manager.query(
          `SELECT content_hash FROM photos WHERE content_hash = ANY($1::text[])
           UNION SELECT hash FROM site_images WHERE hash = ANY($1::text[])`,
          [candidates],
        )) as { content_hash: string }[]
      ).map((row) => row.content_hash),
    );
    // The audit row outlives the site: what it was and how much went, never whose data it was.
    await manager.query(
      `INSERT INTO ops_audit_log (actor, action, site_id, subject, before, after) VALUES ($1, 'site.purged', $2, $3, $4, NULL)`,
      [
        RETENTION_ACTOR,
        site.id,
        `site:${site.slug}`,
        JSON.stringify({
          slug: site.slug,
          name: site.name,
          status: site.status,
          retired_at: site.retired_at?.toISOString() ?? null,
          retention_days: this.retentionDays,
          rows,
        }),
      ],
    );
    return { site, rows, hashes: [...new Set(candidates)].filter((hash) => !kept.has(hash)) };
  }

  /**
   * After commit, as the media lifecycle does: a crash here leaves objects no row names (harmless,
   * never a row without its bytes), so a failure is logged and the purge stands.
   */
  private async deleteObjects(siteId: number, hashes: string[]): Promise<number> {
    let deleted = 0;
    try {
      for (const hash of hashes) {
        for (const key of keysOfHash(hash)) await this.options.store.delete(key);
        deleted += 1;
      }
    } catch (error) {
      this.log.warn(
        { siteId, deleted, hashes: hashes.length, err: (error as Error).message },
        'stored photos of a purged site not all deleted',
      );
    }
    return deleted;
  }
}

const sum = (counts: Record<string, number>): number => Object.values(counts).reduce((total, n) => total + n, 0);
