import fc from 'fast-check';
import { enquireAtNorth, signInDealer, type SignedInDealer } from '../testing/dealer-console';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

const OPS_TOKEN = 'test-ops-token-lead-bulk-0123456789';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/**
 * The inbox's date range, saved views, and bulk assign and close with undo (issue 53 item 4),
 * against real PostgreSQL through the real endpoints.
 */
describe('Lead inbox (real PostgreSQL): date range, saved views, bulk changes and undo', () => {
  let api: SiteApiHarness;
  let owner: SignedInDealer;
  let sales: SignedInDealer;
  let sue: SignedInDealer;
  let viewer: SignedInDealer;
  let westLead: string;

  beforeAll(async () => {
    api = await createSiteApiHarness('leadbulk', { env: { OPS_TOKEN, LEAD_SUBMIT_LIMIT_PER_MINUTE: '1000' } });
    const north = api.fixture.north.slug;
    owner = await signInDealer(api, OPS_TOKEN, 'olive@north.example', [{ dealership: north, role: 'owner' }]);
    sales = await signInDealer(api, OPS_TOKEN, 'sam@north.example', [{ dealership: north, role: 'sales' }]);
    sue = await signInDealer(api, OPS_TOKEN, 'sue@north.example', [{ dealership: north, role: 'sales' }]);
    viewer = await signInDealer(api, OPS_TOKEN, 'vic@north.example', [{ dealership: north, role: 'viewer' }]);
    const [west] = (await api.db.dataSource.query(
      `INSERT INTO leads (site_id, dealership_id, form, category, fields, user_data) VALUES ($1, $2, 'general', 'enquiry', '{}', '{}') RETURNING id, status`,
      [api.fixture.siteId, api.fixture.west.id],
    )) as { id: string }[];
    westLead = west!.id;
  });

  afterAll(async () => {
    await api?.close();
  });

  /** A shopper enquires through the real form endpoint: the lead's id. */
  const enquire = (name: string): Promise<string> => enquireAtNorth(api, name);
  const leadRow = async (id: string) =>
    (
      (await api.db.dataSource.query(
        `SELECT status, lost_reason, assigned_user_id, first_response_at FROM leads WHERE id = $1`,
        [id],
      )) as {
        status: string;
        lost_reason: string | null;
        assigned_user_id: string | null;
        first_response_at: Date | null;
      }[]
    )[0]!;
  const zone = async () =>
    (
      (await api.db.dataSource.query(
        `SELECT time_zone FROM locations WHERE dealership_id = $1 ORDER BY "primary" DESC, id LIMIT 1`,
        [api.fixture.north.id],
      )) as { time_zone: string }[]
    )[0]?.time_zone ?? 'Australia/Sydney';

  describe('a date range of the dealership’s calendar days', () => {
    it('takes a lead at the first and the last instant of the range on the dealership’s clock, and none outside', async () => {
      const tz = await zone();
      // Midnight at the start of 1 March and the last microsecond of 2 March, on the dealership's clock.
      const [edges] = (await api.db.dataSource.query(
        `SELECT ('2026-03-01'::timestamp AT TIME ZONE $1) AS first, ('2026-03-03'::timestamp AT TIME ZONE $1) AS after`,
        [tz],
      )) as { first: Date; after: Date }[];
      const at = async (name: string, when: Date) => {
        const id = await enquire(name);
        await api.db.dataSource.query(`UPDATE leads SET created_at = $2 WHERE id = $1`, [id, when]);
        return id;
      };
      const before = await at('Range Before', new Date(edges!.first.getTime() - 1));
      const first = await at('Range First', edges!.first);
      const last = await at('Range Last', new Date(edges!.after.getTime() - 1));
      const afterwards = await at('Range After', edges!.after);
      const ids = (body: { leads: { id: string }[] }) => body.leads.map((lead) => lead.id).sort();

      const listed = await owner.get('/api/dealer/leads?from=2026-03-01&to=2026-03-02').expect(200);
      expect(ids(listed.body)).toEqual([first, last].sort());
      expect(ids((await owner.get('/api/dealer/leads?from=2026-03-03').expect(200)).body)).toContain(afterwards);
      expect(ids((await owner.get('/api/dealer/leads?to=2026-02-28').expect(200)).body)).toContain(before);
      expect(ids((await owner.get('/api/dealer/leads?to=2026-02-28').expect(200)).body)).not.toContain(first);
      const counts = await owner.get('/api/dealer/leads/views?from=2026-03-01&to=2026-03-02').expect(200);
      expect(counts.body.views.all).toBe(2);
      const csv = await owner
        .get('/api/dealer/leads.csv?from=2026-03-01&to=2026-03-02')
        .buffer(true)
        .parse((res, done) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => done(null, body));
        })
        .expect(200);
      const rows = (csv.body as string).slice(1).split('\r\n').filter(Boolean);
      expect(rows).toHaveLength(3);
      // Received, in the dealership's wall-clock time: the range's first minute and its last.
      expect(rows.slice(1).map((row) => row.slice(1, 17))).toEqual(['2026-03-02 23:59', '2026-03-01 00:00']);
      // An empty date input is a range left open.
      expect((await owner.get('/api/dealer/leads?from=&to=').expect(200)).body.leads.length).toBeGreaterThan(2);
    });

    it.each([
      ['from=2026-02-30', 'from'],
      ['to=2026-13-01', 'to'],
      ['from=yesterday', 'from'],
      ['from=2026-03-02&to=2026-03-01', 'to'],
    ])('refuses %s naming %s, in the list, the counts and the export', async (query, field) => {
      for (const path of ['/api/dealer/leads', '/api/dealer/leads/views', '/api/dealer/leads.csv']) {
        const refused = await owner.get(`${path}?${query}`).expect(400);
        expect(refused.body.errors.map((e: { path: string }) => e.path)).toContain(field);
      }
    });
  });

  describe('saved views', () => {
    it('saves, lists and deletes a user’s own views, private to them, names unique per user, at most 20', async () => {
      const saved = await sales
        .post('/api/dealer/saved-views', {
          name: 'My overdue test drives',
          filters: { view: 'overdue', form: 'test_drive', from: '2026-03-01', q: undefined },
        })
        .expect(201);
      expect(saved.body).toMatchObject({
        name: 'My overdue test drives',
        filters: { view: 'overdue', form: 'test_drive', from: '2026-03-01' },
      });
      expect((await sales.get('/api/dealer/saved-views').expect(200)).body.views).toEqual([saved.body]);
      // Nobody else sees it, deletes it, or is told it exists.
      expect((await sue.get('/api/dealer/saved-views').expect(200)).body.views).toEqual([]);
      const theirs = await sue.del(`/api/dealer/saved-views/${saved.body.id}`).expect(404);
      const unknown = await sue.del(`/api/dealer/saved-views/${UNKNOWN}`).expect(404);
      expect({ ...theirs.body, instance: null }).toEqual({ ...unknown.body, instance: null });
      // Another user may use the same name; the same user may not, whatever its case.
      await sue.post('/api/dealer/saved-views', { name: 'My overdue test drives', filters: {} }).expect(201);
      const taken = await sales
        .post('/api/dealer/saved-views', { name: 'MY OVERDUE TEST DRIVES', filters: {} })
        .expect(409);
      expect(taken.body.errors[0].path).toBe('name');
      for (const [body, field] of [
        [{ name: '', filters: {} }, 'name'],
        [{ name: 'x'.repeat(61), filters: {} }, 'name'],
        [{ name: 'Mine', filters: { from: '2026-02-30' } }, 'filters.from'],
        [{ name: 'Mine', filters: { before: '2026-01-01T00:00:00Z' } }, 'filters.before'],
        [{ name: 'Mine', filters: { dealership: api.fixture.west.slug } }, 'filters.dealership'],
      ] as const) {
        const refused = await sales.post('/api/dealer/saved-views', body).expect(400);
        expect(refused.body.errors.map((e: { path: string }) => e.path)).toContain(field);
      }
      for (let i = 1; i < 20; i++)
        await sales.post('/api/dealer/saved-views', { name: `View ${i}`, filters: { status: 'new' } }).expect(201);
      const full = await sales.post('/api/dealer/saved-views', { name: 'One too many', filters: {} }).expect(409);
      expect(full.body.detail).toMatch(/20/);
      await sales.del(`/api/dealer/saved-views/${saved.body.id}`).expect(204);
      await sales.del(`/api/dealer/saved-views/${saved.body.id}`).expect(404);
      expect((await sales.get('/api/dealer/saved-views').expect(200)).body.views).toHaveLength(19);
    });
  });

  describe('bulk assign and bulk close, and undo', () => {
    it('closes leads as lost in one go, skipping the ones that cannot move and another dealership’s, and undoes it', async () => {
      const open = [await enquire('Bulk One'), await enquire('Bulk Two'), await enquire('Bulk Three')];
      const won = await enquire('Bulk Won');
      await owner.post(`/api/dealer/leads/${won}/status`, { status: 'won' }).expect(200);
      const westBefore = await leadRow(westLead);
      const closed = await sales
        .post('/api/dealer/leads/bulk', {
          action: 'close',
          leadIds: [...open, won, westLead, UNKNOWN],
          reason: 'Bought elsewhere',
        })
        .expect(200);
      expect(closed.body).toMatchObject({ action: 'close', changed: 3, batchId: expect.any(String) });
      expect(closed.body.skipped).toEqual([
        { id: won, reason: expect.stringMatching(/won lead/) },
        { id: westLead, reason: 'No lead of your dealerships has this id.' },
        { id: UNKNOWN, reason: 'No lead of your dealerships has this id.' },
      ]);
      for (const id of open)
        expect(await leadRow(id)).toMatchObject({
          status: 'lost',
          lost_reason: 'Bought elsewhere',
          first_response_at: expect.any(Date),
        });
      expect(await leadRow(westLead)).toEqual(westBefore);
      const history = await sales.get(`/api/dealer/leads/${open[0]}`).expect(200);
      expect(history.body.history).toContainEqual(
        expect.objectContaining({
          action: 'lead.status_changed',
          detail: expect.objectContaining({ to: 'lost', batch: closed.body.batchId }),
        }),
      );

      // Someone reopens one meanwhile: the undo leaves it as they left it, and says so.
      await sue.post(`/api/dealer/leads/${open[2]}/status`, { status: 'contacted' }).expect(200);
      const undone = await sales.post(`/api/dealer/leads/bulk/${closed.body.batchId}/undo`).expect(200);
      expect(undone.body.restored.sort()).toEqual([open[0], open[1]].sort());
      expect(undone.body.left).toEqual([{ id: open[2], reason: 'Changed since by someone: left as it is.' }]);
      for (const id of [open[0]!, open[1]!])
        expect(await leadRow(id)).toMatchObject({ status: 'new', lost_reason: null, first_response_at: null });
      expect(await leadRow(open[2]!)).toMatchObject({ status: 'contacted' });
      const audited = await sales.get(`/api/dealer/leads/${open[0]}`).expect(200);
      expect(audited.body.history.at(-1)).toMatchObject({
        action: 'lead.status_changed',
        detail: { from: 'lost', to: 'new', undo: closed.body.batchId },
      });

      // A second undo changes nothing; another user's batch reads as unknown.
      const again = await sales.post(`/api/dealer/leads/bulk/${closed.body.batchId}/undo`).expect(409);
      expect(again.body.title).toBe('Already undone');
      expect(await leadRow(open[0]!)).toMatchObject({ status: 'new' });
      const theirs = await sue.post(`/api/dealer/leads/bulk/${closed.body.batchId}/undo`).expect(404);
      const unknown = await sue.post(`/api/dealer/leads/bulk/${UNKNOWN}/undo`).expect(404);
      expect({ ...theirs.body, instance: null }).toEqual({ ...unknown.body, instance: null });
      await sue.post('/api/dealer/leads/bulk/not-a-batch/undo').expect(404);
    });

    it('assigns leads to a salesperson, never a viewer, and undoes it only within ten minutes', async () => {
      const leads = [await enquire('Assign One'), await enquire('Assign Two')];
      const before = await Promise.all(leads.map(leadRow));
      const toViewer = await owner
        .post('/api/dealer/leads/bulk', { action: 'assign', leadIds: leads, userId: viewer.id })
        .expect(400);
      expect(toViewer.body.errors[0].path).toBe('userId');
      await owner.post('/api/dealer/leads/bulk', { action: 'assign', leadIds: leads, userId: UNKNOWN }).expect(400);
      const assigned = await owner
        .post('/api/dealer/leads/bulk', { action: 'assign', leadIds: leads, userId: sue.id })
        .expect(200);
      const already = before.filter((row) => row.assigned_user_id === sue.id).length;
      expect(assigned.body).toMatchObject({ changed: 2 - already, assignee: { id: sue.id } });
      for (const id of leads) expect((await leadRow(id)).assigned_user_id).toBe(sue.id);

      // Ten minutes on, the batch can no longer be undone.
      await api.db.dataSource.query(
        `UPDATE lead_bulk_batches SET created_at = now() - interval '10 minutes 1 second' WHERE id = $1`,
        [assigned.body.batchId],
      );
      const late = await owner.post(`/api/dealer/leads/bulk/${assigned.body.batchId}/undo`).expect(409);
      expect(late.body.title).toBe('Too late to undo');
      for (const id of leads) expect((await leadRow(id)).assigned_user_id).toBe(sue.id);

      const unassigned = await owner
        .post('/api/dealer/leads/bulk', { action: 'assign', leadIds: leads, userId: null })
        .expect(200);
      expect(unassigned.body.changed).toBe(2);
      await owner.post(`/api/dealer/leads/bulk/${unassigned.body.batchId}/undo`).expect(200);
      for (const id of leads) expect((await leadRow(id)).assigned_user_id).toBe(sue.id);
    });

    it('offers the owners and salespeople as assignees, never a viewer, and the dealership’s lost reasons', async () => {
      const options = await sales.get('/api/dealer/leads/bulk/options').expect(200);
      const ids = options.body.assignees.map((a: { id: string }) => a.id);
      expect(ids).toEqual(expect.arrayContaining([owner.id, sales.id, sue.id]));
      expect(ids).not.toContain(viewer.id);
      expect(options.body.lostReasons.length).toBeGreaterThan(0);
      expect((await viewer.get('/api/dealer/leads/bulk/options').expect(200)).body).toEqual({
        assignees: [],
        lostReasons: [],
      });
    });

    it('refuses a viewer with 403 and changes nothing', async () => {
      const lead = await enquire('Viewer Tries');
      const row = await leadRow(lead);
      await viewer.post('/api/dealer/leads/bulk', { action: 'close', leadIds: [lead], reason: 'Price' }).expect(403);
      expect(await leadRow(lead)).toEqual(row);
    });

    it('answers hostile bodies and queries with a named field, never a 5xx (property)', async () => {
      const lead = await enquire('Fuzz Bulk');
      const hostileKey = fc
        .tuple(fc.constantFrom('__proto__', 'constructor', 'action\u0000', 'prototype', '\u0007'), fc.jsonValue())
        .map(([key, value]) => {
          const body: Record<string, unknown> = { action: 'close', leadIds: [lead], reason: 'Price' };
          Object.defineProperty(body, key, { value, enumerable: true, configurable: true, writable: true });
          return body;
        });
      const bulkBody = fc.oneof(
        fc.jsonValue(),
        hostileKey,
        fc.record(
          {
            action: fc.oneof(fc.string(), fc.constantFrom('assign', 'close', '__proto__')),
            leadIds: fc.oneof(
              fc.array(fc.oneof(fc.uuid(), fc.string(), fc.constant(UNKNOWN)), { maxLength: 120 }),
              fc.string(),
            ),
            userId: fc.oneof(fc.uuid(), fc.constant(null), fc.string(), fc.integer()),
            reason: fc.oneof(fc.string({ maxLength: 700 }), fc.constantFrom('NUL \u0000', 'bell \u0007', '')),
          },
          { requiredKeys: [] },
        ),
      );
      const viewBody = fc.oneof(
        fc.jsonValue(),
        fc.record(
          {
            name: fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('__proto__', 'constructor', 'a\u0000b')),
            filters: fc.oneof(
              fc.jsonValue(),
              fc.dictionary(fc.constantFrom('from', 'to', 'view', '__proto__', 'constructor', 'q\u0000'), fc.string()),
            ),
          },
          { requiredKeys: [] },
        ),
      );
      const query = fc.record({
        from: fc.oneof(fc.string(), fc.constantFrom('2026-02-29', '2026-03-01', '__proto__', '\u0000')),
        to: fc.oneof(fc.string(), fc.constantFrom('2026-03-01', 'constructor')),
      });
      const send = (path: string, body: unknown) =>
        api
          .http()
          .post(path)
          .set('Cookie', owner.cookie)
          .set('x-csrf-token', owner.csrf)
          .set('Content-Type', 'application/json')
          .send(JSON.stringify(body));
      await fc.assert(
        fc.asyncProperty(bulkBody, viewBody, query, async (bulk, view, { from, to }) => {
          const answer = await send('/api/dealer/leads/bulk', bulk);
          expect(answer.status).toBeLessThan(500);
          if (answer.status === 400) expect(answer.body.errors.length).toBeGreaterThan(0);
          const saved = await send('/api/dealer/saved-views', view);
          expect(saved.status).toBeLessThan(500);
          if (saved.status === 400) expect(saved.body.errors.length).toBeGreaterThan(0);
          if (saved.status === 201) await owner.del(`/api/dealer/saved-views/${saved.body.id}`).expect(204);
          const listed = await owner.get(
            `/api/dealer/leads?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
          );
          expect(listed.status).toBeLessThan(500);
          if (listed.status === 400) expect(listed.body.errors[0].path).toMatch(/^(query\.)?(from|to)$/);
        }),
        { numRuns: 40 },
      );
    });
  });
});
