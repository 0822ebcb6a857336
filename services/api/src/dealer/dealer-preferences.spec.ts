import fc from 'fast-check';
import { signInDealer, type SignedInDealer } from '../testing/dealer-console';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

const OPS_TOKEN = 'test-ops-token-preferences-0123456789';
const PREFS = '/api/dealer/me/preferences';

/**
 * Issue 53 item 2 against real PostgreSQL: each user sets their own channels, quiet hours and shift
 * (nobody else's, and a viewer never takes leads), every refusal names its field and writes
 * nothing, and the navigation's counts cover exactly the user's dealerships.
 */
describe('Dealer preferences and console counts (real PostgreSQL)', () => {
  let api: SiteApiHarness;
  let sales: SignedInDealer;
  let other: SignedInDealer;
  let viewer: SignedInDealer;
  let north: string;
  let west: string;

  beforeAll(async () => {
    api = await createSiteApiHarness('prefs', { env: { OPS_TOKEN } });
    north = api.fixture.north.slug;
    west = api.fixture.west.slug;
    // Sales at north, viewer at west: one user, two roles.
    sales = await signInDealer(api, OPS_TOKEN, 'sam@prefs.example', [
      { dealership: north, role: 'sales' },
      { dealership: west, role: 'viewer' },
    ]);
    other = await signInDealer(api, OPS_TOKEN, 'olga@prefs.example', [{ dealership: north, role: 'sales' }]);
    viewer = await signInDealer(api, OPS_TOKEN, 'vic@prefs.example', [{ dealership: north, role: 'viewer' }]);
  });

  afterAll(async () => {
    await api?.close();
  });

  /** Everything stored about a user's preferences and memberships, to compare before and after. */
  const stored = async (userId: string) => ({
    user: (
      await api.db.dataSource.query(
        `SELECT notify_email, notify_sms, mobile, sms_consent_at, quiet_start, quiet_end FROM dealer_users WHERE id = $1`,
        [userId],
      )
    )[0] as Record<string, unknown>,
    memberships: (await api.db.dataSource.query(
      `SELECT dealership_id, role, takes_leads, last_assigned_at FROM dealer_memberships WHERE user_id = $1 ORDER BY dealership_id`,
      [userId],
    )) as Record<string, unknown>[],
  });
  const auditRows = async (userId: string) =>
    (await api.db.dataSource.query(
      `SELECT dealership_id, action, detail FROM dealer_audit_log WHERE user_id = $1 AND action = 'user.preferences_changed'
       ORDER BY id`,
      [userId],
    )) as { dealership_id: number; action: string; detail: Record<string, unknown> }[];
  const fields = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path).sort();
  const defaults = { notifyEmail: true, notifySms: false };

  it('answers the defaults: email on, SMS off, no quiet hours, taking leads where not a viewer', async () => {
    const answer = await sales.get(PREFS).expect(200);
    expect(answer.body).toEqual({
      notifyEmail: true,
      notifySms: false,
      mobile: null,
      smsConsentAt: null,
      quietStart: null,
      quietEnd: null,
      dealerships: expect.arrayContaining([
        expect.objectContaining({ slug: north, role: 'sales', takesLeads: true }),
        expect.objectContaining({ slug: west, role: 'viewer', takesLeads: false }),
      ]),
    });
    expect(answer.body.dealerships).toHaveLength(2);
  });

  it('turns SMS on with a mobile and consent, sets quiet hours and goes off shift, in one audited change', async () => {
    const otherBefore = await stored(other.id);
    const before = new Date();
    const answer = await sales
      .put(PREFS, {
        notifyEmail: false,
        notifySms: true,
        mobile: '0412 345 678',
        smsConsent: true,
        quietStart: '21:30',
        quietEnd: '07:00',
        dealerships: [{ slug: north, takesLeads: false }],
      })
      .expect(200);
    expect(answer.body).toMatchObject({
      notifyEmail: false,
      notifySms: true,
      mobile: '0412 345 678',
      quietStart: '21:30',
      quietEnd: '07:00',
    });
    expect(answer.body.dealerships.find((d: { slug: string }) => d.slug === north).takesLeads).toBe(false);
    const row = await stored(sales.id);
    expect(row.user).toMatchObject({ notify_email: false, notify_sms: true, mobile: '+61412345678' });
    expect((row.user['sms_consent_at'] as Date).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(row.memberships.find((m) => m['dealership_id'] === api.fixture.north.id)!['takes_leads']).toBe(false);

    // One row per dealership of theirs; the number is nowhere in the log.
    const audit = await auditRows(sales.id);
    expect(audit.map((a) => a.dealership_id).sort()).toEqual([api.fixture.north.id, api.fixture.west.id].sort());
    const northRow = audit.find((a) => a.dealership_id === api.fixture.north.id)!;
    expect(northRow.detail).toMatchObject({ takes_leads: false, notify_sms: true, quiet_start: '21:30' });
    expect(northRow.detail['changed']).toEqual(expect.arrayContaining(['notify_sms', 'mobile', 'takes_leads']));
    // (Ids are hex and may hold any three digits: the number is looked for whole.)
    expect(JSON.stringify(audit)).not.toMatch(/412\D?345\D?678/);
    // Nobody else's row moved.
    expect(await stored(other.id)).toEqual(otherBefore);

    // Back on shift; the same SMS settings need no new consent and keep the consent time.
    const consentAt = row.user['sms_consent_at'];
    await sales
      .put(PREFS, {
        notifyEmail: false,
        notifySms: true,
        mobile: '+61412345678',
        quietStart: '21:30',
        quietEnd: '07:00',
        dealerships: [{ slug: north, takesLeads: true }],
      })
      .expect(200);
    const again = await stored(sales.id);
    expect(again.user['sms_consent_at']).toEqual(consentAt);
    expect(again.memberships.find((m) => m['dealership_id'] === api.fixture.north.id)!['takes_leads']).toBe(true);
  });

  it('needs consent again for a new number, and turning SMS off withdraws it', async () => {
    const before = await stored(sales.id);
    const refused = await sales
      .put(PREFS, {
        notifyEmail: true,
        notifySms: true,
        mobile: '0499 888 777',
        quietStart: '21:30',
        quietEnd: '07:00',
      })
      .expect(400);
    expect(fields(refused.body)).toEqual(['smsConsent']);
    expect(await stored(sales.id)).toEqual(before);

    await sales.put(PREFS, { notifyEmail: true, notifySms: false, mobile: '0499 888 777' }).expect(200);
    const off = await stored(sales.id);
    expect(off.user).toMatchObject({
      notify_sms: false,
      sms_consent_at: null,
      mobile: '+61499888777',
      quiet_start: null,
    });
  });

  it('refuses SMS without a mobile or consent, half quiet hours and a bad mobile, naming each field, writing nothing', async () => {
    const before = await stored(sales.id);
    const auditBefore = (await auditRows(sales.id)).length;
    const cases: [Record<string, unknown>, string[]][] = [
      [{ ...defaults, notifySms: true }, ['mobile']],
      [{ ...defaults, notifySms: true, mobile: '0412 000 111' }, ['smsConsent']],
      [{ ...defaults, notifySms: true, mobile: '02 9876 5432', smsConsent: true }, ['mobile']],
      [{ ...defaults, quietStart: '22:00' }, ['quietEnd']],
      [{ ...defaults, quietEnd: '06:00' }, ['quietStart']],
      [{ ...defaults, quietStart: '25:00', quietEnd: '6am' }, ['quietEnd', 'quietStart']],
      [{ ...defaults, quietStart: '22:00', quietEnd: '22:00' }, ['quietEnd']],
      [{ notifySms: false }, ['notifyEmail']],
      [{ ...defaults, extra: 1 }, ['extra']],
      // Every field to fix in one answer, the pair rules with the fields' own.
      [{ ...defaults, notifySms: true, mobile: '12345', quietStart: '21:30' }, ['mobile', 'quietEnd']],
      [{ ...defaults, dealerships: [{ slug: 'nowhere', takesLeads: true }] }, ['dealerships.0.slug']],
      [
        {
          ...defaults,
          dealerships: [
            { slug: north, takesLeads: true },
            { slug: north, takesLeads: false },
          ],
        },
        ['dealerships.1.slug'],
      ],
    ];
    for (const [body, named] of cases) {
      const answer = await sales.put(PREFS, body).expect(400);
      expect({ body, named: fields(answer.body) }).toEqual({ body, named });
      expect(answer.body.detail).toEqual(expect.any(String));
    }
    expect(await stored(sales.id)).toEqual(before);
    expect(await auditRows(sales.id)).toHaveLength(auditBefore);
  });

  it("never touches another user's or another dealership's data", async () => {
    // Olga works at north only: west exists on this site, but is not hers, and reads as unknown.
    const before = await stored(other.id);
    const salesBefore = await stored(sales.id);
    const answer = await other
      .put(PREFS, { ...defaults, dealerships: [{ slug: west, takesLeads: false }] })
      .expect(400);
    expect(fields(answer.body)).toEqual(['dealerships.0.slug']);
    expect(answer.body.detail).toContain(`You have no dealership '${west}'`);
    expect(await stored(other.id)).toEqual(before);
    expect(await stored(sales.id)).toEqual(salesBefore);

    // Her own change moves only her own rows, whatever she names.
    await other.put(PREFS, { ...defaults, quietStart: '20:00', quietEnd: '06:00' }).expect(200);
    expect((await stored(other.id)).user).toMatchObject({ quiet_start: '20:00', quiet_end: '06:00' });
    expect(await stored(sales.id)).toEqual(salesBefore);
    const otherAudit = await auditRows(other.id);
    expect(otherAudit.map((a) => a.dealership_id)).toEqual([api.fixture.north.id]);
  });

  it('refuses a viewer taking leads, naming the field, where they are a viewer', async () => {
    const before = await stored(viewer.id);
    const refused = await viewer
      .put(PREFS, { ...defaults, dealerships: [{ slug: north, takesLeads: true }] })
      .expect(400);
    expect(fields(refused.body)).toEqual(['dealerships.0.takesLeads']);
    expect(refused.body.errors[0].message).toMatch(/viewer/);
    expect(await stored(viewer.id)).toEqual(before);
    // Sam is sales at north but a viewer at west: the second entry is named, the first not written.
    const samBefore = await stored(sales.id);
    const mixed = await sales
      .put(PREFS, {
        ...defaults,
        dealerships: [
          { slug: north, takesLeads: false },
          { slug: west, takesLeads: true },
        ],
      })
      .expect(400);
    expect(fields(mixed.body)).toEqual(['dealerships.1.takesLeads']);
    expect(await stored(sales.id)).toEqual(samBefore);
  });

  it('needs the CSRF token and a session', async () => {
    const before = await stored(sales.id);
    await api
      .http()
      .put(PREFS)
      .set('Cookie', sales.cookie)
      .send({ ...defaults, notifyEmail: false })
      .expect(403);
    await api.http().put(PREFS).send(defaults).expect(401);
    await api.http().get(PREFS).expect(401);
    await api.http().get('/api/dealer/counts').expect(401);
    expect(await stored(sales.id)).toEqual(before);
  });

  it('answers any hostile body with 200 or a 400 naming a field, never a 5xx, and a refusal changes nothing', async () => {
    const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'mobile\u0000', '\ud800');
    const value = fc.oneof(
      fc.boolean(),
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        '',
        '\u0000',
        '\ud800',
        '0412 345 678',
        '+61412345678',
        '21:00',
        '07:30',
        'x'.repeat(3000),
        north,
        west,
      ),
      fc.integer(),
      fc.constant(null),
      fc.array(
        fc.oneof(
          fc.record({
            slug: fc.constantFrom(north, west, 'nowhere', ''),
            takesLeads: fc.oneof(fc.boolean(), fc.string()),
          }),
          fc.string({ maxLength: 4 }),
        ),
        { maxLength: 3 },
      ),
    );
    const keys = fc.constantFrom(
      'notifyEmail',
      'notifySms',
      'mobile',
      'smsConsent',
      'quietStart',
      'quietEnd',
      'dealerships',
    );
    const body = fc.oneof(
      fc.dictionary(fc.oneof(hostileKey, keys), value, { maxKeys: 8 }),
      fc.constantFrom(null, [], 'text', 42) as fc.Arbitrary<unknown>,
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const before = await stored(viewer.id);
        const answer = await viewer.put(PREFS).set('content-type', 'application/json').send(JSON.stringify(payload));
        expect(answer.status).toBeLessThan(500);
        if (answer.status !== 200) {
          expect(answer.status).toBe(400);
          expect(answer.body.errors.length).toBeGreaterThan(0);
          for (const error of answer.body.errors) expect(error.path).toEqual(expect.any(String));
          expect(await stored(viewer.id)).toEqual(before);
        } else {
          // Whatever was accepted, a viewer is never taking leads.
          expect(answer.body.dealerships.every((d: { takesLeads: boolean }) => !d.takesLeads)).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  describe('GET /api/dealer/counts', () => {
    const insertLead = async (dealershipId: number, extra: { assigned?: string; overdue?: boolean; status?: string }) =>
      api.db.dataSource.query(
        `INSERT INTO leads (site_id, dealership_id, form, category, fields, user_data, status, assigned_user_id, response_due_at)
         VALUES ($1, $2, 'general', 'enquiry', '{}', '{}', $3, $4, now() + ($5 || ' minutes')::interval)`,
        [api.fixture.siteId, dealershipId, extra.status ?? 'new', extra.assigned ?? null, extra.overdue ? '-30' : '30'],
      );
    const insertHold = async (dealershipId: number, status: string) =>
      api.db.dataSource.query(
        `INSERT INTO reservations (site_id, dealership_id, car_summary, contact, deposit_cents, payment_provider, payment_deadline, status)
         VALUES ($1, $2, '{}', '{}', 50000, 'local', now() + interval '1 hour', $3)`,
        [api.fixture.siteId, dealershipId, status],
      );

    it("counts New, overdue and the user's own New leads and active holds, of their dealerships only", async () => {
      const northId = api.fixture.north.id;
      const westId = api.fixture.west.id;
      const base = (await other.get('/api/dealer/counts').expect(200)).body;
      expect(base).toEqual({
        leads: { new: expect.any(Number), overdue: expect.any(Number), mine: expect.any(Number) },
        reservations: { active: expect.any(Number) },
        tasks: { due: expect.any(Number), overdue: expect.any(Number) },
      });
      const samBase = (await sales.get('/api/dealer/counts').expect(200)).body;
      await insertLead(northId, {});
      await insertLead(northId, { overdue: true });
      await insertLead(northId, { assigned: other.id, overdue: true });
      await insertLead(northId, { assigned: other.id, status: 'contacted' });
      await insertLead(northId, { assigned: sales.id });
      await insertLead(westId, { overdue: true, assigned: other.id });
      await insertHold(northId, 'held');
      await insertHold(northId, 'pending_payment');
      await insertHold(northId, 'completed');
      await insertHold(westId, 'held');

      // Olga works at north only: west's lead (even one assigned to her) and hold are not counted.
      const olga = (await other.get('/api/dealer/counts').expect(200)).body;
      expect(olga).toEqual({
        leads: { new: base.leads.new + 4, overdue: base.leads.overdue + 2, mine: base.leads.mine + 1 },
        reservations: { active: base.reservations.active + 2 },
        tasks: base.tasks,
      });
      // Sam works at both: every New lead of both, his own one, and both dealerships' holds.
      const sam = (await sales.get('/api/dealer/counts').expect(200)).body;
      expect(sam).toEqual({
        leads: { new: samBase.leads.new + 5, overdue: samBase.leads.overdue + 3, mine: samBase.leads.mine + 1 },
        reservations: { active: samBase.reservations.active + 3 },
        tasks: samBase.tasks,
      });
    });
  });
});
