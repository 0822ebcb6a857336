import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createDataSource, dropDatabase, ensureDatabase, purgeExpiredShopperData, runMigrations } from './index';

const SERVER_URL = process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';

describe('purgeExpiredShopperData (real PostgreSQL)', () => {
  const url = `${SERVER_URL}/platform_retention_${process.pid}_${randomBytes(4).toString('hex')}`;
  let db: DataSource;

  beforeAll(async () => {
    await ensureDatabase(url);
    db = createDataSource({ url, poolSize: 2 });
    await db.initialize();
    await runMigrations(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await dropDatabase(url);
  });

  it('keeps what is still needed and deletes the rest', async () => {
    const now = new Date('2026-11-21T00:00:00Z');
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();
    const [site] = (await db.query(
      `INSERT INTO sites (slug, name) VALUES ('retention', 'Retention') RETURNING id`,
    )) as { id: number }[];
    const siteId = site!.id;
    const [shopper] = (await db.query(
      `INSERT INTO shoppers (site_id, phone) VALUES ($1, '+61412345678') RETURNING id`,
      [siteId],
    )) as { id: string }[];
    for (const [created, expires] of [
      [hoursAgo(25), hoursAgo(24.9)], // old: gone
      [hoursAgo(2), hoursAgo(1.9)], // expired but still counts towards the hourly limit window: kept
    ]) {
      await db.query(
        `INSERT INTO sign_in_codes (site_id, phone_hash, code_hash, expires_at, created_at) VALUES ($1, 'p', 'c', $2, $3)`,
        [siteId, expires, created],
      );
    }
    for (const [expires, revoked] of [
      [hoursAgo(1), null], // expired: gone
      [hoursAgo(-100), hoursAgo(30)], // signed out more than a day ago: gone
      [hoursAgo(-100), hoursAgo(2)], // signed out recently: kept
      [hoursAgo(-100), null], // live: kept
    ]) {
      await db.query(
        `INSERT INTO shopper_sessions (shopper_id, token_hash, expires_at, revoked_at) VALUES ($1, $2, $3, $4)`,
        [shopper!.id, randomBytes(8).toString('hex'), expires, revoked],
      );
    }
    await db.query(
      `INSERT INTO sms_messages (site_id, phone, body, created_at) VALUES ($1, 'x', 'old', $2), ($1, 'x', 'new', $3)`,
      [siteId, hoursAgo(8 * 24), hoursAgo(1)],
    );

    const [dealer] = (await db.query(
      `INSERT INTO dealerships (site_id, slug, name) VALUES ($1, 'd', 'D') RETURNING id`,
      [siteId],
    )) as { id: number }[];
    const [car] = (await db.query(
      `INSERT INTO cars (dealership_id, stocknum, slug, car_type, status, make, model, year) VALUES ($1, 'A1', 'a1', 'used', 'in_stock', 'Isuzu', 'D-Max', 2024) RETURNING id`,
      [dealer!.id],
    )) as { id: number }[];
    for (const [key, status, created] of [
      ['old-sent', 'sent', hoursAgo(91 * 24)], // gone
      ['old-waiting', 'digest', hoursAgo(91 * 24)], // not yet sent: kept
      ['recent', 'sent', hoursAgo(24)], // kept
    ]) {
      await db.query(
        `INSERT INTO shopper_alerts (shopper_id, site_id, car_id, kind, dedupe_key, frequency, channels, status, created_at)
         VALUES ($1, $2, $3, 'sold', $4, 'instant', '{sms}', $5, $6)`,
        [shopper!.id, siteId, car!.id, key, status, created],
      );
    }
    // Matches counted beyond a saved search's daily allowance go after the same 90 days.
    const [search] = (await db.query(
      `INSERT INTO saved_searches (shopper_id, site_id, name, criteria, page_path, selective_keys)
       VALUES ($1, $2, 'Any Isuzu', '{"filters":{"make":["Isuzu"]}}', '/search', '{make:isuzu}') RETURNING id`,
      [shopper!.id, siteId],
    )) as { id: string }[];
    for (const created of [hoursAgo(91 * 24), hoursAgo(24)]) {
      await db.query(
        `INSERT INTO saved_search_unstored_matches (saved_search_id, matches, created_at) VALUES ($1, 7, $2)`,
        [search!.id, created],
      );
    }

    await expect(purgeExpiredShopperData(db.manager, now)).resolves.toEqual({
      codes: 1,
      sessions: 2,
      smsMessages: 1,
      alerts: 2,
    });
    expect(await db.query(`SELECT count(*)::int AS n FROM saved_search_unstored_matches`)).toEqual([{ n: 1 }]);
    expect(await db.query(`SELECT dedupe_key FROM shopper_alerts ORDER BY dedupe_key`)).toEqual([
      { dedupe_key: 'old-waiting' },
      { dedupe_key: 'recent' },
    ]);
    const counts = (await db.query(
      `SELECT (SELECT count(*) FROM sign_in_codes)::int AS codes, (SELECT count(*) FROM shopper_sessions)::int AS sessions, (SELECT count(*) FROM sms_messages)::int AS sms`,
    )) as { codes: number; sessions: number; sms: number }[];
    expect(counts[0]).toEqual({ codes: 1, sessions: 2, sms: 1 });
    await expect(purgeExpiredShopperData(db.manager, now)).resolves.toEqual({
      codes: 0,
      sessions: 0,
      smsMessages: 0,
      alerts: 0,
    });
  });
});
