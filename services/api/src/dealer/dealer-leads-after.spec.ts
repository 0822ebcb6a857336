import { signInDealer, type SignedInDealer } from '../testing/dealer-console';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

const OPS_TOKEN = 'test-ops-token-dealer-leads-after-01';

/**
 * The inbox's poll (`GET /api/dealer/leads?after=`) passes back the newest lead's createdAt, which
 * JavaScript holds to the millisecond while PostgreSQL keeps microseconds: the newest lead itself
 * must not come back as "new".
 */
describe('Dealer leads `after` (real PostgreSQL): only leads newer than the newest shown', () => {
  let api: SiteApiHarness;
  let user: SignedInDealer;

  const insertLead = async (name: string, createdAt: string): Promise<string> => {
    const [row] = (await api.db.dataSource.query(
      `INSERT INTO leads (site_id, dealership_id, form, category, fields, user_data, created_at)
       VALUES ($1, $2, 'vehicle', 'enquiry', $3, '{}', $4) RETURNING id`,
      [api.fixture.siteId, api.fixture.north.id, JSON.stringify({ name }), createdAt],
    )) as { id: string }[];
    return row!.id;
  };
  const ids = (body: { leads: { id: string }[] }) => body.leads.map((l) => l.id);

  beforeAll(async () => {
    api = await createSiteApiHarness('dealer-leads-after', { env: { OPS_TOKEN } });
    user = await signInDealer(api, OPS_TOKEN, 'poller@example.com', [
      { dealership: api.fixture.north.slug, role: 'sales' },
    ]);
  });

  afterAll(async () => {
    await api?.close();
  });

  it('does not answer the newest lead itself when its time has microseconds, and answers one later lead once', async () => {
    const first = await insertLead('First', '2026-11-20T01:02:03.456789Z');
    const inbox = await user.get('/api/dealer/leads').expect(200);
    expect(ids(inbox.body)).toEqual([first]);
    const newest = inbox.body.leads[0].createdAt as string;
    expect(newest).toBe('2026-11-20T01:02:03.456Z');

    const poll = () => user.get(`/api/dealer/leads?after=${encodeURIComponent(newest)}`).expect(200);
    expect(ids((await poll()).body)).toEqual([]);

    // A lead in the next millisecond is new, and only it.
    const second = await insertLead('Second', '2026-11-20T01:02:03.457001Z');
    expect(ids((await poll()).body)).toEqual([second]);
  });
});
