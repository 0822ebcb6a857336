import type { DataSource } from 'typeorm';
import type { SearchDocument, SearchHit, SearchRequest, SearchResult, SearchScope } from '@platform/domain';
import type { ReindexSession, SearchEngine } from '../search-engine';
import { PostgresSearchEngine } from '../postgres/postgres-search-engine';
import { INDEX_ROW_SQL, SiteIndex, type IndexRow } from './site-index';

/**
 * Documents held across every site by default. An index costs a few hundred bytes a document, and
 * a search scans its whole site on the event loop (about 8 ms at 90,000 documents), so the limit
 * also bounds how long one search can hold the process.
 */
export const DEFAULT_MEMORY_MAX_DOCUMENTS = 250_000;
/** After a failed build, a site is answered by PostgreSQL this long before another build is tried. */
const RETRY_AFTER_MS = 5_000;

/**
 * Most documents a catch-up applies: past this (or a quarter of the site, if larger) a full build
 * is cheaper than reading the changed rows one by one, and a search waits for a catch-up.
 */
const MAX_CATCH_UP_ROWS = 5_000;
/** Catch-ups one search may wait for before PostgreSQL answers it instead. */
const MAX_CATCH_UPS_PER_SEARCH = 3;
/**
 * An index this wasted by updates (removed documents, moved array values) is rebuilt in the
 * background; it keeps answering meanwhile.
 */
const MAX_WASTE = 0.3;

/**
 * Which rows an index holds: the live version and the revision its triggers move with every write,
 * with the oldest revision the change log can bring forward (`floor`).
 */
interface Token {
  version: number;
  revision: string;
  floor: string;
}

interface Entry {
  token: Token;
  index: SiteIndex;
}

const LIVE_TOKEN_SQL = `SELECT v.version, coalesce(r.revision, 0)::text AS revision, coalesce(r.log_floor, 0)::text AS floor
  FROM search_index_versions v LEFT JOIN search_version_revisions r ON r.site_id = v.site_id AND r.version = v.version
  WHERE v.site_id = $1 AND v.state = 'live'`;

/**
 * The default search engine on one machine: PostgreSQL stays the record and the projection (every
 * write, reindex and housekeeping goes to PostgresSearchEngine), and each site's live version is
 * also held in memory (SiteIndex), built on a site's first search and rebuilt after it changes.
 *
 * Freshness is checked, not assumed: the statement that fetches a page's hits also reads the live
 * version and its revision (moved by triggers in the same transaction as any document write), so
 * an answer from memory is used only when it was computed from exactly the rows PostgreSQL holds
 * at that snapshot. An index found behind catches up first: it reads the ids the change log names
 * since its revision, and the rows they now have, and applies them (milliseconds for a feed's
 * delta); the search is then answered again from memory. Only when the gap is too large or no
 * longer logged is the index rebuilt in the background, and PostgreSQL answers meanwhile.
 */
