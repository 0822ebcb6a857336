import fc from 'fast-check';
import { DateTime } from 'luxon';
import { legibleKey } from '@platform/domain';
import { createStockFixture, type StockFixture } from '@platform/testing';
import { percent, signInDealer, type SignedInDealer } from '../testing/dealer-console';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

const OPS_TOKEN = 'test-ops-token-dealer-reports-0123456789';
const ZONE = 'Australia/Brisbane'; // the fixture's locations

/**
 * Lead reports (issue 53, item 8) against real PostgreSQL: the figures of inserted leads equal a
 * hand count, on the dealership's calendar and opening hours, and nobody else's leads are counted.
 */
describe('Dealer console lead reports (real PostgreSQL)', () => {
  let api: SiteApiHarness;
  let other: StockFixture;
  let owner: SignedInDealer;
  let viewer: SignedInDealer;
  let westOwner: SignedInDealer;
  let sam: SignedInDealer;
  let sue: SignedInDealer;
  /** A Monday about two months ago, so the report reads past days whatever day the tests run. */
  let monday: DateTime;
  let range: { from: string; to: string };

  const at = (day: number, time: string): Date => {
    const [hour, minute] = time.split(':').map(Number) as [number, number];
    return monday.plus({ days: day }).set({ hour, minute }).toJSDate();
  };
  const insertLead = (
    siteId: number,
    dealershipId: number,
    lead: {
      form?: string;
      status?: string;
      createdAt: Date;
      firstResponseAt?: Date | null;
      assignee?: string | null;
      userData?: Record<string, unknown>;
    },
  ) =>
    api.db.dataSource.query(
      `INSERT INTO leads (site_id, dealership_id, form, category, fields, user_data, status, lost_reason, created_at,
         first_response_at, first_response_kind, assigned_user_id)
       VALUES ($1, $2, $3, 'enquiry', $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        siteId,
        dealershipId,
        lead.form ?? 'general',
        JSON.stringify({ name: 'Shopper', email: 'shopper@example.com', phone: '0412345678' }),
        JSON.stringify(lead.userData ?? {}),
        lead.status ?? 'new',
        lead.status === 'lost' ? 'Bought elsewhere' : null,
        lead.createdAt,
        lead.firstResponseAt ?? null,
        lead.firstResponseAt ? 'status' : null,
        lead.assignee ?? null,
      ],
    );
  const campaign = (params: Record<string, string>) => ({
    source: 'Website',
    url: '/cars',
    lead_attributes: { visited_pages: ['/'], linked_query_params: params },
  });

  beforeAll(async () => {
    api = await createSiteApiHarness('dealerreports', { env: { OPS_TOKEN } });
    other = await createStockFixture(api.db.dataSource, 'dealerreports-other');
    const north = api.fixture.north;
    owner = await signInDealer(api, OPS_TOKEN, 'olive@north.example', [{ dealership: north.slug, role: 'owner' }]);
    viewer = await signInDealer(api, OPS_TOKEN, 'vic@north.example', [{ dealership: north.slug, role: 'viewer' }]);
    sam = await signInDealer(api, OPS_TOKEN, 'sam@north.example', [{ dealership: north.slug, role: 'sales' }]);
    sue = await signInDealer(api, OPS_TOKEN, 'sue@north.example', [{ dealership: north.slug, role: 'sales' }]);
    westOwner = await signInDealer(api, OPS_TOKEN, 'wendy@west.example', [
      { dealership: api.fixture.west.slug, role: 'owner' },
    ]);
    monday = DateTime.now().setZone(ZONE).startOf('week').minus({ weeks: 8 });
    range = { from: monday.minus({ days: 1 }).toISODate()!, to: monday.plus({ days: 11 }).toISODate()! };
    // Sales open 9:00-17:00 on weekdays; the Wednesday of the first week was a closure.
    for (const weekday of [1, 2, 3, 4, 5]) {
      await api.db.dataSource.query(
        `INSERT INTO location_hours (location_id, department, weekday, status, open, close) VALUES ($1, 'sales', $2, 'Open', '09:00', '17:00')`,
        [north.primaryLocationId, weekday],
      );
    }
    await api.db.dataSource.query(
      `INSERT INTO location_special_hours (location_id, date, status, department) VALUES ($1, $2, 'Closed', 'sales')`,
      [north.primaryLocationId, monday.plus({ days: 2 }).toISODate()],
    );
    const site = api.fixture.siteId;
    // 7 open minutes; Google Ads.
    await insertLead(site, north.id, {
      form: 'test_drive',
      status: 'won',
      createdAt: at(0, '10:00'),
      firstResponseAt: at(0, '10:07'),
      assignee: sam.id,
      userData: campaign({ gclid: 'Cj0KCQ', utm_source: 'google', utm_medium: 'cpc' }),
    });
    // Friday 16:50 to Monday 9:10: 20 open minutes; a newsletter.
    await insertLead(site, north.id, {
      status: 'contacted',
      createdAt: at(4, '16:50'),
      firstResponseAt: at(7, '09:10'),
      assignee: sam.id,
      userData: campaign({ utm_source: 'Newsletter', utm_medium: 'email' }),
    });
    // Tuesday 16:30 to Thursday 9:30 over the closed Wednesday: 60 open minutes; a Google listing.
    await insertLead(site, north.id, {
      form: 'vehicle',
      status: 'lost',
      createdAt: at(1, '16:30'),
      firstResponseAt: at(3, '09:30'),
      assignee: sue.id,
      userData: { source: 'Google vehicle listings', url: '/cars/ute' },
    });
    // 2 open minutes; Meta.
    await insertLead(site, north.id, {
      form: 'vehicle',
      status: 'won',
      createdAt: at(3, '09:00'),
      firstResponseAt: at(3, '09:02'),
      assignee: sue.id,
      userData: campaign({ fbclid: 'IwAR0' }),
    });
    // Unassigned and unanswered; direct.
    await insertLead(site, north.id, { createdAt: at(8, '11:00') });
    // The last minute of the range's last day counts; the last minute before its first does not.
    await insertLead(site, north.id, { status: 'won', createdAt: at(11, '23:59') });
    await insertLead(site, north.id, { status: 'won', createdAt: at(-2, '23:59') });
    // Another dealership's and another site's leads in the same days.
    await insertLead(site, api.fixture.west.id, {
      status: 'won',
      createdAt: at(1, '10:00'),
      userData: campaign({ gclid: 'w' }),
    });
    await insertLead(other.siteId, other.north.id, { status: 'won', createdAt: at(1, '10:00') });
  });

  afterAll(async () => {
    await api?.close();
  });

  const report = (user: SignedInDealer, query: Record<string, string>) =>
    user.get(`/api/dealer/reports/leads?${new URLSearchParams(query).toString()}`);

  it('equals a hand count: by source, form and salesperson, response time in opening hours, conversion to won', async () => {
    const { body } = await report(owner, range).expect(200);
    expect(body).toEqual(
      expect.objectContaining({
        ...range,
        timeZone: ZONE,
        total: 6,
        won: 3,
        conversionPercent: 50,
        responded: 4,
        // Minutes 2, 7, 20, 60: nearest rank.
        p50Minutes: 7,
        p90Minutes: 60,
      }),
    );
    const rows = (list: { label: string; leads: number; won: number }[]) => list.map((r) => [r.label, r.leads, r.won]);
    expect(rows(body.bySource)).toEqual([
      ['Website (direct or unknown)', 2, 1],
      ['Google Ads', 1, 1],
      ['Google vehicle listings', 1, 0],
      ['Meta (Facebook, Instagram)', 1, 1],
      ['newsletter / email', 1, 0],
    ]);
    expect(rows(body.byForm)).toEqual([
      ['General enquiry', 3, 1],
      ['Vehicle enquiry', 2, 1],
      ['Test drive', 1, 1],
    ]);
    expect(
      body.bySalesperson.map((r: Record<string, unknown>) => [
        r.userId,
        r.leads,
        r.won,
        r.conversionPercent,
        r.responded,
        r.p50Minutes,
        r.p90Minutes,
      ]),
    ).toEqual([
      [sam.id, 2, 1, 50, 2, 7, 20],
      [sue.id, 2, 1, 50, 2, 2, 60],
      [null, 2, 1, 50, 0, null, null],
    ]);
    expect(body.bySalesperson.map((r: { label: string }) => r.label)).toEqual(['User sam', 'User sue', 'Unassigned']);
  });

  it('is every signed-in role’s to read, and counts only the dealership’s own leads', async () => {
    const asViewer = await report(viewer, range).expect(200);
    expect(asViewer.body.total).toBe(6);
    const west = await report(westOwner, range).expect(200);
    expect(west.body).toEqual(expect.objectContaining({ total: 1, won: 1 }));
    expect(west.body.bySource.map((r: { label: string }) => r.label)).toEqual(['Google Ads']);
    const named = await report(westOwner, { ...range, dealership: api.fixture.west.slug }).expect(200);
    expect(named.body.total).toBe(1);
    await api.http().get('/api/dealer/reports/leads').expect(401);
  });

  it('answers another dealership, on this site or another, exactly as an unknown one: 404', async () => {
    const unknown = await report(owner, { dealership: 'no-such-dealership' }).expect(404);
    for (const slug of [api.fixture.west.slug, other.north.slug, other.west.slug]) {
      const answer = await report(owner, { ...range, dealership: slug }).expect(404);
      expect({ ...answer.body, instance: undefined, detail: undefined }).toEqual({
        ...unknown.body,
        instance: undefined,
        detail: undefined,
      });
      expect(answer.body.detail).toBe(`You have no dealership '${slug}'.`);
    }
  });

  it('reads the last 30 days to today by default, and refuses a bad range naming the field', async () => {
    const today = DateTime.now().setZone(ZONE);
    const { body } = await report(owner, {}).expect(200);
    expect([body.from, body.to]).toEqual([today.minus({ days: 29 }).toISODate(), today.toISODate()]);
    const refused = async (query: Record<string, string>, field: string) => {
      const answer = await report(owner, query).expect(400);
      expect(answer.body.errors[0].path).toBe(field);
      expect(answer.body.errors[0].message).toMatch(field === 'to' ? /^to / : /from|at most/);
    };
    await refused({ from: '2026-02-30' }, 'from');
    await refused({ to: '26-1-1' }, 'to');
    await refused({ from: '2026-03-02', to: '2026-03-01' }, 'from');
    await refused({ from: '2025-01-01', to: '2026-01-02' }, 'from');
    await report(owner, { from: '2025-01-01', to: '2026-01-01' }).expect(200);
  });

  it('never answers hostile query strings with a 5xx, and names the field of a 400 (property)', async () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 120 }),
      fc.constantFrom(
        '__proto__',
        '%00',
        '\u0000',
        '\ud800',
        '-1',
        '2026-13-01',
        '0000-01-01',
        '9'.repeat(400),
        '2026-01-01T00:00',
      ),
    );
    const keys = ['dealership', 'from', 'to', '__proto__', 'constructor', '\u0000', 'from\u0000', '\u001f\u007f'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...keys),
        hostile,
        fc.option(hostile, { nil: undefined }),
        async (key, value, second) => {
          const extra = second === undefined ? '' : `&${percent(key)}=${percent(second)}`;
          const answer = await owner.get(`/api/dealer/reports/leads?${percent(key)}=${percent(value)}${extra}`);
          expect(answer.status).toBeLessThan(500);
          if (answer.status === 400) {
            const named = (answer.body.errors as { path: string }[])[0]!.path;
            // A known field by name (an array's item when the key came twice), or the edge naming the key
            // that carried a NUL, written legibly.
            expect(['dealership', 'from', 'to', legibleKey(key)]).toContain(
              named.replace(/^query\./, '').replace(/\.\d+$/, ''),
            );
          }
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 60) },
    );
  });
});
