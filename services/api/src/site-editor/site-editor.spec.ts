import fc from 'fast-check';
import type request from 'supertest';
import { LayerDocumentSchema, resolveSiteConfig } from '@platform/domain';
import { signInDealer, type SignedInDealer } from '../testing/dealer-console';
import { anotherDealer, seedTemplatesAndBrands, type Json } from '../testing/onboarding';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

const OPS_TOKEN = 'test-ops-token-site-editor-0123456789';
const LAYER = '/api/dealer/site/layers/dealership:alpha-motors';
const SALES = 'geelong-mitsubishi-sales';

describe('site editor: drafts, preview, publish, history and rollback (real api, PostgreSQL)', () => {
  let api: SiteApiHarness;
  let owner: SignedInDealer;
  let secondOwner: SignedInDealer;
  let sales: SignedInDealer;
  let viewer: SignedInDealer;
  let stranger: SignedInDealer;
  const ops = (req: request.Test) => req.set('Authorization', `Bearer ${OPS_TOKEN}`);
  const sql = <T = Json>(query: string, params: unknown[] = []) =>
    api.db.dataSource.query(query, params) as Promise<T[]>;
  const siteConfig = async (preview?: string) => {
    const req = api.http().get('/api/sites/alpha-motors/config');
    if (preview) req.set('X-Config-Preview', preview);
    return (await req.expect(200)).body;
  };
  const saturday = (body: Json) =>
    body.locations.find((l: Json) => l.slug === SALES).department_hours.sales.find((d: Json) => d.weekday === 6)
      .formated_hours;
  const dealershipConfig = (body: Json) => body.dealerships.find((d: Json) => d.slug === 'alpha-motors').config;
  /** Everything the editor writes or reads back: what a refusal must leave as it was. */
  const everything = async () =>
    JSON.stringify([
      await sql(`SELECT config FROM dealerships ORDER BY id`),
      await sql(`SELECT * FROM location_hours ORDER BY location_id, department, weekday`),
      await sql(`SELECT * FROM location_special_hours ORDER BY id`),
      await sql(`SELECT layer, version, document FROM config_versions ORDER BY id`),
      await sql(`SELECT layer, author, document FROM config_drafts ORDER BY id`),
    ]);

  beforeAll(async () => {
    api = await createSiteApiHarness('site_editor', { env: { OPS_TOKEN, WEB_PORT: '3000' } });
    await seedTemplatesAndBrands(api);
    for (const slug of ['alpha-motors', 'bravo-motors'])
      await ops(api.http().post('/api/ops/onboarding')).send(anotherDealer(slug)).expect(201);
    owner = await signInDealer(api, OPS_TOKEN, 'olive@alpha.example', [{ dealership: 'alpha-motors', role: 'owner' }]);
    secondOwner = await signInDealer(api, OPS_TOKEN, 'otto@alpha.example', [
      { dealership: 'alpha-motors', role: 'owner' },
    ]);
    sales = await signInDealer(api, OPS_TOKEN, 'sam@alpha.example', [{ dealership: 'alpha-motors', role: 'sales' }]);
    viewer = await signInDealer(api, OPS_TOKEN, 'vic@alpha.example', [{ dealership: 'alpha-motors', role: 'viewer' }]);
    stranger = await signInDealer(api, OPS_TOKEN, 'bob@bravo.example', [{ dealership: 'bravo-motors', role: 'owner' }]);
  });

  afterAll(async () => {
    await api?.close();
  });

  it('an owner changes Saturday hours and adds a special with a banner: previewed, published, listed, rolled back', async () => {
    const layer = (await owner.get(LAYER).expect(200)).body;
    expect(layer).toMatchObject({
      layer: 'dealership:alpha-motors',
      version: 1,
      draft: null,
      permissions: { can_draft: true, can_publish: true },
    });
    expect(layer.locations.map((l: Json) => l.slug)).toContain(SALES);
    const before = await siteConfig();
    expect(saturday(before)).toBe('9am - 4pm');

    const document = structuredClone(layer.published);
    document.locations[SALES].hours.sales.saturday = { open: '08:00', close: '12:00' };
    document.config.marketing = {
      ...document.config.marketing,
      offers: [
        {
          id: 1,
          name: 'Run-out sale',
          manufacturer: null,
          model_name: null,
          description: ['Every 2026 Triton at run-out prices.'],
          disclaimer: 'While stocks last.',
          image: '/media/uploads/banner.jpg',
          image_alt: 'A row of Tritons',
          start: '2026-12-01',
          expiry: '2026-12-31',
        },
      ],
      banners: [{ image: '/media/uploads/banner.jpg', alt: 'Run-out sale', link: '/offers/1' }],
    };
    const draft = await owner.put(`${LAYER}/draft`, { base_version: 1, document }).expect(200);
    expect(draft.body).toMatchObject({ base_version: 1, author: 'User olive', stale: false });

    // The preview shows the draft to its holder alone; everyone else still sees version 1.
    const { url } = (await owner.post(`${LAYER}/preview`).expect(201)).body;
    const token = new URL(url).searchParams.get('token')!;
    expect(new URL(url).origin).toBe('http://alpha-motors.localhost:3000');
    const previewed = await api.http().get('/api/sites/alpha-motors/config').set('X-Config-Preview', token).expect(200);
    expect(previewed.headers['cache-control']).toBe('private, no-store');
    expect(saturday(previewed.body)).toBe('8am - 12pm');
    expect(dealershipConfig(previewed.body).marketing.offers[0].name).toBe('Run-out sale');
    expect(previewed.body.preview).toEqual({ author: 'User olive' });
    expect(saturday(await siteConfig())).toBe('9am - 4pm');
    expect(dealershipConfig(await siteConfig()).marketing.offers).toEqual([]);
    // Another site's pages never open this draft.
    await api
      .http()
      .get('/api/sites/bravo-motors/config')
      .set('X-Config-Preview', token)
      .expect(200)
      .expect((res) => {
        expect(res.body.preview).toBeNull();
      });

    const published = await owner.post(`${LAYER}/publish`).expect(201);
    expect(published.body).toMatchObject({ version: 2, author: 'User olive' });
    expect(published.body.changes).toEqual(
      expect.arrayContaining([
        { path: `locations."${SALES}".hours.sales.saturday.open`, before: '09:00', after: '08:00' },
        expect.objectContaining({ path: 'config.marketing.offers' }),
      ]),
    );
    const after = await siteConfig();
    expect(saturday(after)).toBe('8am - 12pm');
    expect(dealershipConfig(after).marketing.offers[0].name).toBe('Run-out sale');
    // The draft is gone, and with it the preview.
    expect((await owner.get(LAYER).expect(200)).body.draft).toBeNull();
    expect((await siteConfig(token)).preview).toBeNull();

    await owner.post(`${LAYER}/rollback`, { version: 1 }).expect(201);
    expect(saturday(await siteConfig())).toBe('9am - 4pm');
    const history = (await owner.get(`${LAYER}/history`).expect(200)).body.versions;
    expect(history.map((v: Json) => [v.version, v.author, v.note, v.rolled_back_to])).toEqual([
      [3, 'User olive', 'Rolled back to version 1', 1],
      [2, 'User olive', null, null],
      [1, 'Before the editor', 'As it was when the editor first opened it', null],
    ]);
  });

  it('sales draft and preview but cannot publish; viewers only read; another site’s owner sees nothing', async () => {
    const { version, published } = (await sales.get(LAYER).expect(200)).body;
    await sales.put(`${LAYER}/draft`, { base_version: version, document: published }).expect(200);
    await sales.post(`${LAYER}/preview`).expect(201);
    const refused = await sales.post(`${LAYER}/publish`).expect(403);
    expect(refused.body.detail).toContain("Your role is 'sales'");
    await sales.post(`${LAYER}/rollback`, { version: 1 }).expect(403);
    expect((await viewer.get(LAYER).expect(200)).body.permissions).toEqual({ can_draft: false, can_publish: false });
    await viewer.put(`${LAYER}/draft`, { base_version: version, document: published }).expect(403);
    for (const path of [LAYER, `${LAYER}/history`]) await stranger.get(path).expect(404);
    await stranger.put(`${LAYER}/draft`, { base_version: version, document: published }).expect(404);
    await stranger.post(`${LAYER}/publish`).expect(404);
    expect((await stranger.get('/api/dealer/site/layers').expect(200)).body.layers.map((l: Json) => l.layer)).toEqual([
      'site',
      'dealership:bravo-motors',
    ]);
    await sales.get('/api/dealer/site/layers/site').expect(404);
  });

  it('enforces who may do what on every endpoint, and a refusal changes nothing (property)', async () => {
    type Who = 'owner' | 'sales' | 'viewer' | 'stranger' | 'anonymous';
    const users: Record<Exclude<Who, 'anonymous'>, SignedInDealer> = { owner, sales, viewer, stranger };
    const actions = ['view', 'draft', 'discard', 'preview', 'publish', 'history', 'rollback'] as const;
    const writes = new Set(['draft', 'discard', 'preview', 'publish', 'rollback']);
    const publishes = new Set(['publish', 'rollback']);
    /** The status the rule gives, or null where the user may act (then any answer but 401/403 will do). */
    const expected = (who: Who, layer: string, action: (typeof actions)[number]): number | null => {
      if (who === 'anonymous') return 401;
      const mine =
        who === 'stranger'
          ? layer === 'dealership:bravo-motors' || layer === 'site'
          : layer === 'dealership:alpha-motors' || (layer === 'site' && who === 'owner');
      if (!mine) return 404;
      if (who === 'viewer' && writes.has(action)) return 403;
      if (who === 'sales' && publishes.has(action)) return 403;
      return null;
    };
    const { version, published } = (await owner.get(LAYER).expect(200)).body;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Who>('owner', 'sales', 'viewer', 'stranger', 'anonymous'),
        fc.constantFrom('dealership:alpha-motors', 'dealership:bravo-motors', 'site'),
        fc.constantFrom(...actions),
        async (who, layer, action) => {
          const base = `/api/dealer/site/layers/${layer}`;
          const client = who === 'anonymous' ? null : users[who];
          const send = (method: 'get' | 'put' | 'post' | 'del', path: string, body?: unknown): request.Test => {
            if (client) return method === 'get' || method === 'del' ? client[method](path) : client[method](path, body);
            const http = api.http();
            if (method === 'get') return http.get(path);
            if (method === 'del') return http.delete(path);
            return http[method](path).send(body as object);
          };
          const before = await everything();
          const res = await {
            view: () => send('get', base),
            history: () => send('get', `${base}/history`),
            draft: () => send('put', `${base}/draft`, { base_version: version, document: published }),
            discard: () => send('del', `${base}/draft`),
            preview: () => send('post', `${base}/preview`),
            publish: () => send('post', `${base}/publish`),
            rollback: () => send('post', `${base}/rollback`, { version: 1 }),
          }[action]();
          const rule = expected(who, layer, action);
          if (rule === null) expect([401, 403]).not.toContain(res.status);
          else {
            expect(res.status).toBe(rule);
            expect(await everything()).toBe(before);
          }
          // Leave no draft behind for the next case's publish.
          if (client && action === 'draft' && res.status === 200) await client.del(`${base}/draft`);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('takes any hostile document (keys such as __proto__, NUL and control characters, any values) without a 5xx; a refusal writes nothing, and another site is never touched (property)', async () => {
    const hostileKey = fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'a\u0000b',
      '\u0007',
      '\u202e',
      'x'.repeat(300),
      '',
    );
    const hostileValue = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constantFrom('javascript:alert(1)', '25:00', '\u0000', -1, 1e308, null),
    );
    const { version, published } = (await owner.get(LAYER).expect(200)).body;
    const bravo = JSON.stringify(
      await api
        .http()
        .get('/api/sites/bravo-motors/config')
        .expect(200)
        .then((r) => r.body),
    );
    // A valid document with a hostile key or value put somewhere in it: the root, a group, a location.
    const document = fc
      .record({
        at: fc.constantFrom<(string | null)[]>(
          [],
          ['config'],
          ['config', 'marketing'],
          ['config', 'wording'],
          ['locations', SALES],
          ['locations', SALES, 'hours', 'sales'],
        ),
        key: fc.oneof(hostileKey, fc.string({ maxLength: 8 })),
        value: hostileValue,
      })
      .map(({ at, key, value }) => {
        const doc = structuredClone(published);
        let node = doc;
        for (const part of at) node = node[part!] ??= {};
        Object.defineProperty(node, key, { value, enumerable: true, configurable: true, writable: true });
        return doc;
      });
    await fc.assert(
      fc.asyncProperty(document, async (doc) => {
        const before = await everything();
        const res = await owner
          .put(`${LAYER}/draft`)
          .set('Content-Type', 'application/json')
          .send(JSON.stringify({ base_version: version, document: doc }));
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) {
          expect(res.body.errors?.length ?? 0).toBeGreaterThan(0);
          expect(await everything()).toBe(before);
        } else await owner.del(`${LAYER}/draft`).expect(204);
      }),
      { numRuns: 60 },
    );
    expect(JSON.stringify((await api.http().get('/api/sites/bravo-motors/config').expect(200)).body)).toBe(bravo);
  });

  describe('refuses what the pages cannot show, naming the field, and applies nothing', () => {
    const cases: [string, (doc: Json) => void, string][] = [
      [
        'hours 25:00',
        (d) => (d.locations[SALES].hours.sales.monday = { open: '08:00', close: '25:00' }),
        `document.locations.${SALES}.hours.sales.monday`,
      ],
      [
        'close before open',
        (d) => (d.locations[SALES].hours.sales.monday = { open: '17:00', close: '09:00' }),
        `document.locations.${SALES}.hours.sales.monday`,
      ],
      [
        'an offer ending before it starts',
        (d) =>
          (d.config.marketing = {
            offers: [
              {
                id: 1,
                name: 'Late',
                manufacturer: null,
                model_name: null,
                description: [],
                disclaimer: '',
                image: null,
                image_alt: '',
                start: '2026-12-10',
                expiry: '2026-12-01',
              },
            ],
          }),
        'document.config.marketing.offers[0].expiry',
      ],
      [
        'a link to javascript:',
        (d) => (d.config.marketing = { banners: [{ image: '/a.jpg', alt: 'A', link: 'javascript:alert(1)' }] }),
        'document.config.marketing.banners.0.link',
      ],
      [
        'a setting only operators change',
        (d) => (d.config.theme = { primary_colour: '#ff0000' }),
        'document.config.theme.primary_colour',
      ],
      [
        'a location of another dealership',
        (d) => (d.locations['not-ours'] = d.locations[SALES]),
        'document.locations.not-ours',
      ],
    ];
    it.each(cases)('%s', async (_name, change, path) => {
      const { version, published } = (await owner.get(LAYER).expect(200)).body;
      const document = structuredClone(published);
      change(document);
      const before = await everything();
      const res = await owner.put(`${LAYER}/draft`, { base_version: version, document }).expect(400);
      expect(res.body.errors.map((e: Json) => e.path)).toContainEqual(expect.stringContaining(path));
      expect(await everything()).toBe(before);
    });
  });

  it('operators change any setting of any layer, but not a colour whose text fails contrast (WCAG AA)', async () => {
    const url = '/api/ops/site-editor/layers/site:alpha-motors';
    const { version, published } = (await ops(api.http().get(url)).expect(200)).body;
    const unreadable = {
      ...published,
      config: { ...published.config, theme: { primary_colour: '#ffff00', on_primary_colour: '#ffffff' } },
    };
    const before = await everything();
    const refused = await ops(api.http().put(`${url}/draft`))
      .send({ base_version: version, document: unreadable })
      .expect(400);
    expect(refused.body.errors).toContainEqual({
      path: 'document.config.theme.on_primary_colour',
      message: expect.stringContaining('4.5:1'),
    });
    expect(await everything()).toBe(before);
    const readable = {
      ...published,
      config: { ...published.config, theme: { primary_colour: '#1a3d6b', on_primary_colour: '#ffffff' } },
    };
    await ops(api.http().put(`${url}/draft`))
      .send({ base_version: version, document: readable })
      .expect(200);
    const done = await ops(api.http().post(`${url}/publish`)).expect(201);
    expect(done.body.author).toBe('Platform operations (ops token)');
    expect((await siteConfig()).config.theme.primary_colour).toBe('#1a3d6b');
  });

  it('refuses the second publish of a stale draft (409, with what changed meanwhile)', async () => {
    const { version, published } = (await owner.get(LAYER).expect(200)).body;
    const mine = structuredClone(published);
    mine.config.wording = { tagline: 'First' };
    const theirs = structuredClone(published);
    theirs.config.wording = { tagline: 'Second' };
    await owner.put(`${LAYER}/draft`, { base_version: version, document: mine }).expect(200);
    await secondOwner.put(`${LAYER}/draft`, { base_version: version, document: theirs }).expect(200);
    await owner.post(`${LAYER}/publish`).expect(201);
    const stale = await secondOwner.post(`${LAYER}/publish`).expect(409);
    expect(stale.body.changes).toEqual([{ path: 'config.wording.tagline', after: 'First' }]);
    expect((await secondOwner.get(LAYER).expect(200)).body.draft.stale).toBe(true);
    expect(dealershipConfig(await siteConfig()).wording.tagline).toBe('First');
    await secondOwner.del(`${LAYER}/draft`).expect(204);
  });

  it('records a change made outside the editor as its own version', async () => {
    const { version } = (await owner.get(LAYER).expect(200)).body;
    await sql(
      `UPDATE dealerships SET config = config || '{"wording": {"tagline": "By hand"}}' WHERE slug = 'alpha-motors'`,
    );
    const history = (await owner.get(`${LAYER}/history`).expect(200)).body.versions;
    expect(history[0]).toMatchObject({ version: version + 1, author: 'Outside the editor' });
    expect(history[0].changes).toEqual([{ path: 'config.wording.tagline', before: 'First', after: 'By hand' }]);
  });

  it('any sequence of drafts, publishes and rollbacks by two editors leaves a published version live, valid, with a complete history (property)', async () => {
    const editors = [owner, secondOwner];
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('draft' as const),
        who: fc.nat(1),
        tagline: fc.string({ maxLength: 20 }),
        from: fc.nat(3),
      }),
      fc.record({ kind: fc.constant('publish' as const), who: fc.nat(1) }),
      fc.record({ kind: fc.constant('rollback' as const), who: fc.nat(1), back: fc.nat(4) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const s of steps) {
          const editor = editors[s.who]!;
          const { version, published } = (await editor.get(LAYER).expect(200)).body;
          if (s.kind === 'draft') {
            const document = structuredClone(published);
            document.config.wording = { tagline: s.tagline };
            const res = await editor.put(`${LAYER}/draft`, { base_version: Math.max(1, version - s.from), document });
            expect([200]).toContain(res.status);
          } else if (s.kind === 'publish') {
            expect([201, 404, 409]).toContain((await editor.post(`${LAYER}/publish`)).status);
          } else {
            expect([201]).toContain(
              (await editor.post(`${LAYER}/rollback`, { version: Math.max(1, version - s.back) })).status,
            );
          }
        }
        const versions = await sql<{ version: number; document: Json }>(
          `SELECT version, document FROM config_versions WHERE layer = (SELECT 'dealership:' || id FROM dealerships WHERE slug = 'alpha-motors') ORDER BY version`,
        );
        expect(versions.map((v) => v.version)).toEqual(versions.map((_, i) => i + 1));
        const [live] = await sql<{ config: Json }>(`SELECT config FROM dealerships WHERE slug = 'alpha-motors'`);
        expect(versions.at(-1)!.document.config).toEqual(live!.config);
        expect(LayerDocumentSchema.safeParse(versions.at(-1)!.document).success).toBe(true);
        expect(() => resolveSiteConfig({ dealership: live!.config as never })).not.toThrow();
      }),
      { numRuns: 15 },
    );
  });
});