export class InMemorySearchEngine implements SearchEngine {
  readonly kind = 'memory' as const;
  private readonly store: PostgresSearchEngine;
  /** In order of last use, oldest first (Map keeps insertion order), for eviction by size. */
  private readonly entries = new Map<number, Entry>();
  private readonly building = new Map<number, Promise<void>>();
  /** Sites too large to hold, with the token they were measured at, so they are not reloaded per query. */
  private readonly tooLarge = new Map<number, string>();
  /** When each site's last build failed, so a failing build is not retried on every search. */
  private readonly failedAt = new Map<number, number>();
  /** Builds run one at a time, so a cold start never takes every pooled connection. */
  private buildQueue: Promise<unknown> = Promise.resolve();
  /** The last build that failed, for logs and health checks (builds run in the background). */
  lastBuildError: { siteId: number; message: string } | null = null;
  private closed = false;
  /** Searches answered from memory and by PostgreSQL since start (tests and metrics read them). */
  readonly answered = { memory: 0, postgres: 0 };
  /** The last index built: its size, and the time reading rows and building the index took. */
  lastBuild: { siteId: number; documents: number; loadMs: number; buildMs: number } | null = null;
  /**
   * How indexes were brought up to date since start: caught up from the log, built whole (missing,
   * or too far behind), or rebuilt to shed what updates left behind (compactions).
   */
  readonly updates = { caughtUp: 0, rowsApplied: 0, builds: 0, compactions: 0 };
  /** One catch-up per site at a time; a search arriving meanwhile waits for the same one. */
  private readonly catchingUp = new Map<number, Promise<boolean>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: { maxDocuments: number; maxWaste?: number } = {
      maxDocuments: DEFAULT_MEMORY_MAX_DOCUMENTS,
    },
  ) {
    this.store = new PostgresSearchEngine(dataSource);
  }

  upsert(siteId: number, documents: readonly SearchDocument[]): Promise<void> {
    return this.store.upsert(siteId, documents);
  }

  remove(siteId: number, carIds: readonly number[]): Promise<void> {
    return this.store.remove(siteId, carIds);
  }

  beginReindex(siteId: number): Promise<ReindexSession> {
    return this.store.beginReindex(siteId);
  }

  purgeExpired(now: Date): Promise<number> {
    return this.store.purgeExpired(now);
  }

  async dropSite(siteId: number): Promise<void> {
    this.entries.delete(siteId);
    await this.store.dropSite(siteId);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.entries.clear();
    await Promise.allSettled(this.building.values());
  }

  async query(scope: SearchScope, request: SearchRequest, now: Date = new Date()): Promise<SearchResult> {
    const started = performance.now();
    // Each pass after the first follows a catch-up; an index still behind after the last one
    // (writes arriving faster than searches catch up) leaves this search to PostgreSQL.
    for (let pass = 0; pass <= MAX_CATCH_UPS_PER_SEARCH; pass++) {
      const entry = this.entries.get(scope.siteId);
      if (!entry) break;
      // The token the answer is computed at, read before computing: a catch-up may move the entry on
      // while the hits are fetched, and the answer must be judged by the revision it came from.
      const token = entry.token;
      const answer = entry.index.query(scope, request, now);
      const current = await this.liveWithHits(scope.siteId, answer.pageIds);
      if (current && sameToken(current.token, token)) {
        // Touched only if still the held entry: a newer build or a drop during the await stands.
        if (this.entries.get(scope.siteId) === entry) {
          this.entries.delete(scope.siteId);
          this.entries.set(scope.siteId, entry);
        }
        this.answered.memory++;
        return {
          hits: current.hits,
          count: answer.count,
          facets: answer.facets,
          facetStats: answer.facetStats,
          pages: Math.ceil(answer.count / request.hitsPerPage),
          page: request.page,
          ms: Math.round(performance.now() - started),
        };
      }
      // Still behind after catching up: writes are arriving faster than this search. PostgreSQL
      // answers it, and the index stays for the next search to catch up.
      if (pass === MAX_CATCH_UPS_PER_SEARCH && current) {
        this.answered.postgres++;
        return this.store.query(scope, request, now);
      }
      if (!current || !(await this.catchUp(scope.siteId))) {
        if (this.entries.get(scope.siteId) === entry) this.entries.delete(scope.siteId);
        break;
      }
    }
    // One background build per site at a time: a search arriving while one runs does not queue another.
    const failedAt = this.failedAt.get(scope.siteId) ?? 0;
    if (!this.building.has(scope.siteId) && Date.now() - failedAt >= RETRY_AFTER_MS) {
      void this.warm(scope.siteId).catch(() => undefined);
    }
    this.answered.postgres++;
    return this.store.query(scope, request, now);
  }

  /**
   * Brings the held index of a site up to the revision PostgreSQL holds now from the change log;
   * resolves true when the held index is then current (or was already), false when it cannot be
   * caught up (another version, a gap the log no longer covers, or too many changes) and must be
   * rebuilt. A failed read leaves the index as it was and answers false.
   */
  catchUp(siteId: number): Promise<boolean> {
    const running = this.catchingUp.get(siteId);
    if (running) return running;
    const catching = this.readChanges(siteId)
      .catch(() => false as const)
      .then((changes) => {
        if (changes === false) return false;
        if (changes === true) return true;
        const entry = this.entries.get(siteId);
        // A build or drop replaced the index while the changes were read: its own token stands.
        if (!entry || entry !== changes.entry) return entry !== undefined && sameToken(entry.token, changes.token);
        entry.index.apply(changes.rows, changes.removed);
        this.entries.set(siteId, { token: changes.token, index: entry.index });
        this.updates.caughtUp++;
        this.updates.rowsApplied += changes.rows.length + changes.removed.length;
        if (entry.index.waste > (this.options.maxWaste ?? MAX_WASTE) && !this.building.has(siteId))
          void this.warm(siteId, 'compaction').catch(() => undefined);
        return true;
      })
      .finally(() => this.catchingUp.delete(siteId));
    this.catchingUp.set(siteId, catching);
    return catching;
  }

  /**
   * In one snapshot: the live token, the ids changed since the held revision, and their rows now.
   * True when nothing is to be done, false when the log cannot bring this index forward.
   */
  private async readChanges(
    siteId: number,
  ): Promise<boolean | { entry: Entry; token: Token; rows: IndexRow[]; removed: number[] }> {
    const entry = this.entries.get(siteId);
    if (!entry || this.closed) return false;
    const held = entry.token;
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const [token] = (await manager.query(LIVE_TOKEN_SQL, [siteId])) as Token[];
      if (!token || token.version !== held.version || BigInt(held.revision) < BigInt(token.floor)) return false;
      if (sameToken(token, held)) return true;
      const limit = Math.max(MAX_CATCH_UP_ROWS, Math.floor(entry.index.size / 4));
      const changed = (await manager.query(
        `SELECT DISTINCT id FROM search_document_changes
         WHERE site_id = $1 AND version = $2 AND revision > $3 AND revision <= $4 LIMIT $5`,
        [siteId, token.version, held.revision, token.revision, limit + 1],
      )) as { id: number }[];
      if (changed.length > limit) return false;
      const ids = changed.map(({ id }) => id);
      const rows = (await manager.query(
        `SELECT ${INDEX_ROW_SQL} FROM search_documents WHERE site_id = $1 AND version = $2 AND id = ANY($3::int[])`,
        [siteId, token.version, ids],
      )) as IndexRow[];
      const present = new Set(rows.map((row) => row.id));
      return { entry, token, rows, removed: ids.filter((id) => !present.has(id)) };
    });
  }

  /**
   * Brings the site's index up to what PostgreSQL holds now, unless the held one already matches;
   * resolves when done. It always reads a snapshot taken after the call (a build already under way
   * may have read its own before the caller's writes), behind any build queued before it. Searches
   * start it without waiting; tests and start-up may wait. A failed build leaves PostgreSQL
   * answering and is tried again by a search after RETRY_AFTER_MS.
   */
  warm(siteId: number, reason: 'build' | 'compaction' = 'build'): Promise<void> {
    const build = this.buildQueue
      .then(() => this.build(siteId, reason))
      .then(
        () => void this.failedAt.delete(siteId),
        (error: unknown) => {
          this.failedAt.set(siteId, Date.now());
          this.lastBuildError = { siteId, message: error instanceof Error ? error.message : String(error) };
          throw error;
        },
      )
      .finally(() => {
        if (this.building.get(siteId) === build) this.building.delete(siteId);
      });
    this.buildQueue = build.catch(() => undefined);
    this.building.set(siteId, build);
    return build;
  }

  /** Sites and documents held in memory now (metrics). */
  held(): { sites: number; documents: number } {
    let documents = 0;
    for (const { index } of this.entries.values()) documents += index.size;
    return { sites: this.entries.size, documents };
  }

  /** Whether a search of the site can be answered from memory right now (for tests and metrics). */
  holds(siteId: number): boolean {
    return this.entries.has(siteId);
  }

  private async build(siteId: number, reason: 'build' | 'compaction'): Promise<void> {
    if (this.closed || this.options.maxDocuments <= 0) return;
    // One read-only snapshot: the token and the rows it names can never disagree. The index is built
    // after it commits, so the connection and the snapshot are not held through the build.
    const loaded = await this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const [token] = (await manager.query(LIVE_TOKEN_SQL, [siteId])) as Token[];
      if (!token) return null;
      const held = this.entries.get(siteId);
      if (held && sameToken(held.token, token)) return null;
      const key = `${token.version}:${token.revision}`;
      if (this.tooLarge.get(siteId) === key) return null;
      const [{ n }] = (await manager.query(
        `SELECT count(*)::int AS n FROM search_documents WHERE site_id = $1 AND version = $2`,
        [siteId, token.version],
      )) as [{ n: number }];
      if (n > this.options.maxDocuments) {
        this.tooLarge.set(siteId, key);
        return null;
      }
      const loading = performance.now();
      const rows = (await manager.query(
        `SELECT ${INDEX_ROW_SQL} FROM search_documents WHERE site_id = $1 AND version = $2`,
        [siteId, token.version],
      )) as IndexRow[];
      return { token, rows, loadMs: performance.now() - loading };
    });
    if (!loaded || this.closed) return;
    const building = performance.now();
    const index = await SiteIndex.build(loaded.rows);
    if (reason === 'compaction') this.updates.compactions++;
    else this.updates.builds++;
    this.lastBuild = {
      siteId,
      documents: loaded.rows.length,
      loadMs: Math.round(loaded.loadMs),
      buildMs: Math.round(performance.now() - building),
    };
    if (this.closed) return;
    this.tooLarge.delete(siteId);
    this.entries.delete(siteId);
    this.entries.set(siteId, { token: loaded.token, index });
    this.evict();
  }

  /** Drops the least recently used sites until what is held fits the limit. */
  private evict(): void {
    let held = 0;
    for (const { index } of this.entries.values()) held += index.size;
    for (const [siteId, { index }] of this.entries) {
      if (held <= this.options.maxDocuments) break;
      this.entries.delete(siteId);
      held -= index.size;
    }
  }

  /** The site's live token and, from the same snapshot, the hits of the given car ids in that order. */
  private async liveWithHits(siteId: number, ids: number[]): Promise<{ token: Token; hits: SearchHit[] } | null> {
    const [row] = (await this.dataSource.query(
      `SELECT t.version, t.revision, t.floor,
         (SELECT coalesce(json_agg(json_build_array(d.id, d.hit)), '[]'::json) FROM search_documents d
           WHERE d.site_id = $1 AND d.version = t.version AND d.id = ANY($2::int[])) AS hits
       FROM (${LIVE_TOKEN_SQL}) t`,
      [siteId, ids],
    )) as (Token & { hits: [number, SearchHit][] })[];
    if (!row) return null;
    const byId = new Map(row.hits);
    return {
      token: { version: row.version, revision: row.revision, floor: row.floor },
      hits: ids.flatMap((id) => {
        const hit = byId.get(id);
        return hit ? [hit] : [];
      }),
    };
  }
}

const sameToken = (a: Token, b: Token): boolean => a.version === b.version && a.revision === b.revision;
