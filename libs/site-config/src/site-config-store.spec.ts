import { SiteConfigError } from '@platform/domain';
import { createStockFixture, createTestDatabase, type StockFixture, type TestDatabase } from '@platform/testing';
import { SiteConfigStore } from './site-config-store';

describe('SiteConfigStore (real PostgreSQL)', () => {
  let db: TestDatabase;
  let fixture: StockFixture;
  let manufacturerId: number;
  /** Site loads issued, counted by the query text, so a cached read is seen to cost none. */
  let siteLoads = 0;

  const store = (checkEveryMs = 0) => new SiteConfigStore(db.dataSource, { checkEveryMs });
  const sql = (text: string, params: unknown[] = []) => db.dataSource.query(text, params);

  beforeAll(async () => {
    db = await createTestDatabase('site_config');
    fixture = await createStockFixture(db.dataSource, 'store', { forms: { message_required: false } });
    await sql(`INSERT INTO site_templates (name, config) VALUES ('plain', $1)`, [
      JSON.stringify({ theme: { primary_colour: '#112233' } }),
    ]);
    await sql(`UPDATE sites SET template = 'plain' WHERE id = $1`, [fixture.siteId]);
    [{ id: manufacturerId }] = await sql(
      `INSERT INTO manufacturers (name, slug, config) VALUES ('Isuzu', 'isuzu', $1) RETURNING id`,
      [JSON.stringify({ leads: { save_valuation: true } })],
    );
    await sql(`UPDATE dealerships SET manufacturer_id = $2, config = $3 WHERE id = $1`, [
      fixture.north.id,
      manufacturerId,
      JSON.stringify({ inventory: { snapshot_missing_action: 'withdrawn' } }),
    ]);
    const query = db.dataSource.query.bind(db.dataSource);
    db.dataSource.query = ((text: string, ...rest: unknown[]) => {
      if (text.includes('FROM sites s')) siteLoads += 1;
      return (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest);
    }) as typeof db.dataSource.query;
  });

  afterAll(() => db.destroy());

  it('merges every layer: template and site for the site, then dealership and brand for its cars', async () => {
    const s = store();
    const site = await s.site({ slug: 'test-site-store' });
    expect(site).toMatchObject({ id: fixture.siteId, slug: 'test-site-store', name: 'Test Motors', template: 'plain' });
    expect(site!.config.theme.primary_colour).toBe('#112233');
    expect(site!.config.forms.message_required).toBe(false);
    expect(site!.scope).toMatchObject({ siteId: fixture.siteId, dealershipIds: [fixture.north.id, fixture.west.id] });

    const north = await s.dealership(fixture.north.id);
    expect(north.inventory.snapshot_missing_action).toBe('withdrawn');
    expect(north.leads.save_valuation).toBe(true);
    expect(north.theme.primary_colour).toBe('#112233');
    const west = await s.dealership(fixture.west.id);
    expect(west.inventory.snapshot_missing_action).toBe('sold');
    expect(west.leads.save_valuation).toBe(false);
  });

  it('finds the same site by id, slug or one of its dealerships, with one load while nothing changes', async () => {
    const s = store();
    const before = siteLoads;
    const byDealership = await s.dealership(fixture.west.id);
    const byId = await s.site({ id: fixture.siteId });
    const bySlug = await s.site({ slug: 'test-site-store' });
    await s.searchScope(fixture.siteId);
    await s.dealership(fixture.north.id);
    expect(siteLoads - before).toBe(1);
    expect(bySlug).toBe(byId);
    expect(await s.dealership(fixture.west.id)).toBe(byDealership);
  });

  it('sees a change to any layer, made by another process, on its next read', async () => {
    const s = store();
    expect((await s.siteConfig(fixture.siteId)).theme.primary_colour).toBe('#112233');
    expect((await s.dealership(fixture.north.id)).leads.save_valuation).toBe(true);

    await sql(`UPDATE site_templates SET config = $1 WHERE name = 'plain'`, [
      JSON.stringify({ theme: { primary_colour: '#445566' } }),
    ]);
    expect((await s.siteConfig(fixture.siteId)).theme.primary_colour).toBe('#445566');

    await sql(`UPDATE manufacturers SET config = '{}' WHERE id = $1`, [manufacturerId]);
    expect((await s.dealership(fixture.north.id)).leads.save_valuation).toBe(false);

    const [{ id: east }] = await sql(
      `INSERT INTO dealerships (site_id, slug, name) VALUES ($1, 'east-store', 'East Motors') RETURNING id`,
      [fixture.siteId],
    );
    expect((await s.searchScope(fixture.siteId)).dealershipIds).toContain(east);
    await sql(`DELETE FROM dealerships WHERE id = $1`, [east]);
    expect((await s.searchScope(fixture.siteId)).dealershipIds).not.toContain(east);
  });

  it('is not invalidated by writes that change no configuration (review counts)', async () => {
    const s = store();
    await s.site({ id: fixture.siteId });
    const before = siteLoads;
    await sql(`UPDATE dealerships SET review_count = review_count + 1, average_rating = 4.5 WHERE id = $1`, [
      fixture.north.id,
    ]);
    await s.site({ id: fixture.siteId });
    expect(siteLoads).toBe(before);
  });

  it('trusts its version for checkEveryMs, and invalidate() drops what this process holds at once', async () => {
    const s = store(60_000);
    expect((await s.siteConfig(fixture.siteId)).forms.message_required).toBe(false);
    await sql(`UPDATE sites SET config = '{}' WHERE id = $1`, [fixture.siteId]);
    expect((await s.siteConfig(fixture.siteId)).forms.message_required).toBe(false);
    s.invalidate();
    expect((await s.siteConfig(fixture.siteId)).forms.message_required).toBe(true);
    await sql(`UPDATE sites SET config = $2 WHERE id = $1`, [
      fixture.siteId,
      JSON.stringify({ forms: { message_required: false } }),
    ]);
  });

  it('refuses an invalid layer with its SiteConfigError: a broken dealership fails only that dealership', async () => {
    const s = store();
    await sql(`UPDATE dealerships SET config = $2 WHERE id = $1`, [
      fixture.west.id,
      JSON.stringify({ inventory: { mass_removal_guard: 'half' } }),
    ]);
    try {
      await expect(s.dealership(fixture.west.id)).rejects.toBeInstanceOf(SiteConfigError);
      await expect(s.checkLowerLayers({ id: fixture.siteId })).rejects.toBeInstanceOf(SiteConfigError);
      expect((await s.site({ id: fixture.siteId }))!.slug).toBe('test-site-store');
      expect(await s.dealership(fixture.north.id)).toBeDefined();

      await sql(`UPDATE sites SET config = $2 WHERE id = $1`, [
        fixture.siteId,
        JSON.stringify({ theme: { primary_colour: 'not a colour' } }),
      ]);
      await expect(s.site({ id: fixture.siteId })).rejects.toBeInstanceOf(SiteConfigError);
      await expect(s.site({ id: fixture.siteId })).rejects.toBeInstanceOf(SiteConfigError);
    } finally {
      await sql(`UPDATE dealerships SET config = '{}' WHERE id = $1`, [fixture.west.id]);
      await sql(`UPDATE sites SET config = $2 WHERE id = $1`, [
        fixture.siteId,
        JSON.stringify({ forms: { message_required: false } }),
      ]);
    }
  });

  it('answers null for an unknown site and refuses an unknown dealership', async () => {
    const s = store();
    expect(await s.site({ slug: 'nowhere' })).toBeNull();
    expect(await s.site({ id: 999_999 })).toBeNull();
    await expect(s.dealership(999_999)).rejects.toThrow('Dealership 999999 does not exist');
    await expect(s.siteConfig(999_999)).rejects.toThrow('Site 999999 does not exist');
  });
});
