import type { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import Redis from 'ioredis';
import request from 'supertest';
import { SearchRequestSchema, storableText, type SearchRequestInput } from '@platform/domain';
import { QUEUE_NAMES, QueueProducer } from '@platform/queues';
import { PostgresSearchEngine } from '@platform/search';
import { siteConfigStore } from '@platform/site-config';
import { SiteIndexer, startStockWorkers } from '@platform/stock';
import {
  createStockFixture,
  createTestDatabase,
  feedCar as car,
  metricValue,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type StockFixture,
  type TestDatabase,
} from '@platform/testing';
import { createApiApp } from '../bootstrap';
import { ApiEnvSchema } from '../env';
import { eventually } from '../testing/site-api.harness';

const OPS_TOKEN = 'test-ops-token-0123456789abcdef';
const FEED_MAX_BYTES = 64 * 1024;
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number): string => new Date(Date.now() - days * DAY).toISOString();

describe('feed push API and ops API with real BullMQ workers (PostgreSQL, Redis)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let fixture: StockFixture;
  let stopWorkers: () => Promise<void>;
  let producer: QueueProducer;
  let redis: Redis;
  let engine: PostgresSearchEngine;
  let northKey: string;
  let westKey: string;

  const http = () => request(app.getHttpServer());
  const ops = (req: request.Test) => req.set('Authorization', `Bearer ${OPS_TOKEN}`);

  beforeAll(async () => {
    db = await createTestDatabase('platform_api_feeds');
    fixture = await createStockFixture(db.dataSource, 'feeds');
    const prefix = uniqueRedisPrefix();
    const env = ApiEnvSchema.parse({
      DATABASE_URL: db.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      OPS_TOKEN,
      FEED_MAX_BYTES,
    });
    app = await createApiApp(env);
    await app.init();
    redis = new Redis(TEST_REDIS_URL);
    producer = new QueueProducer(redis, prefix);
    engine = new PostgresSearchEngine(db.dataSource);
    stopWorkers = await startStockWorkers({
      dataSource: db.dataSource,
      engine,
      producer,
      indexer: new SiteIndexer(db.dataSource, engine),
      redisUrl: TEST_REDIS_URL,
      prefix,
      schedule: false,
    });
    northKey = (await ops(http().post(`/api/ops/dealerships/${fixture.north.slug}/feed-keys`)).expect(201)).body.key;
    westKey = (await ops(http().post(`/api/ops/dealerships/${fixture.west.slug}/feed-keys`)).expect(201)).body.key;
  });

  afterAll(async () => {
    await stopWorkers?.();
    await producer?.close();
    redis?.disconnect();
    await app?.close();
    await db?.destroy();
  });

  const pushJson = (slug: string, key: string, body: unknown, mode?: string) =>
    http()
      .post(`/api/feeds/${slug}${mode ? `?mode=${mode}` : ''}`)
      .set('Authorization', `Bearer ${key}`)
      .set('Content-Type', 'application/json')
      .send(typeof body === 'string' ? body : JSON.stringify(body));

  const runOf = async (feedRunId: string, key = northKey) =>
    (await http().get(`/api/feeds/runs/${feedRunId}`).set('Authorization', `Bearer ${key}`).expect(200)).body;
  const settled = (feedRunId: string, key = northKey) =>
    eventually(
      () => runOf(feedRunId, key),
      (run) => !['queued', 'running'].includes(run.status),
      `feed run ${feedRunId}`,
    );
  const indexed = () =>
    eventually(
      async () => (await db.dataSource.query(`SELECT count(*)::int AS n FROM car_changes`))[0].n as number,
      (n) => n === 0,
      'the outbox to drain',
    );

  const search = async (input: SearchRequestInput = {}) =>
    engine.query(
      await siteConfigStore(db.dataSource).searchScope(fixture.siteId),
      SearchRequestSchema.parse({ hitsPerPage: 100, ...input }),
    );
  const stocknums = async (input: SearchRequestInput = {}) =>
    (await search(input)).hits.map((hit) => hit.stocknum).sort();

  describe('pushing stock', () => {
    it('issues feed keys once and stores only their hash', async () => {
      expect(northKey).toMatch(/^fk_[A-Za-z0-9_-]{43}$/);
      const rows = (await db.dataSource.query(`SELECT key_hash, key_prefix FROM feed_keys`)) as {
        key_hash: string;
        key_prefix: string;
      }[];
      expect(rows.map((row) => row.key_hash)).not.toContain(northKey);
      expect(rows.map((row) => row.key_prefix)).toContain(northKey.slice(0, 9));
    });

    it('applies JSON and CSV snapshots through the queue and finds exactly the visible cars, honouring sold-date cutoffs', async () => {
      const north = await pushJson(fixture.north.slug, northKey, {
        cars: [
          car('N1', { make: 'Toyota', model: 'Hilux', price: 52990, year: 2022, colour: 'White' }),
          car('N2', { make: 'Mazda', model: 'CX-5', price: 33990, year: 2021, colour: 'Red' }),
          car('N-SOLD-2', { status: 'sold', sold_date: daysAgo(2), price: 19990 }),
          car('N-SOLD-4', { status: 'sold', sold_date: daysAgo(4) }),
          car('N-HIDDEN', { show_on_dealer_website: false }),
        ],
      }).expect(202);
      expect(north.body).toEqual({
        feedRunId: expect.any(String),
        status: 'queued',
        statusUrl: `/api/feeds/runs/${north.body.feedRunId}`,
      });

      const csv = [
        'stocknum,make,model,year,car_type,price,status,sold_date,features',
        `W1,Isuzu,D-Max,2023,demo,58990,in_stock,,Tow bar|Canopy`,
        `W-SOLD-5,Isuzu,MU-X,2020,used,31990,sold,${daysAgo(5)},`,
      ].join('\n');
      const west = await http()
        .post(`/api/feeds/${fixture.west.slug}`)
        .set('Authorization', `Bearer ${westKey}`)
        .set('Content-Type', 'text/csv; charset=utf-8')
        .send(csv)
        .expect(202);

      expect(await settled(north.body.feedRunId)).toMatchObject({
        status: 'succeeded',
        counts: { received: 5, created: 5, rejected: 0 },
      });
      expect(await settled(west.body.feedRunId, westKey)).toMatchObject({
        status: 'succeeded',
        counts: { received: 2, created: 2 },
      });
      await indexed();

      expect(await stocknums()).toEqual(['N-SOLD-2', 'N1', 'N2', 'W-SOLD-5', 'W1']);
      const result = await search({ filters: { make: ['Toyota'] }, facets: ['make', 'car_type', 'price'] });
      expect(result.hits.map((hit) => hit.stocknum).sort()).toEqual(['N-SOLD-2', 'N1']);
      expect(result.facets['make']).toEqual({ Toyota: 2, Mazda: 1, Isuzu: 2 });
      expect(result.facets['car_type']).toEqual({ used: 2 });
      // Stats ignore only the price range itself, so the make filter applies.
      expect(result.facetStats['price']).toEqual({ min: 19990, max: 52990 });
    });

    it('withdraws and upserts in delta mode', async () => {
      const delta = await pushJson(
        fixture.north.slug,
        northKey,
        { cars: [car('N3', { make: 'Kia', model: 'Sportage' })], deleted: ['N2'] },
        'delta',
      ).expect(202);
      expect(await settled(delta.body.feedRunId)).toMatchObject({
        status: 'succeeded',
        counts: { created: 1, withdrawn: 1 },
      });
      await indexed();
      expect(await stocknums({ query: 'N' })).toEqual(expect.arrayContaining(['N1', 'N3']));
      expect(await stocknums()).not.toContain('N2');
    });

    it('changes nothing when the same feed is pushed twice', async () => {
      const feed = [car('T1'), car('T2')];
      const first = await pushJson(fixture.west.slug, westKey, feed, 'delta').expect(202);
      await settled(first.body.feedRunId, westKey);
      await indexed();
      const second = await pushJson(fixture.west.slug, westKey, feed, 'delta').expect(202);
      expect(await settled(second.body.feedRunId, westKey)).toMatchObject({
        status: 'succeeded',
        counts: { received: 2, created: 0, updated: 0, unchanged: 2 },
      });
      expect((await db.dataSource.query(`SELECT count(*)::int AS n FROM car_changes`))[0].n).toBe(0);
    });

    it('rejects invalid rows one by one and applies the valid ones (partial)', async () => {
      const pushed = await pushJson(
        fixture.west.slug,
        westKey,
        [car('P1'), car('P2', { car_type: 'vintage' }), car('P3', { price: -5 })],
        'delta',
      ).expect(202);
      const run = await settled(pushed.body.feedRunId, westKey);
      expect(run.status).toBe('partial');
      expect(run.counts).toMatchObject({ received: 3, created: 1, rejected: 2 });
      expect(run.errors).toEqual([
        { row: 2, stocknum: 'P2', path: 'car_type', message: expect.stringContaining('new') },
        { row: 3, stocknum: 'P3', path: 'price', message: 'must be 0 or more' },
      ]);
    });
  });

  describe('bad input gets a clear problem', () => {
    const problem = (res: request.Response) => {
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      return res.body as {
        status: number;
        title: string;
        detail: string;
        errors?: { path: string; message: string }[];
      };
    };

    it('400 for malformed JSON, with the position', async () => {
      const res = await pushJson(fixture.north.slug, northKey, '[{"stocknum": "A1",}]').expect(400);
      expect(problem(res).detail).toMatch(/^Malformed JSON at position 19 \(line 1, column 20\)/);
      expect(res.body.errors).toEqual([{ path: 'body', message: expect.stringContaining('position 19') }]);
    });

    it('400 for a body that is neither an array nor { cars }', async () => {
      const res = await pushJson(fixture.north.slug, northKey, { vehicles: [] }).expect(400);
      expect(problem(res).detail).toContain('The body must be a JSON array of cars');
    });

    it('400 for CSV missing required columns, naming them', async () => {
      const res = await http()
        .post(`/api/feeds/${fixture.north.slug}`)
        .set('Authorization', `Bearer ${northKey}`)
        .set('Content-Type', 'text/csv')
        .send('stocknum,make,price\nA,Toyota,1\n')
        .expect(400);
      expect(problem(res).detail).toBe(
        'The CSV header is missing the required columns model, year, car_type. Required: stocknum, make, model, year, car_type.',
      );
    });

    it('400 for an unknown mode', async () => {
      const res = await pushJson(fixture.north.slug, northKey, [], 'full').expect(400);
      expect(problem(res).errors).toEqual([{ path: 'mode', message: "Use 'snapshot' (the default) or 'delta'" }]);
    });

    it('413 for a body over the limit', async () => {
      const big = JSON.stringify(Array.from({ length: 2000 }, (_, i) => car(`BIG${i}`)));
      expect(big.length).toBeGreaterThan(FEED_MAX_BYTES);
      const res = await pushJson(fixture.north.slug, northKey, big).expect(413);
      expect(problem(res).title).toBe('Feed too large');
    });

    it('404 for an unknown dealership', async () => {
      const res = await pushJson('no-such-dealer', northKey, []).expect(404);
      expect(problem(res).detail).toBe(
        "No dealership has the slug 'no-such-dealer'. Check the URL: POST /api/feeds/{dealershipSlug}.",
      );
    });

    it('401 for a missing or wrong key, 403 for a key of another dealership', async () => {
      const missing = await http()
        .post(`/api/feeds/${fixture.north.slug}`)
        .set('Content-Type', 'application/json')
        .send('[]')
        .expect(401);
      expect(problem(missing).detail).toContain('Authorization: Bearer <key>');
      const wrong = await pushJson(fixture.north.slug, 'fk_not-a-real-key', []).expect(401);
      expect(problem(wrong).detail).toContain('mistyped or revoked');
      const other = await pushJson(fixture.north.slug, westKey, []).expect(403);
      expect(problem(other).detail).toBe(
        `This feed key belongs to another dealership, not '${fixture.north.slug}'. Use the key issued for '${fixture.north.slug}'.`,
      );
    });

    it('415 for another content type', async () => {
      const res = await http()
        .post(`/api/feeds/${fixture.north.slug}`)
        .set('Authorization', `Bearer ${northKey}`)
        .set('Content-Type', 'application/xml')
        .send('<cars/>')
        .expect(415);
      expect(problem(res).detail).toBe(
        "Send the feed as application/json or text/csv (Content-Type was 'application/xml').",
      );
    });

    it('keeps feed runs private to their dealership', async () => {
      const pushed = await pushJson(fixture.west.slug, westKey, [car('PRIV1')], 'delta').expect(202);
      await http()
        .get(`/api/feeds/runs/${pushed.body.feedRunId}`)
        .set('Authorization', `Bearer ${northKey}`)
        .expect(403);
      await http().get(`/api/feeds/runs/${pushed.body.feedRunId}`).expect(401);
      await settled(pushed.body.feedRunId, westKey);
    });

    it('stops revoked keys', async () => {
      const issued = (await ops(http().post(`/api/ops/dealerships/${fixture.west.slug}/feed-keys`)).expect(201)).body;
      await ops(http().delete(`/api/ops/dealerships/${fixture.west.slug}/feed-keys/${issued.id}`)).expect(200, {
        revoked: 1,
      });
      await pushJson(fixture.west.slug, issued.key, []).expect(401);
    });
  });

  describe('mass-removal guard', () => {
    it('holds a snapshot removing more than 30% of live stock until ops confirm; reject discards one', async () => {
      const held = await pushJson(fixture.west.slug, westKey, [
        car('W1', {
          make: 'Isuzu',
          model: 'D-Max',
          year: 2023,
          car_type: 'demo',
          price: 58990,
          features: ['Tow bar', 'Canopy'],
        }),
      ]).expect(202);
      const run = await settled(held.body.feedRunId, westKey);
      expect(run.status).toBe('held');
      expect(run.detail).toMatch(/^Held: this snapshot would remove \d+ of \d+ live cars/);
      expect(await stocknums({ query: 'T1' })).toEqual(['T1']);

      const rejectedPush = await pushJson(fixture.west.slug, westKey, [car('W1')]).expect(202);
      await settled(rejectedPush.body.feedRunId, westKey);
      await ops(http().post(`/api/ops/feeds/runs/${rejectedPush.body.feedRunId}/reject`)).expect(201);
      expect(await runOf(rejectedPush.body.feedRunId, westKey)).toMatchObject({
        status: 'failed',
        detail: expect.stringContaining('Rejected by ops'),
      });
      await ops(http().post(`/api/ops/feeds/runs/${rejectedPush.body.feedRunId}/confirm`)).expect(409);

      await ops(http().post(`/api/ops/feeds/runs/${held.body.feedRunId}/confirm`)).expect(202);
      const confirmed = await settled(held.body.feedRunId, westKey);
      expect(confirmed.status).toBe('succeeded');
      expect(confirmed.counts.sold).toBeGreaterThan(0);
    });
  });

  describe('ops', () => {
    it('refuses the ops API without the token', async () => {
      const res = await http().post('/api/ops/reindex').expect(401);
      expect(res.body.detail).toBe("Send 'Authorization: Bearer <OPS_TOKEN>'.");
      await http().post('/api/ops/reindex').set('Authorization', 'Bearer wrong-token-0123456789abcdef').expect(401);
    });

    it('serves the queue dashboard at /ops/queues behind the token', async () => {
      await http().get('/ops/queues').expect(401).expect('WWW-Authenticate', /Basic/);
      const basic = Buffer.from(`ops:${OPS_TOKEN}`).toString('base64');
      const page = await http().get('/ops/queues').set('Authorization', `Basic ${basic}`).expect(200);
      expect(page.text).toContain('<div id="root">');
      const queues = await http().get('/ops/queues/api/queues').set('Authorization', `Basic ${basic}`).expect(200);
      expect(queues.body.queues.map((queue: { name: string }) => queue.name).sort()).toEqual([...QUEUE_NAMES].sort());
    });

    it('reindexes a site with no downtime: searches during the rebuild always see every visible car', async () => {
      // Enough cars that the rebuild takes several batches; loaded directly, as pushing them is tested above.
      await db.dataSource.query(
        `WITH added AS (
           INSERT INTO cars (dealership_id, stocknum, slug, car_type, make, model, year, price)
           SELECT $1, 'R' || n, 'reindex-car-' || n, 'used', 'Toyota', 'Corolla', 2020, 10000 + n FROM generate_series(1, 2500) n
           RETURNING id)
         INSERT INTO car_changes (site_id, car_id) SELECT $2, id FROM added`,
        [fixture.north.id, fixture.siteId],
      );
      await producer.add('searchIndex', { siteId: fixture.siteId });
      await indexed();
      const expected = (await search({ hitsPerPage: 1 })).count;
      expect(expected).toBeGreaterThan(2500);

      const started = await ops(http().post(`/api/ops/sites/test-site-feeds/reindex`)).expect(202);
      expect(started.body.statusUrl).toBe(`/api/ops/jobs/reindex/${started.body.jobId}`);
      const counts: number[] = [];
      let state = '';
      while (!['completed', 'failed'].includes(state)) {
        const [result] = await Promise.all([
          search({ hitsPerPage: 21, page: 3 }),
          new Promise((resolve) => setTimeout(resolve, 5)),
        ]);
        counts.push(result.count);
        expect(result.hits).toHaveLength(21);
        state = (await ops(http().get(started.body.statusUrl)).expect(200)).body.state;
      }
      const job = (await ops(http().get(started.body.statusUrl)).expect(200)).body;
      expect(job).toMatchObject({ queue: 'reindex', state: 'completed', progress: { percent: 100 } });
      expect(counts.length).toBeGreaterThan(1);
      expect(new Set(counts)).toEqual(new Set([expected]));
      const versions = (await db.dataSource.query(`SELECT state FROM search_index_versions WHERE site_id = $1`, [
        fixture.siteId,
      ])) as { state: string }[];
      expect(versions).toEqual([{ state: 'live' }]);
    });

    it('drops raw payloads of runs finished over 30 days ago in the maintenance purge, keeping the runs', async () => {
      const [old] = (await db.dataSource.query(
        `SELECT id FROM feed_runs WHERE finished_at IS NOT NULL ORDER BY received_at LIMIT 1`,
      )) as { id: string }[];
      await db.dataSource.query(`UPDATE feed_runs SET finished_at = now() - interval '31 days' WHERE id = $1`, [
        old!.id,
      ]);
      const jobId = await producer.add('maintenance', { task: 'purge-expired' });
      const job = await eventually(
        async () => (await ops(http().get(`/api/ops/jobs/maintenance/${jobId}`)).expect(200)).body,
        (body) => body.state === 'completed',
        'the purge job',
      );
      expect(job.result).toEqual({
        purged: expect.any(Number),
        payloadsDropped: 1,
        shopperData: { codes: 0, sessions: 0, smsMessages: 0, alerts: 0 },
      });
      expect(await db.dataSource.query(`SELECT 1 FROM feed_payloads WHERE feed_run_id = $1`, [old!.id])).toEqual([]);
      expect(await db.dataSource.query(`SELECT 1 FROM feed_runs WHERE id = $1`, [old!.id])).toHaveLength(1);
    });

    it('reports unknown queues and jobs as 404', async () => {
      await ops(http().get('/api/ops/jobs/nope/1')).expect(404);
      await ops(http().get('/api/ops/jobs/reindex/999999')).expect(404);
    });
  });

  describe('hostile feeds (property-based, real api and worker)', () => {
    type Row = Record<string, unknown>;
    const HOSTILE_VALUES: fc.Arbitrary<[string, unknown]>[] = [
      fc.constantFrom<[string, unknown]>(
        ['price', 1_000_000_000_000],
        ['km', 100_000_000_000],
        ['year', 99999],
        ['seats', -3],
        ['custom_rank', 2 ** 40],
        ['reserve_deposit', 30_000_000],
      ),
      fc.constantFrom<[string, unknown]>(['model', 'RAV\u00004'], ['make', '\u0000'], ['colour', 'Bl\u0000ue']),
      fc.constantFrom<[string, unknown]>(
        ['year', 'old'],
        ['price', { amount: 5 }],
        ['images', 'not-a-list'],
        ['car_type', 42],
        ['features', [1, 2]],
      ),
      fc.constantFrom<[string, unknown]>(
        ['dealercomments', 'x'.repeat(20_001)],
        ['badge', 'y'.repeat(10_000)],
        ['mystery', 'z'.repeat(10_000)],
      ),
      fc.constant<[string, unknown]>(['extra', JSON.parse(`${'{"a":'.repeat(30)}1${'}'.repeat(30)}`)]),
      fc.constantFrom<[string, unknown]>(['images', ['javascript:alert(1)']], ['video_url', 'data:text/html,x']),
      fc.constantFrom<[string, unknown]>(
        ['extra', { constructor: { prototype: { x: 1 } } }],
        ['variant', JSON.parse('{"__proto__":{"x":1},"cylinders":4}')],
      ),
    ];
    /** Characters that break storage, parsers or messages when they reach a key. */
    const HOSTILE_CHARACTERS = ['\u0000', '\u0001', '\u001f', '\u007f', '\ud800', '\udc00', '"', ',', '\n', '.', 'é'];
    /**
     * Field names a dealer system (or an attacker holding its key) may send. Each starts with 'zz' or is
     * a reserved name, so cleaning never turns it into a known field and the row's fate is its values'.
     */
    const HOSTILE_KEYS: fc.Arbitrary<string> = fc.oneof(
      fc.constantFrom(
        '__proto__',
        'constructor',
        'prototype',
        '__proto__.x',
        'constructor.prototype.x',
        'zz.__proto__.x',
        'prototype.x',
        '__pro\u0000to__.x',
      ),
      fc
        .string({ unit: fc.constantFrom(...HOSTILE_CHARACTERS), minLength: 1, maxLength: 6 })
        .map((tail) => `zz${tail}`),
      fc.constantFrom(254, 300, 10_000).map((length) => `zz${'k'.repeat(length)}`),
    );
    /** Entries of a delta's 'deleted': what a stock number may be made of, and too long to be one. */
    const HOSTILE_DELETED: fc.Arbitrary<string | number> = fc.oneof(
      fc.string({ unit: fc.constantFrom(...HOSTILE_CHARACTERS, 'A', '1'), maxLength: 8 }),
      fc.constantFrom('\u0000', 'A\u00001', 'x'.repeat(10_000), 12345),
    );
    let feedNumber = 0;

    /**
     * A feed: valid rows with unique stock numbers, hostile rows among them (bad values, hostile
     * field names, a NUL in the stock number), copies of valid rows at the end, and for JSON deltas
     * hostile 'deleted' entries.
     */
    const feedArbitrary = fc.record({
      valid: fc.integer({ min: 1, max: 6 }),
      hostile: fc.array(
        fc.record({
          value: fc.option(fc.oneof(...HOSTILE_VALUES), { nil: undefined }),
          key: fc.option(HOSTILE_KEYS, { nil: undefined }),
          nulInStocknum: fc.boolean(),
          at: fc.nat(),
        }),
        { maxLength: 6 },
      ),
      duplicates: fc.integer({ min: 0, max: 2 }),
      deleted: fc.array(HOSTILE_DELETED, { maxLength: 4 }),
      csv: fc.boolean(),
    });

    /** A CSV of the rows, with a column for every key any row has (nested values as JSON text). */
    const toCsv = (rows: Row[]): string => {
      const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
      const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
      const cell = (value: unknown) =>
        value === undefined ? '' : quote(typeof value === 'string' ? value : JSON.stringify(value));
      return [
        columns.map(quote).join(','),
        ...rows.map((row) =>
          columns.map((column) => cell(Object.hasOwn(row, column) ? row[column] : undefined)).join(','),
        ),
      ].join('\n');
    };

    /** The pollution canary: nothing reached Object.prototype, and a strict schema still refuses an unknown key. */
    const expectUnpolluted = async (): Promise<void> => {
      expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('x');
      expect(({} as Row)['x']).toBeUndefined();
      expect(SearchRequestSchema.safeParse({ hitsPerPage: 10 }).success).toBe(true);
      expect(SearchRequestSchema.safeParse({ hitsPerPage: 10, bogus: 1 }).success).toBe(false);
    };

    it('every run ends succeeded or partial, every row is applied or has an error, valid rows always land, nothing is polluted', async () => {
      await fc.assert(
        fc.asyncProperty(feedArbitrary, async ({ valid, hostile, duplicates, deleted, csv }) => {
          feedNumber += 1;
          const validRows = Array.from({ length: valid }, (_, i) => car(`Z${feedNumber}-${i}`, { price: 10_000 + i }));
          const hostileRows = hostile.map(({ value, key, nulInStocknum }, i) => {
            const row: Row = { ...car(nulInStocknum ? `X${feedNumber}-\u0000${i}` : `X${feedNumber}-${i}`) };
            if (value) row[value[0]] = value[1];
            // A computed key defines an own property, as JSON.parse does: '__proto__' included.
            if (key !== undefined) Object.defineProperty(row, key, { value: 'v', enumerable: true, writable: true });
            return row;
          });
          const rows: Row[] = [...validRows];
          hostile.forEach(({ at }, i) => rows.splice(at % (rows.length + 1), 0, hostileRows[i] as Row));
          rows.push(...validRows.slice(0, duplicates).map((row) => ({ ...row, price: 1 })));

          const body = csv ? toCsv(rows) : JSON.stringify({ cars: rows, deleted });
          const pushed = await http()
            .post(`/api/feeds/${fixture.west.slug}?mode=delta`)
            .set('Authorization', `Bearer ${westKey}`)
            .set('Content-Type', csv ? 'text/csv' : 'application/json')
            .send(body);
          if (pushed.status === 413) {
            expect(Buffer.byteLength(body)).toBeGreaterThan(FEED_MAX_BYTES);
            return;
          }
          expect(pushed.status).toBe(202);
          const run = await settled(pushed.body.feedRunId, westKey);
          expect(['succeeded', 'partial']).toContain(run.status);
          expect(run.finishedAt).not.toBeNull();
          expect(run.counts.received).toBe(rows.length);
          await expectUnpolluted();

          const rejectedRows = new Set<number>(run.errors.map((error: { row: number }) => error.row));
          expect(rejectedRows.size).toBe(run.counts.rejected);
          const stored = new Set(
            (
              (await db.dataSource.query(`SELECT stocknum FROM cars WHERE dealership_id = $1 AND stocknum LIKE $2`, [
                fixture.west.id,
                `%${feedNumber}-%`,
              ])) as { stocknum: string }[]
            ).map((r) => r.stocknum),
          );
          rows.forEach((row, index) => {
            if (!rejectedRows.has(index + 1)) expect(stored).toContain(storableText(String(row['stocknum'])));
          });
          for (const row of validRows) expect(stored).toContain(row['stocknum']);
        }),
        { numRuns: Number(process.env['FEED_FUZZ_RUNS'] ?? 200) },
      );
      // 200 feeds through the real api and worker: about 20 s alone, more beside other suites.
    }, 600_000);
  });

  describe('ops: feed runs', () => {
    it('lists runs by status and dealership, cancels an unfinished one, and refuses what it cannot do', async () => {
      const pushed = await pushJson(fixture.west.slug, westKey, [car('OPS1')], 'delta').expect(202);
      await settled(pushed.body.feedRunId, westKey);
      const listed = await ops(http().get(`/api/ops/feeds/runs?dealership=${fixture.west.slug}&limit=3`)).expect(200);
      expect(listed.body.runs.length).toBeGreaterThan(0);
      expect(listed.body.runs.length).toBeLessThanOrEqual(3);
      expect(listed.body.runs[0]).toMatchObject({
        feedRunId: expect.any(String),
        dealership: fixture.west.slug,
        stuck: false,
      });

      const bad = await ops(http().get('/api/ops/feeds/runs?status=lost&limit=5000')).expect(400);
      expect(bad.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(['limit', 'status']);
      await http().get('/api/ops/feeds/runs').expect(401);

      const finished = listed.body.runs[0].feedRunId;
      expect((await ops(http().post(`/api/ops/feeds/runs/${finished}/cancel`)).expect(409)).body.detail).toMatch(
        /Only a queued, running or held run can be cancelled/,
      );
      expect((await ops(http().post(`/api/ops/feeds/runs/${finished}/retry`)).expect(409)).body.detail).toMatch(
        /Only a failed or unfinished run can be retried/,
      );
      await ops(http().post('/api/ops/feeds/runs/00000000-0000-4000-8000-000000000000/retry')).expect(404);

      const failed = (await db.dataSource.query(
        `INSERT INTO feed_runs (id, dealership_id, mode, content_type, payload_bytes, status, counts, detail, finished_at)
         VALUES (gen_random_uuid(), $1, 'delta', 'application/json', 2, 'failed', $2, 'Failed after its last attempt: test', now()) RETURNING id`,
        [
          fixture.west.id,
          JSON.stringify({ received: 0, created: 0, updated: 0, unchanged: 0, sold: 0, withdrawn: 0, rejected: 0 }),
        ],
      )) as { id: string }[];
      const failedId = failed[0]?.id;
      expect((await ops(http().post(`/api/ops/feeds/runs/${failedId}/retry`)).expect(409)).body.detail).toMatch(
        /payload of this run has been purged/,
      );
      const failedOnly = await ops(
        http().get(`/api/ops/feeds/runs?status=failed&dealership=${fixture.west.slug}`),
      ).expect(200);
      expect(failedOnly.body.runs.map((run: { feedRunId: string }) => run.feedRunId)).toContain(failedId);
    });
  });

  describe('ops: metrics', () => {
    it('serves the api metrics behind the ops token: requests by route pattern, queue depths and feed runs', async () => {
      const pushed = await pushJson(fixture.west.slug, westKey, [car('MET1')], 'delta').expect(202);
      await settled(pushed.body.feedRunId, westKey);
      await http().get('/api/ops/metrics').expect(401);
      const { text } = await ops(http().get('/api/ops/metrics'))
        .expect(200)
        .expect('Content-Type', /text\/plain/);
      expect(
        metricValue(text, 'http_request_duration_seconds_count', {
          app: 'api',
          method: 'POST',
          route: '/api/feeds/:dealershipSlug',
          status: '202',
        }),
      ).toBeGreaterThanOrEqual(1);
      expect(metricValue(text, 'queue_jobs', { queue: 'feed-ingest', state: 'completed' })).not.toBeNull();
      expect(metricValue(text, 'feed_runs', { status: 'succeeded' })).toBeGreaterThanOrEqual(1);
      // Raw paths never become labels: one series per route pattern.
      expect(text).not.toContain(fixture.west.slug);
    });
  });
});
