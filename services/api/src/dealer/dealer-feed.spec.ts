import fc from 'fast-check';
import { createStockFixture, eventually, feedCar, type StockFixture } from '@platform/testing';
import { percent, signInDealer, type SignedInDealer } from '../testing/dealer-console';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

const OPS_TOKEN = 'test-ops-token-dealer-feed-0123456789';
const TEN = ['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9', 'F10'];

/** Feed health and feed keys in the dealer console, against real PostgreSQL, Redis and the stock workers. */
describe('Dealer console feed health (real PostgreSQL, Redis and stock workers)', () => {
  let api: SiteApiHarness;
  let other: StockFixture;
  let owner: SignedInDealer;
  let sales: SignedInDealer;
  let westOwner: SignedInDealer;
  const runs = { partial: '', held: '', west: '', otherSite: '' };

  const latestRun = async (dealershipId: number): Promise<string> => {
    const [row] = (await api.db.dataSource.query(
      `SELECT id FROM feed_runs WHERE dealership_id = $1 ORDER BY received_at DESC, id DESC LIMIT 1`,
      [dealershipId],
    )) as { id: string }[];
    return row!.id;
  };
  const status = async (id: string) =>
    ((await api.db.dataSource.query(`SELECT status FROM feed_runs WHERE id = $1`, [id])) as { status: string }[])[0]!
      .status;
  const audit = (subjectId: string) =>
    api.db.dataSource.query(`SELECT user_id AS actor, action FROM dealer_audit_log WHERE subject_id = $1 ORDER BY id`, [
      subjectId,
    ]) as Promise<{ actor: string; action: string }[]>;

  beforeAll(async () => {
    api = await createSiteApiHarness('dealerfeed', { env: { OPS_TOKEN } });
    other = await createStockFixture(api.db.dataSource, 'dealerfeed-other');
    await api.load(
      api.fixture.north.id,
      TEN.map((s) => feedCar(s)),
      'snapshot',
    );
    // Two rows refused (a price that is not a number, a year out of range): the run is partial.
    await api.load(api.fixture.north.id, [
      feedCar('F1', { price: 41000 }),
      feedCar('BAD1', { price: 'call us' }),
      feedCar('BAD2', { year: 1066 }),
    ]);
    runs.partial = await latestRun(api.fixture.north.id);
    // A snapshot of two cars would withdraw eight of ten: the guard holds it.
    await api.load(api.fixture.north.id, [feedCar('F1'), feedCar('F2')], 'snapshot');
    runs.held = await latestRun(api.fixture.north.id);
    await api.load(api.fixture.west.id, [feedCar('W1'), feedCar('WBAD', { price: 'x' })]);
    runs.west = await latestRun(api.fixture.west.id);
    await api.load(other.north.id, [feedCar('O1')]);
    runs.otherSite = await latestRun(other.north.id);
    owner = await signInDealer(api, OPS_TOKEN, 'olive@north.example', [
      { dealership: api.fixture.north.slug, role: 'owner' },
    ]);
    sales = await signInDealer(api, OPS_TOKEN, 'sid@north.example', [
      { dealership: api.fixture.north.slug, role: 'sales' },
    ]);
    westOwner = await signInDealer(api, OPS_TOKEN, 'wendy@west.example', [
      { dealership: api.fixture.west.slug, role: 'owner' },
    ]);
  });

  afterAll(async () => {
    await api?.close();
  });

  it("lists the runs of the user's dealerships only, newest first, with status and counts", async () => {
    const list = await sales.get('/api/dealer/feed/runs').expect(200);
    const listed = list.body.runs as { id: string; status: string; counts: Record<string, number> }[];
    expect(listed.map((run) => run.id)).toEqual(expect.arrayContaining([runs.partial, runs.held]));
    expect(listed.map((run) => run.id)).not.toContain(runs.west);
    expect(listed.map((run) => run.id)).not.toContain(runs.otherSite);
    expect(listed[0]).toMatchObject({ id: runs.held, status: 'held', mode: 'snapshot', counts: { received: 2 } });
    expect(listed.find((run) => run.id === runs.partial)).toMatchObject({
      status: 'partial',
      counts: { received: 3, rejected: 2 },
      errorCount: 2,
      dealership: { slug: api.fixture.north.slug },
    });
    await sales.get(`/api/dealer/feed/runs?dealership=${api.fixture.west.slug}`).expect(404);
  });

  it("shows a run's row errors (row, stocknum, field, message) and a held run's withdrawals", async () => {
    const partial = await sales.get(`/api/dealer/feed/runs/${runs.partial}`).expect(200);
    expect(partial.body.errors).toEqual([
      { row: 2, stocknum: 'BAD1', field: expect.stringMatching(/price/), message: expect.any(String) },
      { row: 3, stocknum: 'BAD2', field: expect.stringMatching(/year/), message: expect.any(String) },
    ]);
    expect(partial.body).toMatchObject({ held: null, can: { confirm: false, reject: false } });
    const held = await sales.get(`/api/dealer/feed/runs/${runs.held}`).expect(200);
    expect(held.body.detail).toMatch(/would withdraw 8 cars listed today/);
    expect(held.body.held.recorded).toBe(true);
    expect((held.body.held.withdrawals as { stocknum: string }[]).map((w) => w.stocknum).sort()).toEqual(
      TEN.filter((s) => s !== 'F1' && s !== 'F2').sort(),
    );
    expect(held.body.held.withdrawals[0]).toMatchObject({ title: expect.stringMatching(/Toyota Hilux/), live: true });
    // A salesperson sees the held run but may not decide it.
    expect(held.body.can).toEqual({ confirm: false, reject: false });
    const asOwner = await owner.get(`/api/dealer/feed/runs/${runs.held}`).expect(200);
    expect(asOwner.body.can).toEqual({ confirm: true, reject: true });
  });

  it('lets an owner, and only an owner, confirm a held snapshot: it is applied, audited, and a second confirm is 409', async () => {
    const refused = await sales.post(`/api/dealer/feed/runs/${runs.held}/confirm`).expect(403);
    expect(refused.body.detail).toMatch(/'sales'/);
    await api.http().post(`/api/dealer/feed/runs/${runs.held}/confirm`).set('Cookie', owner.cookie).expect(403);
    const [a, b] = await Promise.all([
      owner.post(`/api/dealer/feed/runs/${runs.held}/confirm`),
      owner.post(`/api/dealer/feed/runs/${runs.held}/reject`),
    ]);
    expect([a.status, b.status].sort()).toEqual([202, 409]);
    const confirmed = a.status === 202;
    expect(await audit(runs.held)).toEqual([
      { actor: owner.id, action: confirmed ? 'feed_run.confirmed' : 'feed_run.rejected' },
    ]);
    await eventually(
      () => status(runs.held),
      (s) => s === (confirmed ? 'succeeded' : 'failed'),
      'the held run decided',
    );
    const again = await owner.post(`/api/dealer/feed/runs/${runs.held}/confirm`).expect(409);
    expect(again.body.title).toBe('Feed run not held');
  });

  it('lets an owner reject a held snapshot: nothing is applied and the run says who rejected it', async () => {
    const live = async () =>
      (
        (await api.db.dataSource.query(
          `SELECT count(*)::int AS n FROM cars WHERE dealership_id = $1 AND withdrawn_at IS NULL AND status = 'in_stock'`,
          [api.fixture.north.id],
        )) as [{ n: number }]
      )[0].n;
    await api.load(api.fixture.north.id, [feedCar('NEW1')], 'snapshot');
    const held = await latestRun(api.fixture.north.id);
    expect(await status(held)).toBe('held');
    const before = await live();
    const rejected = await owner.post(`/api/dealer/feed/runs/${held}/reject`).expect(200);
    expect(rejected.body).toEqual({ id: held, status: 'failed' });
    expect(await live()).toBe(before);
    const detail = await owner.get(`/api/dealer/feed/runs/${held}`).expect(200);
    expect(detail.body.detail).toMatch(/^Rejected by User olive: the held snapshot was discarded/);
    expect(await audit(held)).toEqual([{ actor: owner.id, action: 'feed_run.rejected' }]);
  });

  it('offers only Reject on a held snapshot a later run overtook, in console words with the cars listed today; a rejected run reads as rejected', async () => {
    await api.load(api.fixture.north.id, [feedCar('ALONE1')], 'snapshot');
    const held = await latestRun(api.fixture.north.id);
    expect(await status(held)).toBe('held');
    const before = await owner.get(`/api/dealer/feed/runs/${held}`).expect(200);
    expect(before.body.can).toEqual({ confirm: true, reject: true });
    expect(before.body.detail).not.toContain('/api/ops');
    const listed = (before.body.held.withdrawals as { live: boolean }[]).filter((w) => w.live).length;
    expect(before.body.detail).toContain(`would withdraw ${listed} car${listed === 1 ? '' : 's'} listed today`);

    await api.load(api.fixture.north.id, [feedCar('LATER1')], 'delta');
    const later = await latestRun(api.fixture.north.id);
    expect(['succeeded', 'partial']).toContain(await status(later));
    const after = await owner.get(`/api/dealer/feed/runs/${held}`).expect(200);
    expect(after.body.can).toEqual({ confirm: false, reject: true });
    expect(after.body.held.laterRun).toMatchObject({ id: later });
    expect(after.body.detail).toMatch(/A later run has been applied since/);
    expect(after.body.detail).not.toContain('/api/ops');

    await owner.post(`/api/dealer/feed/runs/${held}/reject`).expect(200);
    const list = await owner.get('/api/dealer/feed/runs').expect(200);
    const rows = list.body.runs as { id: string; status: string; rejected: boolean }[];
    expect(rows.find((r) => r.id === held)).toMatchObject({ status: 'failed', rejected: true });
    expect(rows.find((r) => r.id === later)).toMatchObject({ rejected: false });
  });

  it('lets an owner create a key (the secret once), list keys without secrets, see its last use, and revoke it', async () => {
    await sales.get('/api/dealer/feed/keys').expect(403);
    await sales.post('/api/dealer/feed/keys', {}).expect(403);
    const created = await owner.post('/api/dealer/feed/keys', {}).expect(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      key: expect.stringMatching(/^fk_[A-Za-z0-9_-]{43}$/),
      dealership: { slug: api.fixture.north.slug },
    });
    const key = created.body.key as string;
    expect(created.body.prefix).toBe(key.slice(0, 9));
    const pushed = await api
      .http()
      .post(`/api/feeds/${api.fixture.north.slug}`)
      .set('Authorization', `Bearer ${key}`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify([feedCar('F1')]))
      .expect(202);
    expect(pushed.body.feedRunId).toEqual(expect.any(String));
    const listed = await owner.get('/api/dealer/feed/keys').expect(200);
    const mine = (listed.body.keys as Record<string, unknown>[]).find((k) => k['id'] === created.body.id)!;
    expect(mine).toEqual({
      id: created.body.id,
      prefix: created.body.prefix,
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      revokedAt: null,
      dealership: { slug: api.fixture.north.slug, name: 'North Motors' },
    });
    expect(JSON.stringify(listed.body)).not.toContain(key);
    // West's owner cannot see or revoke it: the same 404 as a key that does not exist.
    const unknown = await westOwner.del('/api/dealer/feed/keys/2147483647').expect(404);
    const others = await westOwner.del(`/api/dealer/feed/keys/${created.body.id}`).expect(404);
    expect({ ...others.body, instance: null }).toEqual({ ...unknown.body, instance: null });
    expect((await westOwner.get('/api/dealer/feed/keys').expect(200)).body.keys).toEqual([]);
    await sales.del(`/api/dealer/feed/keys/${created.body.id}`).expect(403);
    await owner.del(`/api/dealer/feed/keys/${created.body.id}`).expect(200, { id: created.body.id, revoked: true });
    await owner.del(`/api/dealer/feed/keys/${created.body.id}`).expect(404);
    await api
      .http()
      .post(`/api/feeds/${api.fixture.north.slug}`)
      .set('Authorization', `Bearer ${key}`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify([feedCar('F1')]))
      .expect(401);
    expect((await audit(String(created.body.id))).map((a) => a.action)).toEqual([
      'feed_key.created',
      'feed_key.revoked',
    ]);
    // An owner of one dealership may leave the dealership out; naming another's is as unknown.
    const named = await owner.post('/api/dealer/feed/keys', { dealership: api.fixture.west.slug }).expect(404);
    expect(named.body.detail).toBe(`You have no dealership '${api.fixture.west.slug}'.`);
  });

  it("answers another dealership's or another site's run or key exactly as an unknown id, on every endpoint (property)", async () => {
    const [otherKey] = (await api.db.dataSource.query(
      `INSERT INTO feed_keys (dealership_id, key_hash, key_prefix) VALUES ($1, 'h-other', 'fk_other') RETURNING id`,
      [other.north.id],
    )) as { id: number }[];
    const [northKey] = (await api.db.dataSource.query(
      `INSERT INTO feed_keys (dealership_id, key_hash, key_prefix) VALUES ($1, 'h-north', 'fk_north') RETURNING id`,
      [api.fixture.north.id],
    )) as { id: number }[];
    const northRuns = (
      (await api.db.dataSource.query(`SELECT id FROM feed_runs WHERE dealership_id = $1`, [api.fixture.north.id])) as {
        id: string;
      }[]
    ).map((r) => r.id);
    const unknownRun = '00000000-0000-4000-8000-000000000000';
    const runEndpoints = [
      (id: string) => westOwner.get(`/api/dealer/feed/runs/${id}`),
      (id: string) => westOwner.post(`/api/dealer/feed/runs/${id}/confirm`),
      (id: string) => westOwner.post(`/api/dealer/feed/runs/${id}/reject`),
    ];
    const same = (body: Record<string, unknown>) => ({ ...body, instance: null });
    const statuses = async () => api.db.dataSource.query(`SELECT id, status FROM feed_runs ORDER BY id`);
    const before = await statuses();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...runEndpoints),
        fc.constantFrom(...northRuns, runs.otherSite),
        fc.constantFrom(otherKey!.id, northKey!.id),
        async (endpoint, id, keyId) => {
          const expected = await endpoint(unknownRun);
          const answer = await endpoint(id);
          expect(answer.status).toBe(404);
          expect(same(answer.body)).toEqual(same(expected.body));
          const unknownKey = await westOwner.del('/api/dealer/feed/keys/2147483646');
          const key = await westOwner.del(`/api/dealer/feed/keys/${keyId}`);
          expect(key.status).toBe(404);
          expect(same(key.body)).toEqual(same(unknownKey.body));
        },
      ),
      { numRuns: 30 },
    );
    expect(await statuses()).toEqual(before);
    const keys = (await api.db.dataSource.query(
      `SELECT count(*)::int AS n FROM feed_keys WHERE id = ANY($1::int[]) AND revoked_at IS NULL`,
      [[otherKey!.id, northKey!.id]],
    )) as [{ n: number }];
    expect(keys[0].n).toBe(2);
  });

  it('never answers hostile query strings, ids or bodies with a 5xx, and names the field of a 400 (property)', async () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 120 }),
      fc.constantFrom(
        '__proto__',
        'constructor',
        '%00',
        '\u0000',
        '\ud800',
        "'; DROP TABLE feed_runs; --",
        '9'.repeat(400),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('dealership', 'limit', '__proto__', 'constructor'),
        hostile,
        hostile,
        async (key, value, rawId) => {
          const list = await owner.get(`/api/dealer/feed/runs?${percent(key)}=${percent(value)}`);
          expect(list.status).toBeLessThan(500);
          if (list.status === 400)
            expect((list.body.errors as { path: string }[])[0]!.path).toMatch(
              /^(query\.)?(dealership|limit|__proto__|constructor)$/,
            );
          for (const answer of [
            await owner.get(`/api/dealer/feed/runs/${percent(rawId)}`),
            await owner.post(`/api/dealer/feed/runs/${percent(rawId)}/confirm`),
            await owner.post(`/api/dealer/feed/runs/${percent(rawId)}/reject`),
            await owner.del(`/api/dealer/feed/keys/${percent(rawId)}`),
          ])
            expect(answer.status).toBeLessThan(500);
          const body = JSON.parse(
            `{"dealership":${JSON.stringify(value)},${JSON.stringify(rawId)}:{"__proto__":{"x":1}}}`,
          );
          const created = await sales.post('/api/dealer/feed/keys', body);
          expect(created.status).toBe(400);
          const paths = (created.body.errors as { path: string }[]).map((e) => e.path);
          expect(paths.some((path) => path === 'dealership' || path === rawId || path.startsWith('body.'))).toBe(true);
          expect(({} as Record<string, unknown>)['x']).toBeUndefined();
        },
      ),
      { numRuns: 40 },
    );
  });
});
