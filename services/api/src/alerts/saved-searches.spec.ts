import fc from 'fast-check';
import { unsubscribeToken, DEVELOPMENT_ALERT_LINK_SECRET } from '@platform/leads';
import { feedCar as car } from '@platform/testing';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';
import { signIn } from '../testing/sign-in';

/** As a browser sends it: a lone surrogate becomes U+FFFD (encodeURIComponent throws on one). */
const wellFormed = (text: string): string => Buffer.from(text, 'utf8').toString('utf8');

describe('saved searches and follows API (real PostgreSQL and Redis)', () => {
  let h: SiteApiHarness;
  let cookie: string;
  let base: string;
  const ids: Record<string, number> = {};
  const criteria = {
    filters: { car_type: ['used'], make_model: ['Toyota:RAV4'], state: ['VIC'] },
    ranges: { price: ':40000' },
  };

  beforeAll(async () => {
    h = await createSiteApiHarness('savedsearch');
    base = `/api/sites/${h.siteSlug}`;
    await h.load(h.fixture.north.id, [car('F1', { make: 'Toyota', model: 'RAV4', price: 35000 })]);
    for (const row of (await h.db.dataSource.query(`SELECT id, stocknum FROM cars`)) as {
      id: number;
      stocknum: string;
    }[])
      ids[row.stocknum] = row.id;
    cookie = await signIn(h, '0412 555 101', '+61412555101');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('needs sign-in on this site', async () => {
    const res = await h.http().post(`${base}/saved-searches`).send({ criteria, page_path: '/search' }).expect(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    await h.http().get(`${base}/saved-searches`).expect(401);
    await h.http().get(`/api/sites/another-site/saved-searches`).set('Cookie', cookie).expect(401);
  });

  it('saves a search with a readable default name, lists, renames, pauses and deletes it', async () => {
    const saved = await h
      .http()
      .post(`${base}/saved-searches`)
      .set('Cookie', cookie)
      .send({
        criteria,
        page_path: '/search/used?refinementList%5Bstate%5D%5B0%5D=VIC',
        channels: ['sms', 'email'],
        email: 'shopper@example.com',
      })
      .expect(201);
    const search = saved.body.saved_search;
    expect(search).toMatchObject({
      name: 'Used Toyota RAV4 under $40,000 in VIC',
      channels: ['email', 'sms'],
      frequency: 'instant',
      paused: false,
      has_email: true,
      new_matches: 0,
    });
    expect(JSON.stringify(saved.body)).not.toContain('shopper@example.com');
    const [row] = (await h.db.dataSource.query(`SELECT selective_keys FROM saved_searches WHERE id = $1`, [
      search.id,
    ])) as [{ selective_keys: string[] }];
    expect(row.selective_keys).toEqual(['make_model=Toyota:RAV4']);

    const list = await h.http().get(`${base}/saved-searches`).set('Cookie', cookie).expect(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body.saved_searches.map((s: { id: string }) => s.id)).toEqual([search.id]);

    const renamed = await h
      .http()
      .patch(`${base}/saved-searches/${search.id}`)
      .set('Cookie', cookie)
      .send({ name: 'My RAV4', paused: true })
      .expect(200);
    // Pausing withdraws every channel's consent: turning alerts on again is ticking them again.
    expect(renamed.body.saved_search).toMatchObject({ name: 'My RAV4', paused: true, channels: [], consents: [] });

    const other = await signIn(h, '0412 555 102', '+61412555102');
    await h
      .http()
      .patch(`${base}/saved-searches/${search.id}`)
      .set('Cookie', other)
      .send({ channels: ['sms'] })
      .expect(404);
    await h.http().delete(`${base}/saved-searches/${search.id}`).set('Cookie', other).expect(404);
    await h.http().delete(`${base}/saved-searches/${search.id}`).set('Cookie', cookie).expect(204);
    await h.http().delete(`${base}/saved-searches/${search.id}`).set('Cookie', cookie).expect(404);
  });

  it('refuses bad input naming the field, never a 5xx', async () => {
    const cases: [object, string][] = [
      [{ criteria, page_path: 'https://evil.example/' }, 'page_path'],
      [{ criteria: { filters: { price: ['1'] } }, page_path: '/search' }, 'criteria.filters.price'],
      [{ criteria, page_path: '/search', channels: ['email'] }, 'email'],
      [{ criteria, page_path: '/search', channels: ['fax'] }, 'channels.0'],
      [{ criteria, page_path: '/search', name: 'x'.repeat(101) }, 'name'],
    ];
    for (const [body, path] of cases) {
      const res = await h.http().post(`${base}/saved-searches`).set('Cookie', cookie).send(body).expect(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    await h.http().patch(`${base}/saved-searches/not-a-uuid`).set('Cookie', cookie).send({ paused: true }).expect(400);
    await h
      .http()
      .patch(`${base}/saved-searches/00000000-0000-4000-8000-000000000000`)
      .set('Cookie', cookie)
      .send({})
      .expect(400);
  });

  it('answers hostile input with problem details, never a 5xx (signed in)', async () => {
    const hostile = fc.oneof(
      fc.constantFrom(
        '\u0000',
        '\ud800',
        '__proto__',
        'constructor',
        '2147483648',
        '99999999999',
        -1,
        1.5,
        null,
        true,
        '9:1',
        '//evil',
        'x'.repeat(300),
      ),
      fc.string({ maxLength: 30 }),
      fc.integer(),
      fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 12 }), fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }), {
        maxKeys: 3,
      }),
    );
    const body = (fields: string[]) =>
      fc.record(Object.fromEntries(fields.map((f) => [f, hostile])), { requiredKeys: [] });
    const check = (res: { status: number; headers: Record<string, string> }) => {
      expect(res.status).toBeLessThan(500);
      if (res.status >= 400) expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    };
    await fc.assert(
      fc.asyncProperty(
        body(['name', 'criteria', 'page_path', 'channels', 'frequency', 'email']),
        body(['filters', 'ranges', 'query', 'sortBy']),
        hostile,
        async (save, criteria, raw) => {
          const token = typeof raw === 'object' && raw !== null ? JSON.stringify(raw) : String(raw);
          check(
            await h
              .http()
              .post(`${base}/saved-searches`)
              .set('Cookie', cookie)
              .send({ ...save, criteria, page_path: '/search' }),
          );
          check(await h.http().post(`${base}/saved-searches`).set('Cookie', cookie).send(save));
          check(
            await h
              .http()
              .patch(`${base}/saved-searches/${encodeURIComponent(wellFormed(token))}`)
              .set('Cookie', cookie)
              .send(save),
          );
          check(
            await h
              .http()
              .post(`${base}/follows`)
              .set('Cookie', cookie)
              .send({ car_id: token, channels: save['channels'] }),
          );
          check(await h.http().get(`${base}/alerts/unsubscribe`).query({ token }));
          check(await h.http().delete(`${base}/follows/${ids.F1}`).set('Cookie', cookie).query({ source: token }));
          check(
            await h
              .http()
              .post(`${base}/follows`)
              .set('Cookie', cookie)
              .send({ car_id: ids.F1, channels: ['sms'], source: raw, [token.slice(0, 40)]: raw }),
          );
        },
      ),
      { numRuns: 15, endOnFailure: true },
    );
    // Whatever was accepted stays within the per-shopper limit, and is cleaned up for the next tests.
    await h.db.dataSource.query(`DELETE FROM saved_searches`);
  });

  it('follows and unfollows a car; the car stays saved', async () => {
    await h
      .http()
      .post(`${base}/follows`)
      .set('Cookie', cookie)
      .send({ car_id: 999999, channels: ['sms'] })
      .expect(404);
    expect(
      (
        await h
          .http()
          .post(`${base}/follows`)
          .set('Cookie', cookie)
          .send({ car_id: ids.F1, frequency: 'digest', channels: ['sms'] })
          .expect(200)
      ).body,
    ).toEqual({ following: true });
    expect((await h.http().get(`${base}/follows/${ids.F1}`).set('Cookie', cookie).expect(200)).body).toEqual({
      following: true,
      saved: true,
    });
    await h
      .http()
      .delete(`${base}/follows/${ids.F1}`)
      .query({ source: 'vehicle_page' })
      .set('Cookie', cookie)
      .expect(200);
    expect(
      await h.db.dataSource.query(`SELECT channel, withdrawn_source FROM alert_consents WHERE car_id = $1`, [ids.F1]),
    ).toEqual([{ channel: 'sms', withdrawn_source: 'vehicle_page' }]);
    await h.http().delete(`${base}/follows/${ids.F1}`).query({ source: 'elsewhere' }).set('Cookie', cookie).expect(400);
    expect((await h.http().get(`${base}/follows/${ids.F1}`).set('Cookie', cookie).expect(200)).body).toEqual({
      following: false,
      saved: true,
    });
  });

  it('unsubscribes with a signed link and no session; a forged link is refused', async () => {
    const saved = await h
      .http()
      .post(`${base}/saved-searches`)
      .set('Cookie', cookie)
      .send({ criteria, page_path: '/search', channels: ['sms'] })
      .expect(201);
    const id = saved.body.saved_search.id as string;
    const [{ shopper_id }] = (await h.db.dataSource.query(`SELECT shopper_id FROM saved_searches WHERE id = $1`, [
      id,
    ])) as [{ shopper_id: string }];
    const token = unsubscribeToken(DEVELOPMENT_ALERT_LINK_SECRET, { shopperId: shopper_id, kind: 'search', id });
    const described = await h.http().get(`${base}/alerts/unsubscribe`).query({ token }).expect(200);
    expect(described.body).toEqual({
      kind: 'saved_search',
      name: 'Used Toyota RAV4 under $40,000 in VIC',
      active: true,
    });
    // RFC 8058: the mail client POSTs 'List-Unsubscribe=One-Click' form-encoded to the link.
    await h
      .http()
      .post(`${base}/alerts/unsubscribe?token=${encodeURIComponent(token)}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200, { unsubscribed: true });
    expect((await h.http().get(`${base}/alerts/unsubscribe`).query({ token }).expect(200)).body.active).toBe(false);
    const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    await h.http().post(`${base}/alerts/unsubscribe`).query({ token: forged }).expect(400);
    await h.http().post(`${base}/alerts/unsubscribe`).expect(400);
    await h
      .http()
      .get(`${base}/alerts/unsubscribe`)
      .query({ token: 'x'.repeat(500) })
      .expect(400);
  });

  it("deleting the shopper's account deletes their saved searches", async () => {
    const [{ shopper_id }] = (await h.db.dataSource.query(`SELECT shopper_id FROM saved_searches LIMIT 1`)) as [
      { shopper_id: string },
    ];
    await h.db.dataSource.query(`DELETE FROM shoppers WHERE id = $1`, [shopper_id]);
    const [{ n }] = (await h.db.dataSource.query(
      `SELECT count(*)::int AS n FROM saved_searches WHERE shopper_id = $1`,
      [shopper_id],
    )) as [{ n: number }];
    expect(n).toBe(0);
  });
});
