import Redis from 'ioredis';
import {
  AlertDispatcher,
  AlertMatcher,
  DEVELOPMENT_ALERT_LINK_SECRET,
  startAlertWorkers,
  type AlertWorkers,
} from '@platform/leads';
import { QueueProducer } from '@platform/queues';
import { eventually, feedCar as car, TEST_REDIS_URL } from '@platform/testing';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';
import { signIn } from '../testing/sign-in';

/**
 * Saved-search and car alerts end to end: feeds through the real ingest and indexer, matching,
 * dispatch, the alert_messages outbox, BullMQ delivery and the development email and SMS adapters
 * (which store what they would send).
 */
describe('shopper alerts (real PostgreSQL, Redis and BullMQ workers)', () => {
  let h: SiteApiHarness;
  let alerts: AlertWorkers;
  let producer: QueueProducer;
  let redis: Redis;
  let cookie: string;
  let shopperId: string;
  let base: string;
  const PHONE = '+61412555201';
  const dealer = () => h.fixture.north.id;

  const count = async (sql: string, params: unknown[] = []): Promise<number> =>
    ((await h.db.dataSource.query(`SELECT count(*)::int AS n FROM (${sql}) x`, params)) as [{ n: number }])[0].n;
  const alertsOf = (kind: string) =>
    count(`SELECT 1 FROM shopper_alerts WHERE shopper_id = $1 AND kind = $2`, [shopperId, kind]);
  const texts = () => count(`SELECT 1 FROM sms_messages WHERE phone = $1 AND body NOT LIKE '%code%'`, [PHONE]);
  const idOf = async (stocknum: string) =>
    ((await h.db.dataSource.query(`SELECT id FROM cars WHERE stocknum = $1`, [stocknum])) as [{ id: number }])[0].id;
  /** What the search-index processor does after indexing: queue the site's alert matching. */
  const match = async () => {
    const id = await producer.add('alertMatch', { siteId: h.fixture.siteId });
    await eventually(
      async () => (await producer.queue('alertMatch').getJob(id))?.getState(),
      (state) => state === 'completed',
      'the alert-match job',
    );
  };
  const delivered = () => count(`SELECT 1 FROM alert_messages WHERE status = 'delivered'`);
  const settle = async (expected: number) =>
    eventually(delivered, (n) => n >= expected, `${expected} alert messages delivered`);

  beforeAll(async () => {
    // No quiet hours on this site: these tests run at any hour (quiet hours have their own spec).
    h = await createSiteApiHarness('alerts', {
      siteConfig: { alerts: { sms_quiet_start: '00:00', sms_quiet_end: '00:00' } },
    });
    base = `/api/sites/${h.siteSlug}`;
    redis = new Redis(TEST_REDIS_URL);
    producer = new QueueProducer(redis, h.prefix);
    alerts = await startAlertWorkers({
      dataSource: h.db.dataSource,
      producer,
      redisUrl: TEST_REDIS_URL,
      prefix: h.prefix,
      linkSecret: DEVELOPMENT_ALERT_LINK_SECRET,
      relayIntervalMs: 50,
      deliveryBackoffMs: 50,
      maxPerDay: 100,
      schedule: false,
    });
    // Stock that is already there when the shopper arrives: never a 'new listing'.
    await h.load(dealer(), [car('OLD1', { make: 'Toyota', model: 'RAV4', price: 30000 })]);
    await match();
    cookie = await signIn(h, '0412 555 201', PHONE);
    [{ shopper_id: shopperId }] = (await h.db.dataSource.query(
      `SELECT id AS shopper_id FROM shoppers WHERE phone = $1`,
      [PHONE],
    )) as [{ shopper_id: string }];
  });

  afterAll(async () => {
    await alerts?.stop();
    await producer?.close();
    redis?.disconnect();
    await h?.close();
  });

  it('a new car matching a saved search alerts once by email and SMS; the same feed again alerts nothing', async () => {
    await h
      .http()
      .post(`${base}/saved-searches`)
      .set('Cookie', cookie)
      .send({
        criteria: { filters: { make_model: ['Toyota:RAV4'] }, ranges: { price: ':40000' } },
        page_path: '/search?menu%5Bmake_model%5D=Toyota%3ARAV4',
        channels: ['email', 'sms'],
        email: 'rav4.hunter@example.com',
      })
      .expect(201);
    const feed = [
      car('NEW1', { make: 'Toyota', model: 'RAV4', price: 36990, images: [{ url: '/media/demo/suv-1.svg' }] }),
      car('NEW2', { make: 'Toyota', model: 'RAV4', price: 45990 }), // over the price
      car('NEW3', { make: 'Mazda', model: 'CX-5', price: 30990 }), // another model
    ];
    await h.load(dealer(), feed);
    await match();
    expect(await alertsOf('new_match')).toBe(1);
    await settle(2);
    const [email] = (await h.db.dataSource.query(
      `SELECT subject, raw, recipients, lead_id FROM outbound_emails WHERE lead_id IS NULL`,
    )) as { subject: string; raw: string; recipients: string[]; lead_id: null }[];
    expect(email!.recipients).toEqual(['rav4.hunter@example.com']);
    expect(email!.subject).toMatch(/^New match for 'Toyota RAV4 under \$40,000': 2022 Toyota RAV4/);
    const headers = email!.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(
      /^List-Unsubscribe: <http:\/\/test-site-alerts\.localhost\/api\/sites\/test-site-alerts\/alerts\/unsubscribe\?token=/m,
    );
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(email!.raw).toContain('$36,990');
    expect(email!.raw).toContain('/media/demo/suv-1.svg');
    expect(await texts()).toBe(1);

    await h.load(dealer(), feed);
    await match();
    expect(await alertsOf('new_match')).toBe(1);
    expect(await count(`SELECT 1 FROM alert_messages`)).toBe(2);
  });

  it('a price drop on a followed car alerts; a higher price does not', async () => {
    const id = await idOf('OLD1');
    await h
      .http()
      .post(`${base}/follows`)
      .set('Cookie', cookie)
      .send({ car_id: id, channels: ['sms'] })
      .expect(200);
    await h.load(dealer(), [car('OLD1', { make: 'Toyota', model: 'RAV4', price: 31000 })]);
    await match();
    expect(await alertsOf('price_drop')).toBe(0);
    const before = await texts();
    await h.load(dealer(), [car('OLD1', { make: 'Toyota', model: 'RAV4', price: 28500 })]);
    await match();
    expect(await alertsOf('price_drop')).toBe(1);
    await settle(3);
    await eventually(texts, (n) => n === before + 1, 'the price-drop text');
    const [sms] = (await h.db.dataSource.query(
      `SELECT body FROM sms_messages WHERE phone = $1 ORDER BY created_at DESC LIMIT 1`,
      [PHONE],
    )) as [{ body: string }];
    expect(sms.body).toContain('Price drop');
    expect(sms.body).toContain('Now $28,500 (was $31,000)');
    expect(sms.body).toMatch(/^Test Motors: /);
    expect(sms.body).toMatch(/Opt out: http:\/\/test-site-alerts\.localhost\/unsubscribe\?token=\S+$/);
  });

  it('a followed car that sells alerts once', async () => {
    const sold = [
      car('OLD1', { make: 'Toyota', model: 'RAV4', price: 28500, status: 'sold', sold_date: new Date().toISOString() }),
    ];
    await h.load(dealer(), sold);
    await match();
    await h.load(dealer(), sold);
    await match();
    expect(await alertsOf('sold')).toBe(1);
    await settle(4);
  });

  it('the digest groups a day of matches into one message at the local morning hour', async () => {
    await h
      .http()
      .post(`${base}/saved-searches`)
      .set('Cookie', cookie)
      .send({
        name: 'Any Ford',
        criteria: { filters: { make: ['Ford'] } },
        page_path: '/search',
        frequency: 'digest',
        channels: ['sms'],
      })
      .expect(201);
    await h.load(dealer(), [
      car('F1', { make: 'Ford', model: 'Ranger' }),
      car('F2', { make: 'Ford', model: 'Everest' }),
    ]);
    await match();
    expect(await count(`SELECT 1 FROM shopper_alerts WHERE status = 'digest'`)).toBe(2);
    // Not yet: the morning hour of the day they arrived has not come.
    expect(
      await new AlertDispatcher(h.db.dataSource, { now: () => new Date(Date.now() - 24 * 3600_000) }).dispatchDigests(),
    ).toBe(0);
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    expect(await new AlertDispatcher(h.db.dataSource, { now: () => tomorrow }).dispatchDigests()).toBe(1);
    const [digest] = (await h.db.dataSource.query(`SELECT alert_ids FROM alert_messages WHERE digest`)) as {
      alert_ids: string[];
    }[];
    expect(digest!.alert_ids).toHaveLength(2);
    await alerts.relay();
    await settle(5);
    const [sms] = (await h.db.dataSource.query(
      `SELECT body FROM sms_messages WHERE phone = $1 ORDER BY created_at DESC LIMIT 1`,
      [PHONE],
    )) as [{ body: string }];
    expect(sms.body).toContain('2 updates on your saved searches and cars today');
  });

  it('keeps to the daily limit: a pass with room sends its alerts as one notification; past it they are capped', async () => {
    const before = await count(`SELECT 1 FROM alert_messages`);
    await h.db.dataSource.query(`UPDATE saved_searches SET frequency = 'instant' WHERE name = 'Any Ford'`);
    // Matched without the worker's own dispatch, so this test's limit decides.
    await h.load(dealer(), [car('F3', { make: 'Ford', model: 'Puma' }), car('F4', { make: 'Ford', model: 'Focus' })]);
    await alerts.matcher.run(h.fixture.siteId);
    const today = await count(`SELECT DISTINCT notification_id FROM alert_messages`);
    expect(await new AlertDispatcher(h.db.dataSource, { maxPerDay: today + 1 }).dispatchInstant()).toBe(1);
    expect(await count(`SELECT 1 FROM alert_messages`)).toBe(before + 1);
    const [grouped] = (await h.db.dataSource.query(
      `SELECT alert_ids FROM alert_messages ORDER BY created_at DESC LIMIT 1`,
    )) as [{ alert_ids: string[] }];
    expect(grouped.alert_ids).toHaveLength(2);

    await h.load(dealer(), [car('F5', { make: 'Ford', model: 'Mustang' })]);
    await alerts.matcher.run(h.fixture.siteId);
    expect(await new AlertDispatcher(h.db.dataSource, { maxPerDay: today + 1 }).dispatchInstant()).toBe(0);
    expect(await count(`SELECT 1 FROM shopper_alerts WHERE status = 'capped'`)).toBe(1);
    expect(await count(`SELECT 1 FROM alert_messages`)).toBe(before + 1);
    await alerts.relay();
  });

  it('the unsubscribe link works without a session and stops further messages', async () => {
    const [email] = (await h.db.dataSource.query(`SELECT raw FROM outbound_emails WHERE lead_id IS NULL LIMIT 1`)) as [
      { raw: string },
    ];
    const url = new URL(/^List-Unsubscribe: <([^>]+)>/m.exec(email.raw.replace(/\r?\n[ \t]+/g, ' '))![1]!);
    await h
      .http()
      .post(`${url.pathname}${url.search}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200, { unsubscribed: true });
    const before = await count(`SELECT 1 FROM shopper_alerts WHERE kind = 'new_match'`);
    await h.load(dealer(), [car('NEW9', { make: 'Toyota', model: 'RAV4', price: 29990 })]);
    await match();
    expect(await count(`SELECT 1 FROM shopper_alerts WHERE kind = 'new_match'`)).toBe(before);
    const list = await h.http().get(`${base}/saved-searches`).set('Cookie', cookie).expect(200);
    const rav4 = list.body.saved_searches.find((s: { name: string }) => s.name.startsWith('Toyota RAV4'));
    expect(rav4).toMatchObject({ paused: true, new_matches: 1 });
  });

  it("stores a day's allowance of a search's new matches and counts the rest, which the watchlist shows until seen", async () => {
    await h
      .http()
      .post(`${base}/saved-searches`)
      .set('Cookie', cookie)
      .send({ name: 'Any Kia', criteria: { filters: { make: ['Kia'] } }, page_path: '/search', channels: ['sms'] })
      .expect(201);
    await h.load(
      dealer(),
      ['K1', 'K2', 'K3', 'K4', 'K5'].map((stocknum) => car(stocknum, { make: 'Kia', model: 'Sportage' })),
    );
    // A matcher whose daily allowance is 2: two matches become alerts, three are counted.
    expect(await new AlertMatcher(h.db.dataSource, { maxPerDay: 2 }).run(h.fixture.siteId)).toMatchObject({
      alerts: 2,
      counted: 3,
    });
    const kia = async () =>
      (
        (await h.http().get(`${base}/saved-searches`).set('Cookie', cookie).expect(200)).body.saved_searches as {
          name: string;
          new_matches: number;
        }[]
      ).find((search) => search.name === 'Any Kia');
    expect(
      await count(
        `SELECT 1 FROM shopper_alerts a JOIN saved_searches s ON s.id = a.saved_search_id WHERE s.name = 'Any Kia'`,
      ),
    ).toBe(2);
    expect(await kia()).toMatchObject({ new_matches: 5 });

    // Later the same day the allowance is spent: a sixth match is counted only.
    await h.load(dealer(), [car('K6', { make: 'Kia', model: 'Seltos' })]);
    expect(await new AlertMatcher(h.db.dataSource, { maxPerDay: 2 }).run(h.fixture.siteId)).toMatchObject({
      alerts: 0,
      counted: 1,
    });
    expect(await kia()).toMatchObject({ new_matches: 6 });

    await h.http().post(`${base}/saved-searches/seen`).set('Cookie', cookie).expect(200);
    expect(await kia()).toMatchObject({ new_matches: 0 });
  });

  it('a suspended site makes no alerts and sends none it had waiting (issue 51); active again, it does', async () => {
    const db = h.db.dataSource;
    await h
      .http()
      .post(`${base}/saved-searches`)
      .set('Cookie', cookie)
      .send({
        criteria: { filters: { make_model: ['Honda:Jazz'] } },
        page_path: '/search?menu%5Bmake_model%5D=Honda%3AJazz',
        channels: ['email'],
        email: 'jazz.hunter@example.com',
      })
      .expect(201);
    const jazzAlerts = () =>
      count(
        `SELECT 1 FROM shopper_alerts a JOIN saved_searches s ON s.id = a.saved_search_id
         WHERE a.kind = 'new_match' AND s.criteria::text LIKE '%Honda:Jazz%'`,
      );
    await db.query(`UPDATE sites SET status = 'suspended' WHERE id = $1`, [h.fixture.siteId]);
    try {
      // A car the search matches arrives while the site is suspended: no alert, now or later.
      await h.load(dealer(), [car('SUS1', { make: 'Honda', model: 'Jazz', price: 21990 })]);
      expect(await new AlertMatcher(db).run(h.fixture.siteId)).toMatchObject({ alerts: 0, counted: 0 });
      expect(await jazzAlerts()).toBe(0);
    } finally {
      await db.query(`UPDATE sites SET status = 'active' WHERE id = $1`, [h.fixture.siteId]);
    }
    // Active again: a later match alerts as ever (SUS1's change was seen, so it never alerts late).
    await h.load(dealer(), [
      car('SUS1', { make: 'Honda', model: 'Jazz', price: 21990 }),
      car('SUS2', { make: 'Honda', model: 'Jazz', price: 22990 }),
    ]);
    expect(await new AlertMatcher(db).run(h.fixture.siteId)).toMatchObject({ alerts: 1 });
    expect(await jazzAlerts()).toBe(1);

    // Its alert waits while the site is suspended again: the dispatcher makes no message of it.
    const pending = () =>
      count(`SELECT 1 FROM shopper_alerts WHERE status = 'pending' AND site_id = $1`, [h.fixture.siteId]);
    const waiting = await pending();
    expect(waiting).toBeGreaterThanOrEqual(1);
    await db.query(`UPDATE sites SET status = 'suspended' WHERE id = $1`, [h.fixture.siteId]);
    try {
      expect(await new AlertDispatcher(db, { maxPerDay: 100 }).dispatchInstant()).toBe(0);
      expect(await pending()).toBe(waiting);
    } finally {
      await db.query(`UPDATE sites SET status = 'active' WHERE id = $1`, [h.fixture.siteId]);
    }
    expect(await new AlertDispatcher(db, { maxPerDay: 100 }).dispatchInstant()).toBeGreaterThanOrEqual(1);
    expect(await pending()).toBe(0);
  });
});
