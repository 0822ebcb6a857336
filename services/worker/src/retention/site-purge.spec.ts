import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { PLATFORM_TABLES, SITE_DATA_TABLES, siteDataParams } from '@platform/db';
import type { SearchDocument, SearchRequest, SearchScope } from '@platform/domain';
import { originalKey, variantKey } from '@platform/domain';
import { LocalMediaStore } from '@platform/media';
import { PostgresSearchEngine, type SearchEngine } from '@platform/search';
import { createTenantFixture, createTestDatabase, type TenantFixture, type TestDatabase } from '@platform/testing';
import { RETENTION_ACTOR, SitePurge } from './site-purge';

const DAY = 86_400_000;
const RETENTION_DAYS = 30;

/** The PostgreSQL engine, with every dropSite recorded and, when asked, refused (an OpenSearch away). */
class RecordingEngine implements SearchEngine {
  readonly kind = 'postgres' as const;
  readonly dropped: number[] = [];
  refuseDrops = 0;
  constructor(private readonly inner: PostgresSearchEngine) {}
  upsert = (siteId: number, documents: readonly SearchDocument[]) => this.inner.upsert(siteId, documents);
  remove = (siteId: number, carIds: readonly number[]) => this.inner.remove(siteId, carIds);
  query = (scope: SearchScope, request: SearchRequest, now?: Date) => this.inner.query(scope, request, now);
  beginReindex = (siteId: number) => this.inner.beginReindex(siteId);
  purgeExpired = (now: Date) => this.inner.purgeExpired(now);
  close = () => this.inner.close();
  async dropSite(siteId: number): Promise<void> {
    this.dropped.push(siteId);
    if (this.refuseDrops > 0) {
      this.refuseDrops -= 1;
      throw new Error('connect ECONNREFUSED 127.0.0.1:9200');
    }
    await this.inner.dropSite(siteId);
  }
}

