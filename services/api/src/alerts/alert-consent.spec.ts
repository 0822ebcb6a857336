import fc from 'fast-check';
import Redis from 'ioredis';
import { DateTime } from 'luxon';
import { alertConsentWording, selectiveKeys, SavedSearchCriteriaSchema } from '@platform/domain';
import { DEVELOPMENT_ALERT_LINK_SECRET, startAlertWorkers, unsubscribeToken, type AlertWorkers } from '@platform/leads';
import { QueueProducer } from '@platform/queues';
import { eventually, feedCar as car, TEST_REDIS_URL } from '@platform/testing';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';
import { signIn } from '../testing/sign-in';

/**
 * Consent, grouping and quiet hours of shopper alerts (issue 43), end to end: the real api, feeds
 * through the ingest and indexer, the alert workers on BullMQ with an injected clock, and the
 * development SMS and mail stores. The site keeps its default quiet hours (21:00-08:00).
 */
describe('alert consent, grouping and quiet hours (real PostgreSQL, Redis and BullMQ workers)', () => {
  let h: SiteApiHarness;
  let alerts: AlertWorkers;
  let producer: QueueProducer;
  let redis: Redis;
  let cookie: string;
  let shopperId: string;
  let base: string;
  let zone: string;
  /** The workers' clock: local noon unless a test moves it. */
  let clock: Date;
  const PHONE = '+61412555301';
  const dealer = () => h.fixture.north.id;
  const db = () => h.db.dataSource;

  const count = async (sql: string, params: unknown[] = []): Promise<number> =>
    ((await db().query(`SELECT count(*)::int AS n FROM (${sql}) x`, params)) as [{ n: number }])[0].n;
  const texts = () => count(`SELECT 1 FROM sms_messages WHERE phone = $1 AND body NOT LIKE '%code%'`, [PHONE]);
  const lastText = async () =>
    (
      (await db().query(`SELECT body FROM sms_messages WHERE phone = $1 ORDER BY created_at DESC LIMIT 1`, [
        PHONE,
      ])) as [{ body: string }]
    )[0].body;
  /** The search indexer's follow-up: the site's alert matching, as a job on the real queue. */
  const match = async () => {
    const id = await producer.add('alertMatch', { siteId: h.fixture.siteId });
    await eventually(
      async () => (await producer.queue('alertMatch').getJob(id))?.getState(),
      (state) => state === 'completed',
      'the alert-match job',
    );
  };
  /** Every message due now has been handled (delivered, or withdrawn for want of consent). */
  const settled = () =>
    eventually(
      () =>
        count(
          `SELECT 1 FROM alert_messages WHERE status = 'queued' OR (status = 'pending' AND (send_after IS NULL OR send_after <= $1))`,
          [clock.toISOString()],
        ),
      (n) => n === 0,
      'alert messages handled',
    );
  const save = (body: Record<string, unknown>) =>
    h.http().post(`${base}/saved-searches`).set('Cookie', cookie).send(body).expect(201);

  beforeAll(async () => {
    h = await createSiteApiHarness('consent');
    base = `/api/sites/${h.siteSlug}`;
    [{ time_zone: zone }] = (await h.db.dataSource.query(`SELECT time_zone FROM locations WHERE id = $1`, [
      h.fixture.north.primaryLocationId,
    ])) as [{ time_zone: string }];
    await h.db.dataSource.query(`UPDATE locations SET phone = '07 3000 0000' WHERE id = $1`, [
      h.fixture.north.primaryLocationId,
    ]);
    clock = DateTime.now().setZone(zone).set({ hour: 12, minute: 0, second: 0, millisecond: 0 }).toJSDate();
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
      now: () => clock,
    });
    await h.load(dealer(), [car('OLD1', { make: 'Toyota', model: 'Corolla', price: 20000 })]);
    await match();
    cookie = await signIn(h, '0412 555 301', PHONE);
    [{ id: shopperId }] = (await h.db.dataSource.query(`SELECT id FROM shoppers WHERE phone = $1`, [PHONE])) as [
      { id: string },
    ];
  });

  afterAll(async () => {
    await alerts?.stop();
    await producer?.close();
    redis?.disconnect();
    await h?.close();
  });

  it('stores each consent with the exact words shown, where and when; nothing is ticked by default', async () => {
    const quiet = await save({ name: 'No alerts', criteria: { filters: { make: ['Holden'] } }, page_path: '/search' });
    expect(quiet.body.saved_search).toMatchObject({ channels: [], paused: true, consents: [] });

    const saved = await save({
      criteria: { filters: { make_model: ['Toyota:Corolla'] } },
      page_path: '/search',
      channels: ['sms'],
    });
    const search = saved.body.saved_search as { id: string; consents: { channel: string; wording: string }[] };
    const wording = alertConsentWording('sms', 'saved_search', 'Test Motors');
    expect(search.consents).toEqual([{ channel: 'sms', wording, granted_at: expect.any(String) }]);
    const rows = (await db().query(
      `SELECT site_id, channel, subject, saved_search_id, car_id, wording, source, granted_at, withdrawn_at FROM alert_consents WHERE shopper_id = $1`,
      [shopperId],
    )) as Record<string, unknown>[];
    expect(rows).toEqual([
      {
        site_id: h.fixture.siteId,
        channel: 'sms',
        subject: 'saved_search',
        saved_search_id: search.id,
        car_id: null,
        wording,
        source: 'search_page',
        granted_at: expect.any(Date),
        withdrawn_at: null,
      },
    ]);

    // Saving a car asks for no alerts; following one asks for a channel.
    const [{ id: carId }] = (await db().query(`SELECT id FROM cars WHERE stocknum = 'OLD1'`)) as [{ id: number }];
    await h
      .http()
      .post('/api/watchlist/save-car')
      .set('Cookie', cookie)
      .send({ phone_number: '0412 555 301', car_id: carId })
      .expect(200);
    expect((await h.http().get(`${base}/follows/${carId}`).set('Cookie', cookie).expect(200)).body).toEqual({
      following: false,
      saved: true,
    });
    const refused = await h.http().post(`${base}/follows`).set('Cookie', cookie).send({ car_id: carId }).expect(400);
    expect(refused.body.errors.map((e: { path: string }) => e.path)).toEqual(['channels']);
    await h
      .http()
      .post(`${base}/follows`)
      .set('Cookie', cookie)
      .send({ car_id: carId, channels: ['sms'], source: 'watchlist' })
      .expect(200);
    const list = await h.http().get('/api/watchlist').set('Cookie', cookie).expect(200);
    expect(list.body.items[0]).toMatchObject({
      alerts: true,
      alert_channels: ['sms'],
      consents: [{ channel: 'sms', wording: alertConsentWording('sms', 'car', 'Test Motors') }],
    });
    expect(
      await count(`SELECT 1 FROM alert_consents WHERE subject = 'car' AND car_id = $1 AND source = 'watchlist'`, [
        carId,
      ]),
    ).toBe(1);
  });

  it('five matches in one run make one message, naming the dealer, the count and the search, with the opt-out', async () => {
    const before = await texts();
    await h.load(
      dealer(),
      ['C1', 'C2', 'C3', 'C4', 'C5'].map((stocknum, i) =>
        car(stocknum, { make: 'Toyota', model: 'Corolla', price: 25000 + i }),
      ),
    );
    await match();
    await settled();
    expect(await texts()).toBe(before + 1);
    const body = await lastText();
    expect(body).toMatch(
      /^Test Motors \(07 3000 0000\): 5 new cars match Toyota Corolla\. http:\/\/test-site-consent\.localhost\/search /,
    );
    expect(body).toMatch(/ Opt out: http:\/\/test-site-consent\.localhost\/unsubscribe\?token=\S+$/);
    expect(
      await count(
        `SELECT 1 FROM alert_messages m WHERE m.shopper_id = $1 AND m.channel = 'sms' AND cardinality(m.alert_ids) = 5`,
        [shopperId],
      ),
    ).toBe(1);
  });

  it('a text found in the quiet hours waits until 08:00 local the next morning, not before; email goes at once', async () => {
    await save({
      name: 'Any Mazda',
      criteria: { filters: { make: ['Mazda'] } },
      page_path: '/search?make=Mazda',
      channels: ['sms', 'email'],
      email: 'night.owl@example.com',
    });
    const night = DateTime.fromJSDate(clock, { zone }).set({ hour: 22, minute: 15 });
    clock = night.toJSDate();
    const textsBefore = await texts();
    const emailsBefore = await count(`SELECT 1 FROM outbound_emails WHERE 'night.owl@example.com' = ANY(recipients)`);
    await h.load(dealer(), [car('M1', { make: 'Mazda', model: 'CX-5' }), car('M2', { make: 'Mazda', model: 'CX-30' })]);
    await match();
    await settled();
    expect(await count(`SELECT 1 FROM outbound_emails WHERE 'night.owl@example.com' = ANY(recipients)`)).toBe(
      emailsBefore + 1,
    );
    const [held] = (await db().query(
      `SELECT send_after FROM alert_messages WHERE shopper_id = $1 AND channel = 'sms' AND status = 'pending'`,
      [shopperId],
    )) as { send_after: Date }[];
    const morning = night.plus({ days: 1 }).set({ hour: 8, minute: 0 });
    expect(held!.send_after.toISOString()).toBe(morning.toJSDate().toISOString());

    // A later pass of the same night joins the waiting text: the morning brings one.
    await h.load(dealer(), [car('M3', { make: 'Mazda', model: 'BT-50' })]);
    clock = night.plus({ hours: 3 }).toJSDate();
    await match();
    expect(
      await count(`SELECT 1 FROM alert_messages WHERE shopper_id = $1 AND channel = 'sms' AND status = 'pending'`, [
        shopperId,
      ]),
    ).toBe(1);

    clock = morning.minus({ minutes: 1 }).toJSDate();
    expect(await alerts.relay()).toBe(0);
    await settled();
    expect(await texts()).toBe(textsBefore);

    clock = morning.toJSDate();
    await eventually(texts, (n) => n === textsBefore + 1, 'the morning text');
    expect(await lastText()).toMatch(/^Test Motors \(07 3000 0000\): 3 new cars match Any Mazda\. /);
    clock = morning.set({ hour: 12 }).toJSDate();
  });

  it('turning alerts off on the watchlist stops them at once, even a text already waiting to go', async () => {
    const list = await h.http().get(`${base}/saved-searches`).set('Cookie', cookie).expect(200);
    const mazda = (list.body.saved_searches as { id: string; name: string }[]).find((s) => s.name === 'Any Mazda')!;
    // Found at night: the email went, the text waits for the morning when the shopper unticks.
    const night = DateTime.fromJSDate(clock, { zone }).set({ hour: 23, minute: 0 });
    clock = night.toJSDate();
    await h.load(dealer(), [car('M4', { make: 'Mazda', model: 'MX-5' })]);
    await match();
    await settled();
    expect(
      await count(`SELECT 1 FROM alert_messages WHERE shopper_id = $1 AND channel = 'sms' AND status = 'pending'`, [
        shopperId,
      ]),
    ).toBe(1);
    const textsBefore = await texts();
    const emailsBefore = await count(`SELECT 1 FROM outbound_emails WHERE 'night.owl@example.com' = ANY(recipients)`);
    const off = await h
      .http()
      .patch(`${base}/saved-searches/${mazda.id}`)
      .set('Cookie', cookie)
      .send({ channels: [] })
      .expect(200);
    expect(off.body.saved_search).toMatchObject({ paused: true, channels: [], consents: [] });
    expect(
      await count(
        `SELECT 1 FROM alert_consents WHERE saved_search_id = $1 AND withdrawn_at IS NOT NULL AND withdrawn_source = 'watchlist'`,
        [mazda.id],
      ),
    ).toBe(2);
    clock = night.plus({ days: 1 }).set({ hour: 8, minute: 0 }).toJSDate();
    await alerts.relay();
    await settled();
    expect(
      await count(`SELECT 1 FROM alert_messages WHERE shopper_id = $1 AND channel = 'sms' AND status = 'withdrawn'`, [
        shopperId,
      ]),
    ).toBe(1);
    clock = night.plus({ days: 1 }).set({ hour: 12 }).toJSDate();
    await h.load(dealer(), [car('M5', { make: 'Mazda', model: 'CX-9' })]);
    await match();
    await settled();
    expect(await texts()).toBe(textsBefore);
    expect(await count(`SELECT 1 FROM outbound_emails WHERE 'night.owl@example.com' = ANY(recipients)`)).toBe(
      emailsBefore,
    );
  });

  it('the unsubscribe link withdraws the consent at once: the next run sends nothing', async () => {
    const list = await h.http().get(`${base}/saved-searches`).set('Cookie', cookie).expect(200);
    const corolla = (list.body.saved_searches as { id: string; name: string }[]).find(
      (s) => s.name === 'Toyota Corolla',
    )!;
    const token = unsubscribeToken(DEVELOPMENT_ALERT_LINK_SECRET, { shopperId, kind: 'search', id: corolla.id });
    await h
      .http()
      .post(`${base}/alerts/unsubscribe?token=${encodeURIComponent(token)}`)
      .expect(200, { unsubscribed: true });
    expect(
      (await db().query(`SELECT withdrawn_source FROM alert_consents WHERE saved_search_id = $1`, [corolla.id])) as {
        withdrawn_source: string;
      }[],
    ).toEqual([{ withdrawn_source: 'unsubscribe_link' }]);
    const before = await texts();
    await h.load(dealer(), [car('C6', { make: 'Toyota', model: 'Corolla', price: 26000 })]);
    await match();
    await settled();
    expect(await texts()).toBe(before);
  });

  it('sends no alert by a channel without a live stored consent for it, whatever the saved searches say', async () => {
    const states = fc.record({
      // What the search's own channel list says (rows older than consent, or out of step) ...
      listed: fc.subarray(['email', 'sms'] as const),
      // ... and the consents actually stored: none, live, or withdrawn, per channel.
      email: fc.constantFrom('none', 'live', 'withdrawn'),
      sms: fc.constantFrom('none', 'live', 'withdrawn'),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(states, { minLength: 1, maxLength: 3 }), async (searches) => {
        run += 1;
        const make = `Prop${run}`;
        const criteria = SavedSearchCriteriaSchema.parse({ filters: { make: [make] } });
        const ids: string[] = [];
        for (const [i, state] of searches.entries()) {
          const [{ id }] = (await db().query(
            `INSERT INTO saved_searches (shopper_id, site_id, name, criteria, page_path, selective_keys, channels, email, paused)
             VALUES ($1, $2, $3, $4, '/search', $5, $6, 'prop@example.com', false) RETURNING id`,
            [
              shopperId,
              h.fixture.siteId,
              `${make} ${i}`,
              JSON.stringify(criteria),
              selectiveKeys(criteria),
              state.listed,
            ],
          )) as [{ id: string }];
          ids.push(id);
          for (const channel of ['email', 'sms'] as const) {
            if (state[channel] === 'none') continue;
            await db().query(
              `INSERT INTO alert_consents (shopper_id, site_id, channel, subject, saved_search_id, wording, source, withdrawn_at)
               VALUES ($1, $2, $3, 'saved_search', $4, $5, 'api', $6)`,
              [
                shopperId,
                h.fixture.siteId,
                channel,
                id,
                alertConsentWording(channel, 'saved_search', 'Test Motors'),
                state[channel] === 'withdrawn' ? new Date() : null,
              ],
            );
          }
        }
        await h.load(dealer(), [car(`P${run}`, { make, model: 'Any' })]);
        await match();
        await settled();
        const sent = (await db().query(
          `SELECT m.channel, a.saved_search_id FROM alert_messages m CROSS JOIN LATERAL unnest(m.alert_ids) AS x(id)
           JOIN shopper_alerts a ON a.id = x.id
           WHERE m.status = 'delivered' AND a.saved_search_id = ANY($1::uuid[])`,
          [ids],
        )) as { channel: 'email' | 'sms'; saved_search_id: string }[];
        for (const message of sent) {
          const state = searches[ids.indexOf(message.saved_search_id)]!;
          expect(state[message.channel]).toBe('live');
        }
        // And every search with a live consent for a channel it lists was told by it.
        for (const [i, state] of searches.entries())
          for (const channel of state.listed)
            if (state[channel] === 'live')
              expect(sent.some((m) => m.saved_search_id === ids[i] && m.channel === channel)).toBe(true);
      }),
      { numRuns: 12 },
    );
  });
});
