import { createHash } from 'node:crypto';
import { signInDealer, type SignedInDealer } from '../testing/dealer-console';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

const OPS_TOKEN = 'test-ops-token-lead-desk-0123456789';

/**
 * The lead desk's reads and rights against real PostgreSQL (issue 53's defects 2 and 8): the
 * lead's car photo is the platform's stored one, the shopper's whole name, nobody read-only is
 * assigned, and the export is an owner's right, logged, in words and local time.
 */
describe('Lead desk (real PostgreSQL): photo, names, assignment and export rights', () => {
  let api: SiteApiHarness;
  let owner: SignedInDealer;
  let sales: SignedInDealer;
  let viewer: SignedInDealer;
  let carId: number;
  let leadId: string;
  const hash = createHash('sha256').update('lead-desk-photo').digest('hex');

  beforeAll(async () => {
    api = await createSiteApiHarness('leaddesk', { env: { OPS_TOKEN } });
    const north = api.fixture.north;
    owner = await signInDealer(api, OPS_TOKEN, 'olive@north.example', [{ dealership: north.slug, role: 'owner' }]);
    sales = await signInDealer(api, OPS_TOKEN, 'sam@north.example', [{ dealership: north.slug, role: 'sales' }]);
    viewer = await signInDealer(api, OPS_TOKEN, 'vic@north.example', [{ dealership: north.slug, role: 'viewer' }]);
    const [car] = (await api.db.dataSource.query(
      `INSERT INTO cars (dealership_id, stocknum, slug, car_type, status, make, model, year, price, data)
       VALUES ($1, 'LD1', 'ute-ld1', 'used', 'in_stock', 'Isuzu', 'D-Max', 2023, 45990, $2) RETURNING id`,
      [
        north.id,
        JSON.stringify({
          primary_image_url: 'https://dealer.example/ld1.jpg',
          images: [{ url: 'https://dealer.example/ld1.jpg' }],
        }),
      ],
    )) as { id: number }[];
    carId = car!.id;
    await api.db.dataSource.query(
      `INSERT INTO photos (dealership_id, source_url, status, content_hash, format, width, height, variants)
       VALUES ($1, 'https://dealer.example/ld1.jpg', 'stored', $2, 'jpeg', 1600, 1200, '{}')`,
      [north.id, hash],
    );
    const [lead] = (await api.db.dataSource.query(
      `INSERT INTO leads (site_id, dealership_id, form, category, fields, user_data, car_id, created_at)
       VALUES ($1, $2, 'test_drive', 'enquiry', $3, '{}', $4, '2026-01-15T03:04:05Z') RETURNING id`,
      [
        api.fixture.siteId,
        north.id,
        JSON.stringify({ name: 'Maria', last_name: 'Nguyen', email: 'maria@example.com', phone: '0412345678' }),
        carId,
      ],
    )) as { id: string }[];
    leadId = lead!.id;
  });

  afterAll(async () => {
    await api?.close();
  });

  it("shows the car's stored photo from the platform, never the dealer's own address (defect 2)", async () => {
    const lead = await sales.get(`/api/dealer/leads/${leadId}`).expect(200);
    expect(lead.body.vehicle.photo).toMatch(new RegExp(`^/media/photos/${hash}/`));
    expect(JSON.stringify(lead.body.vehicle)).not.toContain('dealer.example');
  });

  it('names the shopper in full, first and last name, in the list, the lead and the search (defect 8)', async () => {
    const lead = await sales.get(`/api/dealer/leads/${leadId}`).expect(200);
    expect(lead.body.name).toBe('Maria Nguyen');
    const found = await sales.get('/api/dealer/leads?q=nguyen').expect(200);
    expect(found.body.leads.map((l: { id: string; name: string }) => [l.id, l.name])).toEqual([
      [leadId, 'Maria Nguyen'],
    ]);
  });

  it('never assigns a lead to a read-only user, nor offers one (defect 8)', async () => {
    const lead = await owner.get(`/api/dealer/leads/${leadId}`).expect(200);
    const offered = (lead.body.assignees as { id: string }[]).map((a) => a.id);
    expect(offered).toEqual(expect.arrayContaining([owner.id, sales.id]));
    expect(offered).not.toContain(viewer.id);
    const refused = await owner.post(`/api/dealer/leads/${leadId}/assignee`, { userId: viewer.id }).expect(400);
    expect(refused.body.errors).toEqual([{ path: 'userId', message: expect.stringMatching(/read only|viewer/i) }]);
    const [row] = (await api.db.dataSource.query(`SELECT assigned_user_id FROM leads WHERE id = $1`, [leadId])) as {
      assigned_user_id: string | null;
    }[];
    expect(row!.assigned_user_id).toBeNull();
  });

  it("exports contact details to owners only, logs who exported what, in words and the dealership's time (defect 8)", async () => {
    for (const user of [sales, viewer]) {
      const refused = await user.get('/api/dealer/leads.csv').expect(403);
      expect(refused.body.detail).toMatch(/owner/i);
    }
    const csv = await owner
      .get('/api/dealer/leads.csv')
      .buffer(true)
      .parse((res, done) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => done(null, body));
      });
    expect(csv.status).toBe(200);
    const lines = (csv.body as string).slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^"Received","Time zone",/);
    // 03:04 UTC is 1:04 pm in Brisbane; the form and status in the console's words.
    expect(lines[1]).toMatch(/^"2026-01-15 13:04","Australia\/Brisbane",/);
    expect(lines[1]).toContain('"Test drive"');
    expect(lines[1]).toContain('"New"');
    expect(lines[1]).toContain('"Maria Nguyen"');
    const logged = (await api.db.dataSource.query(
      `SELECT user_id, action, detail FROM dealer_audit_log WHERE action = 'leads.exported'`,
    )) as { user_id: string; action: string; detail: Record<string, unknown> }[];
    expect(logged).toEqual([{ user_id: owner.id, action: 'leads.exported', detail: { rows: 1, filters: {} } }]);
  });
});