describe('retired sites purged after their retention period (real PostgreSQL, the media store on disk)', () => {
  let db: TestDatabase;
  let storeDir: string;
  let store: LocalMediaStore;
  let engine: RecordingEngine;
  let purge: SitePurge;
  let tables: string[];

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    db.dataSource.query(query, params) as Promise<T[]>;

  /**
   * Checksums of the rows each `where` selects from its table, in one statement: their count and an
   * md5 of their text, in order. `params` are the site's id and slug when a selection names them.
   */
  const checksums = async (
    selections: { table: string; where: string }[],
    params: unknown[] = [],
  ): Promise<Record<string, string>> => {
    const rows = await sql<{ name: string; sum: string }>(
      selections
        .map(
          ({ table, where }) =>
            `SELECT '${table}' AS name, (SELECT count(*)::int || ':' || md5(coalesce(string_agg(to_jsonb(t)::text, '|' ORDER BY to_jsonb(t)::text), ''))
               FROM ${table} t WHERE ${where}) AS sum`,
        )
        .join(' UNION ALL '),
      params,
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.sum]));
  };

  /** Every row of one site, table by table (its ops audit rows too), as checksums. */
  const rowsOfSite = (site: Pick<TenantFixture, 'siteId' | 'slug'>): Promise<Record<string, string>> =>
    checksums(
      [
        ...SITE_DATA_TABLES.map(({ table, rows }) => ({ table, where: rows })),
        { table: 'ops_audit_log', where: `t.site_id = $1 AND t.action <> 'site.purged'` },
      ],
      [site.siteId, site.slug],
    );

  const counts = async (site: TenantFixture): Promise<Record<string, number>> => {
    const out: Record<string, number> = {};
    for (const { table, rows } of SITE_DATA_TABLES) {
      const [row] = await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} t WHERE ${rows}`,
        siteDataParams(rows, site.siteId, site.slug),
      );
      out[table] = row?.n ?? -1;
    }
    return out;
  };

  /**
   * Every row of every table but the schema's history and the configuration counter (a purge moves
   * it, as any site change does), as checksums; without `site`'s rows when it is given. The purge's
   * own audit row is left out: it is checked on its own.
   */
  const everything = (without?: TenantFixture): Promise<Record<string, string>> => {
    const ofSite = new Map(SITE_DATA_TABLES.map(({ table, rows }) => [table, rows]));
    const selections = tables
      .filter((table) => table !== 'migrations' && table !== 'site_config_version')
      .map((table) => {
        if (table === 'ops_audit_log') return { table, where: `t.action <> 'site.purged'` };
        const rows = ofSite.get(table);
        return { table, where: without && rows ? `(${rows}) IS NOT TRUE` : 'true' };
      });
    return checksums(selections, without ? [without.siteId, without.slug] : []);
  };

  const withoutAudit = ({ ops_audit_log: _audit, ...rest }: Record<string, string>) => rest;

  const storePhotos = async (site: TenantFixture): Promise<void> => {
    for (const { bytes, hash } of site.photos) {
      await store.put(originalKey(hash, 'jpeg'), Buffer.from(bytes));
      await store.put(variantKey(hash, 'w320', 'webp'), Buffer.from('variant'));
    }
  };
  const stored = async (hash: string): Promise<boolean> =>
    (await store.head(originalKey(hash, 'jpeg'))) !== null &&
    (await store.head(variantKey(hash, 'w320', 'webp'))) !== null;

  const reset = async (): Promise<void> => {
    await sql(
      `TRUNCATE ${[...SITE_DATA_TABLES.map((entry) => entry.table), 'ops_audit_log'].join(', ')} RESTART IDENTITY CASCADE`,
    );
    await rm(storeDir, { recursive: true, force: true });
    engine.dropped.length = 0;
    engine.refuseDrops = 0;
  };

  beforeAll(async () => {
    db = await createTestDatabase('worker_site_purge');
    storeDir = await mkdtemp(path.join(tmpdir(), 'site-purge-'));
    store = new LocalMediaStore(storeDir);
    engine = new RecordingEngine(new PostgresSearchEngine(db.dataSource));
    purge = new SitePurge({ dataSource: db.dataSource, engine, store, retentionDays: RETENTION_DAYS });
    tables = (
      await sql<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
      )
    ).map((row) => row.table_name);
  });

  afterAll(async () => {
    await db?.destroy();
    if (storeDir) await rm(storeDir, { recursive: true, force: true });
  });

  it("knows every table: each holds a site's data, in the purge's map, or is the platform's, and never both", () => {
    const siteData = SITE_DATA_TABLES.map((entry) => entry.table);
    expect(new Set(siteData).size).toBe(siteData.length);
    expect(siteData.filter((table) => table in PLATFORM_TABLES)).toEqual([]);
    expect([...siteData, ...Object.keys(PLATFORM_TABLES)].sort()).toEqual([...tables].sort());
  });

  it('purges a due site whole: every table empty of its rows, its index dropped, its own photos deleted, a shared one kept', async () => {
    await reset();
    const now = new Date();
    const kept = await createTenantFixture(db.dataSource, 'kept', { sharedPhoto: 'one photo two dealers' });
    const before = await everything();
    const gone = await createTenantFixture(db.dataSource, 'gone', {
      status: 'suspended',
      retiredAt: new Date(now.getTime() - (RETENTION_DAYS + 1) * DAY),
      cars: 3,
      leads: 2,
      shoppers: 2,
      sharedPhoto: 'one photo two dealers',
    });
    await sql(
      `INSERT INTO ops_audit_log (actor, action, site_id, subject) VALUES ('ops-token', 'site.retired', $1, $2)`,
      [gone.siteId, `site:${gone.slug}`],
    );
    await storePhotos(kept);
    await storePhotos(gone);
    // The fixture reaches every table the purge knows, so a table it left alone would show here.
    const held = await counts(gone);
    expect(Object.entries(held).filter(([, n]) => n === 0)).toEqual([]);

    const keptRows = await rowsOfSite(kept);

    const result = await purge.purge(gone.siteId, now);

    // The index went first (PostgreSQL's engine: its documents and versions, logging each removal).
    const {
      search_documents: _documents,
      search_index_versions: _versions,
      search_document_changes: _changes,
      ...rest
    } = held;
    expect(result).toEqual({ siteId: gone.siteId, slug: gone.slug, rows: expect.objectContaining(rest), photos: 3 });
    expect(Object.values(await counts(gone)).every((n) => n === 0)).toBe(true);
    // Found without the map: the database is as it was before the site was made, but for the ops
    // audit log, which keeps the site's rows (and gains the purge's).
    expect(withoutAudit(await everything())).toEqual(withoutAudit(before));
    expect(await rowsOfSite(kept)).toEqual(keptRows);
    expect(engine.dropped).toEqual([gone.siteId, gone.siteId]);
    for (const photo of gone.photos.slice(1)) expect(await stored(photo.hash)).toBe(false);
    for (const photo of kept.photos) expect(await stored(photo.hash)).toBe(true);
    const audit = await sql<{
      actor: string;
      action: string;
      before: { rows: Record<string, number> };
      after: unknown;
    }>(`SELECT actor, action, before, after FROM ops_audit_log WHERE site_id = $1 ORDER BY id`, [gone.siteId]);
    expect(audit.map((row) => [row.actor, row.action])).toEqual([
      ['ops-token', 'onboarding'],
      ['ops-token', 'site.retired'],
      [RETENTION_ACTOR, 'site.purged'],
    ]);
    expect(audit[2]).toMatchObject({
      before: { slug: gone.slug, status: 'suspended', retention_days: RETENTION_DAYS, rows: result?.rows },
      after: null,
    });

    // Idempotent: the site is gone, so a second purge or sweep changes nothing.
    expect(await purge.purge(gone.siteId, now)).toBeNull();
    expect(await purge.sweep(now)).toEqual({ purged: 0 });
    expect(withoutAudit(await everything())).toEqual(withoutAudit(before));
    expect(await sql(`SELECT count(*)::int AS n FROM ops_audit_log WHERE action = 'site.purged'`)).toEqual([{ n: 1 }]);
  });

  it('keeps a site retired recently, and never purges a live one, active or suspended, however old', async () => {
    await reset();
    const now = new Date();
    const recent = await createTenantFixture(db.dataSource, 'recent', {
      retiredAt: new Date(now.getTime() - (RETENTION_DAYS - 1) * DAY),
    });
    const active = await createTenantFixture(db.dataSource, 'active');
    const suspended = await createTenantFixture(db.dataSource, 'suspended', { status: 'suspended' });
    await sql(`UPDATE sites SET created_at = now() - interval '10 years', updated_at = now() - interval '10 years'`);
    const before = await everything();

    expect(await purge.sweep(now)).toEqual({ purged: 0 });
    expect(await purge.purge(recent.siteId, now)).toBeNull();
    expect(await everything()).toEqual(before);
    expect(engine.dropped).toEqual([]);

    // Ten years on, the retired one is due; the live ones still are not.
    const later = new Date(now.getTime() + 3650 * DAY);
    const live = [await rowsOfSite(active), await rowsOfSite(suspended)];
    expect(await purge.sweep(later)).toEqual({ purged: 1 });
    expect(Object.values(await counts(recent)).every((n) => n === 0)).toBe(true);
    expect([await rowsOfSite(active), await rowsOfSite(suspended)]).toEqual(live);
  });

  it('leaves a due site whole when its search index cannot be dropped, and purges it on the next sweep', async () => {
    await reset();
    const now = new Date();
    const site = await createTenantFixture(db.dataSource, 'later', { retiredAt: new Date(now.getTime() - 400 * DAY) });
    const before = await rowsOfSite(site);
    engine.refuseDrops = 1;

    await expect(purge.sweep(now)).rejects.toThrow(/1 of 1 due sites not purged: site \d+: connect ECONNREFUSED/);
    expect(await rowsOfSite(site)).toEqual(before);

    expect(await purge.sweep(now)).toEqual({ purged: 1 });
    expect(Object.values(await counts(site)).every((n) => n === 0)).toBe(true);
  });

  it('never changes a row of another site, whatever other sites there are and whatever their ids (property)', async () => {
    const other = fc.record({
      status: fc.constantFrom('active' as const, 'suspended' as const),
      // Retired too, and even due: purging one site by its id leaves every other alone.
      retiredDaysAgo: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
      cars: fc.integer({ min: 0, max: 3 }),
      leads: fc.integer({ min: 0, max: 2 }),
      shoppers: fc.integer({ min: 0, max: 2 }),
      sharesPhoto: fc.boolean(),
    });
    const world = fc.uniqueArray(fc.integer({ min: 1, max: 5_000 }), { minLength: 2, maxLength: 5 }).chain((ids) =>
      fc.record({
        ids: fc.constant(ids),
        others: fc.array(other, { minLength: ids.length - 1, maxLength: ids.length - 1 }),
        // Where the purged site comes among the others: its dealerships', cars' and leads' ids fall between theirs.
        position: fc.integer({ min: 0, max: ids.length - 1 }),
        retiredDaysAgo: fc.integer({ min: RETENTION_DAYS + 1, max: 3650 }),
        cars: fc.integer({ min: 0, max: 3 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(world, async ({ ids, others, position, retiredDaysAgo, cars }) => {
        await reset();
        const now = new Date();
        const [targetId, ...otherIds] = ids as [number, ...number[]];
        const shared = 'a photo the purged site shares';
        const sites: TenantFixture[] = [];
        let target: TenantFixture | undefined;
        for (let i = 0; i <= others.length; i++) {
          if (i === position)
            target = await createTenantFixture(db.dataSource, `t${targetId}`, {
              siteId: targetId,
              retiredAt: new Date(now.getTime() - retiredDaysAgo * DAY),
              cars,
              sharedPhoto: shared,
            });
          const shape = others[i];
          if (!shape) continue;
          sites.push(
            await createTenantFixture(db.dataSource, `o${otherIds[i]}`, {
              siteId: otherIds[i],
              status: shape.status,
              retiredAt: shape.retiredDaysAgo === null ? null : new Date(now.getTime() - shape.retiredDaysAgo * DAY),
              cars: shape.cars,
              leads: shape.leads,
              shoppers: shape.shoppers,
              sharedPhoto: shape.sharesPhoto ? shared : undefined,
            }),
          );
        }
        if (!target) throw new Error('the purged site was not made');
        for (const site of [...sites, target]) await storePhotos(site);
        const perSite = await Promise.all(sites.map(rowsOfSite));
        const rest = await everything(target);

        expect(await purge.purge(target.siteId, now)).not.toBeNull();

        expect(await Promise.all(sites.map(rowsOfSite))).toEqual(perSite);
        expect(await everything()).toEqual(rest);
        expect(engine.dropped).toEqual([target.siteId, target.siteId]);
        for (const site of sites) for (const photo of site.photos) expect(await stored(photo.hash)).toBe(true);
        const mine = target.photos.filter(
          (photo) => !sites.some((site) => site.photos.some((p) => p.hash === photo.hash)),
        );
        for (const photo of mine) expect(await stored(photo.hash)).toBe(false);
      }),
      { numRuns: 15 },
    );
  }, 240_000);
});
